"""The shell's module policy: the menu and each game are phases, and a phase's modules go
when the next one's come in (docs/memory.md: the menu-game swap).

The core asks its `modules` (a Phases, handed in by the shell) for the menu or a game, and
knows nothing of how. Here, and only here, a module is imported by its name: the game's,
as the catalog names it.
"""

import gc
import json
import sys


def unload(keep):
    """Forgets every module not in `keep` (nor asyncio's), globals and all (one stale
    pointer left on the C stack would otherwise hold a whole module, and all it imported),
    so that the next phase has the heap they held. The network's (net.*) are forgotten but
    not emptied: the phones' task may be in the middle of using them."""
    while True:
        for name in sys.modules:
            # asyncio loads its parts on first use (asyncio.event, once the loop waits on
            # an Event): they serve the loop, which outlives every phase.
            if name not in keep and not name.startswith("asyncio"):
                break
        else:
            break
        module = sys.modules.pop(name)
        if not name.startswith("net"):
            module.__dict__.clear()
        parent, _, child = name.rpartition(".")
        if parent in sys.modules:  # a package keeps its submodule as an attribute too
            sys.modules[parent].__dict__.pop(child, None)
    gc.collect()


class Phases:
    def __init__(self):
        self._resident = set(sys.modules)  # loaded before the first phase: they stay

    def menu(self, held=None):
        """app.menu, once every module of the old phase has gone (`held`: see _swap)."""
        return self._swap(None, held)

    def game(self, name, held=None):
        """The game's module app.<name>, once every module of the old phase has gone."""
        return self._swap(name, held)

    def _swap(self, game, held):
        """The game's module, or app.menu (`game` None), once every module of the old phase
        has gone. The dict `held` (the session, which outlives the phases) is the same
        object after, its contents made again once the new phase's modules are in: made
        while the old phase's code was loaded, they would sit among it and cut the room
        its going frees into pieces too small for the new code. Meanwhile they are one
        string, their JSON."""
        blob = None
        if held:
            blob = json.dumps(held)
            held.clear()
        try:
            unload(self._resident)
            if game is None:
                from app import menu

                return menu
            return __import__("app." + game, None, None, ("start",))
        finally:
            if blob is not None:
                held.update(json.loads(blob))
