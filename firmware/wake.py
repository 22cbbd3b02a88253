"""What a Device (shell.py) does once, at boot: it reads what was saved (the settings, the
game, the cards played), checks it, opens the fonts and builds the core. A module of its
own, imported by Device and let go once it is done: its code, needed once, would otherwise
stay in the heap through every phase after."""

import gc
import os
import sys

from micropython import const

from app.buttons import Buttons
from app.core import App
from app.gfx import Gfx
from phases import Phases, unload

_BOOT_FONTS = const(("small", "body", "bold", "large", "title"))  # huge: when a game needs it
# Bytes allocated between two collections: garbage never climbs the heap, so what lives on
# is made low and the free room stays in one piece (docs/memory.md: collected often).
_GC_EVERY = const(2048)
_SESSION_LOST = const("The saved game was damaged and could not be resumed.")
_PLAYED_LOST = const("The record of cards played was damaged and has been reset.")
_PHONES_LOST = const("The phones' teams were damaged: each phone joins again.")


def deck_sizes(folder):
    """{deck name: how many cards it holds} of the decks in `folder`, from their heads."""
    sizes = {}
    try:
        files = os.listdir(folder)
    except OSError:
        files = ()
    for file in files:
        if file.endswith(".deck"):
            try:
                with open(folder + "/" + file, "rb") as f:
                    head = f.read(6)  # b"DCK2", then the count (u16, little-endian)
            except OSError:
                continue
            if len(head) == 6 and head[:4] == b"DCK2":
                sizes[file[:-5]] = head[4] | head[5] << 8
    return sizes


def indexed(folder, sizes):
    """The names of the decks in `folder` (`sizes`: deck_sizes) whose index and keys are
    whole, read now, at boot, where no one waits on a button, and not by a game's start,
    where the table does (Say When!'s is 13 KB: about 100 reads of flash). app.deck is let
    go again."""
    keep = set(sys.modules)
    from app.deck import Deck, DeckError

    good = []
    for name in sizes:
        try:
            with open(folder + "/" + name + ".deck", "rb") as f:
                Deck(f, name)
            good.append(name)
        except (OSError, DeckError):
            pass  # told when a game opens it (app.gamescreen.start)
    unload(keep)
    return tuple(good)


def checked(settings, session, played, phones, sizes):
    """((settings, ok), (session, ok), (played, ok), (phones, ok)) from what was saved
    (app.settings, app.session; `sizes`: deck_sizes); those modules, and the catalog and
    the models they read, are let go again: the menu and the games need none of their
    checks. `played` holds a record of the cards played for each deck (app.deck.record:
    the saved one if sound), made now, when the heap is emptiest, not by a deal at a
    game's start, when it is fullest (Say When!'s is 1 KB in one piece)."""
    keep = set(sys.modules)
    from app.session import clean_phones, clean_played, clean_session
    from app.settings import clean_settings

    out = clean_settings(settings), clean_session(session, sizes.get)
    out += clean_played(played, sizes), clean_phones(phones)
    unload(keep)
    return out


def wake(self, board, store, seed, resume, note, font_opener, deck_opener):
    """Device.__init__: `self` is the Device; the shell hands in its font and deck openers
    (this module imports none of shell's: it is imported by it)."""
    self.board = board
    self.store = store
    gc.threshold(getattr(board, "gc_every", _GC_EVERY))  # (a PC's simulator may say otherwise)
    notes = [note] if note else []
    raw, problem = store.load("settings")
    raw_session, session_problem = store.load("session")
    played, played_problem = store.load("played")
    wifi = getattr(board, "wifi", None)
    phones, phones_problem = store.load("phones") if wifi is not None else (None, None)
    sys.modules.pop("readback", None)  # (store.load's reading: needed at boot only)
    sizes = deck_sizes(board.decks)
    (settings, ok), (session, session_ok), (played, played_ok), (phones, phones_ok) = checked(
        raw, raw_session, played, phones, sizes
    )
    # A file that fails its check is kept aside as <key>.bad.json (one that did not even
    # read back was, by store.load), told once, and replaced: the next boot is clean.
    for key, data, was, good, notice in (
        ("settings", settings, problem, ok, "Settings were damaged and have been reset."),
        ("session", session, session_problem, session_ok, _SESSION_LOST),
        ("played", played, played_problem, played_ok, _PLAYED_LOST),
        ("phones", phones, phones_problem, phones_ok, _PHONES_LOST),  # (net.phones' SAVE)
    ):
        if was == "damaged" or not good:
            notes.append(notice)
        if was != "damaged" and not good:
            store.set_aside(key)
        # Saved before saves had checksums, or reset: saved again, whole and checked (a
        # game's state is checked whole when it resumes, as every time).
        if data is not None and (was == "check" or not good):
            self.save(key, data)
    self.gfx = Gfx(font_opener(board.fonts))
    for name in _BOOT_FONTS:  # all opened now, in one piece (a bad install shows at boot)
        self.gfx.font(name)
    if self.gfx.bad_fonts:
        notes.append("Font files are missing or damaged: text is drawn plainly.")
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "little")
    if wifi is not None:  # before the core: what it loads stays through its phases
        from net import phones as net  # names the Pico has already: net, phones, build

        self.net = net.build(self, wifi, phones)
    self.app = App(
        Phases(),  # which modules are loaded when: the heap policy, a shell's business
        board.parts,
        settings,
        session,
        " ".join(notes),
        played,
        seed,
        deck_opener(board.decks, indexed(board.decks, sizes)),
        resume,  # back from a watchdog reset: straight into the saved game
    )
    if self.net is not None:  # the core's way to the phones (net.phones.Net.show, its screen)
        self.app.net = self.net
    self.buttons = Buttons(self.pressed, self.long_meant)  # made once: bound methods cost heap
    self.polled_at = 0
    self.leds = bytearray(3 * board.ring_size)
    self.sleep_pending = False
    self.saves = {}  # key -> data: saves asked for, written one a poll (Device.write_one)
    self._battery_at = None
    self.configure()
