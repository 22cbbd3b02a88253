# heap: 192K (the Pico's cap: a device with its menu, then Stay Cool's modules)
# A game's start is stages of work, each a poll of its own (App.starting, shell.py): the old
# phase's modules go; the game's rules, the deck reader, its model, what its screens share
# and its own module come in one by one; then its deck, its model and its first screen.
# Nothing is written until that screen is drawn. A press made meanwhile is latched and
# meets the game's screen, never the wait. A first screen long to draw (Stay Cool's Start)
# is drawn in parts, the loop running between them (shell.Device.draw_part).
import os
import sys

from board import HostBoard
from screens import view
from shell import Device
from store import Store

# The game's modules in the order its stages load them, each after those it imports.
LOADED = ("games.staycool", "app.deck", "app.staycool_game", "app.staycool_board", "app.staycool")


def test_a_start_is_a_poll_a_stage_and_a_press_made_meanwhile_meets_the_game():
    folder = os.getenv("TEST_TMP") + "/start"
    store = Store(folder)
    store.save("session", {"game": "staycool", "names": ["A", "B", "C"], "state": None})
    dev = Device(HostBoard(folder), store, seed=1)  # powered on: the offer to resume
    board, app = dev.board, dev.app
    t = 1000
    dev.poll(t)
    assert app.screen.name == "resume"
    board.set_button("B", True, t + 5)  # B resumes: pressed and released between two polls
    board.set_button("B", False, t + 60)
    t += 70
    dev.poll(t)  # the press: the start begins, and nothing more
    assert app.starting and app.game is None and not app.want_draw
    assert "app.menu" in sys.modules and "games.staycool" not in sys.modules
    board.set_button("C", True, t + 1)  # C: on the game's first screen, the turn begins
    board.set_button("C", False, t + 50)
    order = []
    stages = 0
    while app.starting:
        assert dev.sleep_ms(t) == 0  # the next poll comes at once
        t += 10
        dev.poll(t)  # one stage; the edges wait
        stages += 1
        new = [m for m in LOADED if m in sys.modules and m not in order]
        assert len(new) <= 1, new  # a module a stage
        order += new
        if app.starting:
            assert app.game is None and not app.want_draw  # the last frame stays on the glass
            assert "app.menu" not in sys.modules  # (gone at the first stage)
    assert tuple(order) == LOADED and stages >= len(LOADED) + 2
    assert view(app)["view"] == "start" and app.want_draw
    assert store.load("session")[0]["state"] is None  # not written yet: the frame comes first
    dev.render()
    t += 10
    dev.poll(t)  # and now C, on that screen
    assert view(app)["view"] != "start" and "flip" in board.tones
    dev.write_all()  # (the shell writes a save a poll)
    assert store.load("session")[0]["state"] is not None


def test_a_stage_runs_with_the_collector_held_back_then_collects():
    # Phases.step: a stage's allocations (an import's 9-13 KB) are collected every 8 KB,
    # not every 2 KB, and the heap is collected once the stage is done, its garbage gone.
    # The threshold comes back after it. A collection an allocation needs still runs.
    import gc

    from phases import Phases

    seen = []

    def stages():
        seen.append(gc.threshold())
        junk = [bytearray(512) for _ in range(40)]  # 20 KB, garbage at the stage's end
        del junk
        yield
        seen.append(gc.threshold())
        while True:  # more than the whole heap, made and dropped: collections it needs
            for _ in range(300):
                chunk = bytearray(1024)
            del chunk
            yield

    every = gc.threshold()
    gc.threshold(2048)
    try:
        stages_of = stages()
        gc.collect()
        before = gc.mem_alloc()
        Phases().step(stages_of)
        assert gc.threshold() == 2048 and gc.mem_alloc() < before + 2048
        for _ in range(3):
            Phases().step(stages_of)
        assert seen == [8192, 8192] and gc.threshold() == 2048

        def one():
            seen.append(gc.threshold())
            yield

        gc.threshold(-1)  # switched off (make bench's row without it): kept so
        Phases().step(one())
        assert seen[-1] == -1 and gc.threshold() == -1
    finally:
        gc.threshold(every)


def started(folder):
    """A device whose Stay Cool game shows its first screen (Start: drawn in parts)."""
    store = Store(folder)
    store.save("session", {"game": "staycool", "names": ["A", "B", "C"], "state": None})
    dev = Device(HostBoard(folder), store, seed=1, resume=True)  # straight into the game
    dev.render()
    assert view(dev.app)["view"] == "start"
    return dev


def in_parts(dev, between=None):
    """The frame drawn as the shell's loop draws it: (its refresh, its parts), `between`
    called between each two parts (the loop's other tasks)."""
    want = dev.render(True)
    parts = 1
    while dev.rest is not None:
        if between is not None:
            between()
        want = dev.draw_part(want)
        parts += 1
    return want, parts


def test_a_frame_drawn_in_parts_is_the_frame_drawn_whole():
    dev = started(os.getenv("TEST_TMP") + "/parts")
    dev.app.redraw(full=True)
    dev.render()
    whole = bytes(dev.gfx.buf)
    dev.gfx.fb.fill(0)
    dev.app.redraw(full=True)
    want, parts = in_parts(dev)
    assert want == 2 and parts > 2 and bytes(dev.gfx.buf) == whole


def test_a_press_between_two_parts_begins_the_frame_afresh():
    dev = started(os.getenv("TEST_TMP") + "/afresh")
    app, board = dev.app, dev.board
    dev.app.redraw()
    pressed = []

    def press_c():  # C between the first two parts: the turn begins (Play)
        if not pressed:
            pressed.append(1)
            board.set_button("C", True, 2000)
            board.set_button("C", False, 2060)
            dev.poll(2070)
            dev.poll(2100)  # (past the debounce)

    want, _ = in_parts(dev, press_c)
    assert view(app)["view"] != "start", view(app)
    assert want >= 1, want
    drawn = bytes(dev.gfx.buf)
    app.redraw()
    dev.render()
    assert bytes(dev.gfx.buf) == drawn  # the turn's screen alone: no part of Start left
