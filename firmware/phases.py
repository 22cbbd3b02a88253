"""The shell's module policy: the menu and each game are phases, and a phase's modules go
when the next one's come in (docs/memory.md: the menu-game swap).

The core asks its `modules` (a Phases, handed in by the shell) for the menu or a game, and
knows nothing of how. Here, and only here, a module is imported by its name: the game's,
as the catalog names it.
"""

import gc
import sys

from micropython import const

# A stage of a start collects every 8 KB allocated, not every 2 KB: an import's 9-13 KB is
# one collection or two, not five or six. Held back whole (no threshold), the starts were
# a fifth quicker again, but the phones' margin lost its largest free block (Scattergories
# seed 202 at 144 KB: 0.4-1.0 KB, against 1.2-1.4 at 8 KB).
_STAGE_EVERY = const(8192)


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
        module = let_go(name)
        if not name.startswith("net"):
            module.__dict__.clear()
    gc.collect()


def let_go(name):
    """Forgets module `name` (if loaded), which then goes once nothing uses it. Returns
    it, or None."""
    module = sys.modules.pop(name, None)
    parent, _, child = name.rpartition(".")
    if module is not None and parent in sys.modules:  # (a package's attribute too)
        sys.modules[parent].__dict__.pop(child, None)
    return module


class Phases:
    def __init__(self):
        self._resident = set(sys.modules)  # loaded before the first phase: they stay

    def closed(self, stack):
        """A screen has closed (App.pop). In a game, app.dialogs (its notices and
        confirmations, idle sleep's screen) goes once none of them is left on `stack`: a
        game imports them only where it shows one, so nothing else holds the module, and
        the rest of the game has that heap (about 1.5 KB at the lowest, which a Stay Cool
        turn with four phones lacks). The menu imports them for good (app.menu)."""
        dialogs = sys.modules.get("app.dialogs")
        if dialogs is None or "app.menu" in sys.modules:
            return
        for screen in stack:
            if isinstance(screen, (dialogs.Notice, dialogs.Sleeping)):
                return
        let_go("app.dialogs")

    def done(self, name):
        """A module a game needs only for a moment, done with for now (Stay Cool's dealer,
        between turns): it goes once nothing uses it, and is imported again when next
        needed. A turn with four phones is the fullest the heap gets."""
        let_go(name)

    def step(self, starting):
        """The next stage of a game's start (App._start), the collector held back while it
        runs (_STAGE_EVERY), then run once: a stage's import allocates some 9-13 KB,
        which at wake.py's threshold was five or six collections, half its time on the
        unix port and more on a board, whose collector scans the whole heap."""
        every = gc.threshold()
        if 0 <= every < _STAGE_EVERY:  # (a threshold switched off, or larger, is kept)
            gc.threshold(_STAGE_EVERY)
        try:
            next(starting)
        finally:
            gc.threshold(every)
            gc.collect()

    def menu(self):
        """app.menu, once every module of the old phase has gone."""
        unload(self._resident)
        from app import menu

        return menu

    def game(self, name):
        """The game's module app.<name>, loaded a stage a step (App.starting: no stretch of
        work keeps the buttons waiting): every module of the old phase gone, then the
        game's rules (games.<name>), the deck reader, its model (app.<name>_game) and what
        its screens share (app.<name>_board), each over the modules it imports, so that
        each stage loads one; then the game's module itself, which this returns."""
        unload(self._resident)
        yield
        for part in (
            "games." + name,
            "app.deck",
            "app." + name + "_game",
            "app." + name + "_board",
        ):
            __import__(part)
            yield
        module = __import__("app." + name, None, None, ("start",))
        yield
        return module
