"""Checks a saved game before the device offers to resume it."""

from app import catalog


def clean_session(saved):
    """Returns (session, ok): session None when there is none or it does not hold up."""
    if saved is None:
        return None, True
    if not isinstance(saved, dict):
        return None, False
    game = catalog.get(saved.get("game"))
    names = saved.get("names")
    state = saved.get("state")
    if game is None or not isinstance(names, list) or not game.least <= len(names) <= game.most:
        return None, False
    for n in names:
        if not isinstance(n, str) or not n:
            return None, False
    if state is not None and not isinstance(state, dict):
        return None, False
    return saved, True
