"""Pure rules of the three games, one module each (see shared/RULES_API.md)."""
