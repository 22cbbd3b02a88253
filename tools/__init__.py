"""The project's CPython tools, one module each: run them from the top of the tree as
`python -m tools.NAME` (`--help` says what each takes), or through their `make` targets.
"""


def not_a_tool(doc):
    """What `python -m tools.X` of a library module does: says it is one, in one line, and
    exits 1. Its docstring's first line says so too."""
    import sys

    first = " ".join(doc.strip().split("\n\n")[0].split())
    sys.exit("%s (`make help` lists what to run)" % first)
