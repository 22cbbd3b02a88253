"""The project's CPython tools, one module each: run them from the top of the tree as
`python -m tools.NAME` (`--help` says what each takes), or through their `make` targets.
"""
