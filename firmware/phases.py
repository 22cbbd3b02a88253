"""The shell's module policy: which of the firmware's modules are loaded, and when.

MicroPython's collector never moves an object, so a heap with plenty free can still be too
cut up to give a few hundred bytes in one piece (README, Memory). So the menu and each game
are phases, and a game's screens come in parts: the modules of one are let go before the
next one's are imported. The core asks its `modules` (an instance of Phases, handed in by
the shell) for the menu, a game and a game's part by name, and knows nothing of how.
"""

import gc
import sys


def forget(name, clear=False):
    """Forgets the module `name`, so that the heap it holds can be reused. `clear`: its
    globals go too, for a module none of whose code runs any more (see unload)."""
    module = sys.modules.pop(name)
    if clear:
        module.__dict__.clear()
    # The package keeps its submodule as an attribute too: let that go as well.
    parent, _, child = name.rpartition(".")
    if parent in sys.modules:
        sys.modules[parent].__dict__.pop(child, None)


def unload(keep, clear=True):
    """Forgets every module not in `keep`, so that the heap they hold can be reused. No list
    of the modules is made: this runs when the heap is shortest, before anything is freed.
    With `clear`, their globals go too, for `keep` is what was loaded at some moment (no
    module kept imported one that goes) and the screens that used them are gone: the
    collector is conservative (a C stack or a frame keeps the words it last held), and one
    stale pointer to a screen would otherwise hold its module, every function in it and
    every module it imported: a whole game, kept in the heap under the menu. But not the
    network's (net.*): loaded by the phones' requests and the network's look, in tasks of
    their own, one may be waiting in the middle of its work (the QR codes being made)."""
    while True:
        for name in sys.modules:
            if name not in keep:
                break
        else:
            break
        forget(name, clear and not name.startswith("net"))
    gc.collect()


class Phases:
    def __init__(self):
        # What is loaded now stays; what the menu or a game imports goes with its phase.
        self._resident = set(sys.modules)
        # A game's own modules (not its parts) stay through a visit to the menu, while the
        # game goes on: coming back then loads one part, not the whole game again.
        self._game = None  # (the game's key, the modules loaded with it)
        self._phase = None  # "home" (the menu) or "game"
        # Below this much free heap, the menu lets a kept game's modules go (shed); and so
        # does a visit to the menu that would leave less than this once the menu is in.
        self._low_heap = (gc.mem_free() + gc.mem_alloc()) // 6
        self._menu_heap = 0  # what loading the menu took, the first time
        # The part on screen: (its name, the game's parts, how many modules were loaded
        # then); None at the menu.
        self.shown = None

    def menu(self, key):
        """The menu's module, app.menu, imported once every module of the old phase has
        gone, but those of the game `key` (the one saved, if any), which it keeps while
        there is room for the menu beside them."""
        if self._game is not None and self._game[0] != key:
            self._game = None  # that game is over, or another one begins
        keep = self._game[1] if self._game else self._resident
        self._phase = "home"
        self.shown = None
        unload(keep)
        if self._game is not None and gc.mem_free() < self._low_heap + self._menu_heap:
            self._game = None  # no room for the menu beside the kept game: it goes first
            unload(self._resident)
        used = gc.mem_alloc()
        from app import menu

        if not self._menu_heap:
            gc.collect()
            self._menu_heap = gc.mem_alloc() - used
        return menu

    def game(self, key, module):
        """The game `key`'s module, app.<module()>, imported once every module of the old
        phase has gone: a game needs only its own. `module` names it from the catalog, which
        it imports: only then, and let go again, as the old phase may be a whole game (a
        game played again from its winners' screen) with no room left beside it. The game
        deals once what its import left is collected: the collector's search for room
        starts low in the heap after a collection, so the deal's small objects then fill
        the holes that import left, not the one large run of free heap the game's first
        part needs (without it, at the 128 KB cap with a phone's page open at the menu and
        the PC busy, 7 Say When! starts in 12 failed in the deal; none in 8 since)."""
        if self._game is not None and self._game[0] != key:
            self._game = None  # that game is over, or another one begins
        keep = self._game[1] if self._game else self._resident
        self._phase = "game"
        self.shown = None
        unload(keep)  # the old phase
        name = module()
        unload(keep)  # the catalog, which named the game's module
        game = __import__("app." + name, None, None, ("start",))
        self._game = key, set(sys.modules)
        gc.collect()
        return game

    def part(self, name, parts):
        """The module `name` (dotted in full: no name is made by joining strs when the heap
        is shortest), one of a game's `parts` (the modules its screens live in), imported
        once every other part has been let go: a game's screens all at once would
        crowd a Pico's heap, one part at a time does not. The dialogs a part showed
        (imported when shown) go with it, and so does idle sleep's screen. A game's first
        part waits for a collection, so that what its start left (a deal's deck indexes,
        the played bits) goes first."""
        shown = name, parts
        parts += ("app.dialogs", "app.sleeping")
        loaded = [p for p in parts if p != name and p in sys.modules]
        if loaded:
            for m in loaded:
                forget(m)
            gc.collect()
        elif name not in sys.modules:
            gc.collect()
        module = __import__(name, None, None, ("_",))
        self.shown = shown + (len(sys.modules),)
        return module

    def step(self, stack):
        """After each step of the core (`stack`: its screens): at the menu, short of heap, a
        kept game goes. In a game, back on a part's own screen (alone on the stack), what
        the screens shown over it loaded (a dialog, the scoreboard, app.played) goes at
        once, not with the next part: while it stays, what the game keeps is placed around
        it, and the heap is cut into smaller pieces when it goes."""
        if self._phase == "home":
            if self._game is not None and gc.mem_free() < self._low_heap:
                self.shed()
        elif len(stack) == 1 and self.shown and len(sys.modules) > self.shown[2]:
            self.part(*self.shown[:2])

    def shed(self):
        """Lets go of the modules a game keeps through a visit to the menu, when the menu
        runs short of heap: they only save reloading them. True if any went."""
        if self._game is None or self._phase != "home":
            return False
        # The modules loaded with the game go, its shared ones too (app.gamescreen,
        # app.saved...: 4.4 KB that no module of the menu needs); what the menu loaded
        # since stays.
        game = self._game[1]
        self._game = None
        # (Their globals stay: a module of the menu may have imported one of them.)
        unload([m for m in sys.modules if m not in game or m in self._resident], False)
        return True
