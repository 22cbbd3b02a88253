"""Pure rules of the three games, one module each (see shared/RULES_API.md)."""

try:
    from micropython import const
except ImportError:  # CPython (tools, pytest itself): the rules run there unchanged

    def const(x):
        return x
