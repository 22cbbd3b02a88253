"""One round-1 turn of Stay Cool through the whole device on the virtual clock (vclock.py):
returns the figures the timing test checks and `make bench` prints."""

import vclock

import ticks

START = ticks.MASK + 1 - 60_000  # the turn runs across the 2**30 wrap
FLASH_WRITE_US = 30_000  # an RP2040 flash erase and program holds the CPU this long


def measure(state_dir, baud=4_000_000):  # the SSD1680 boards' (make bench reads it)
    import os

    try:  # a device fresh from the box: no saved game to offer
        for name in os.listdir(state_dir):
            os.remove(state_dir + "/" + name)
    except OSError:
        pass
    vclock.install(START)
    from shell import Device, run
    from store import Store

    class TimedStore(Store):
        saves = []

        def save(self, key, data):
            self.saves.append(vclock.now_ms())
            vclock.charge(FLASH_WRITE_US)
            super().save(key, data)

    levels = [0]
    board = vclock.pico(levels, baud)
    # Running figures, not logs: two minutes of polls and frames would not fit the heap.
    fig = {"frames": 0, "last_frame": None, "deadline": None, "ends": [], "running": False}
    fig["worst_gap"] = {True: 0, False: 0}  # while the sand runs / otherwise
    plain_show = board.show_ring

    def show_ring(leds):
        t = vclock.now_ms()
        if fig["last_frame"] is not None:
            gap = ticks.diff(t, fig["last_frame"])
            running = fig["running"]
            fig["worst_gap"][running] = max(fig["worst_gap"][running], gap)
        fig["last_frame"] = t
        fig["frames"] += 1
        plain_show(leds)

    board.show_ring = show_ring
    plain_tone = board.tone

    def tone(name, volume):
        if name == "end":  # how long after the instant the sand ran out (the last deadline)
            fig["ends"].append(ticks.diff(vclock.now_ms(), fig["deadline"]))
            fig["running"] = False
            fig["end_at"] = vclock.now_ms()
        plain_tone(name, volume)

    board.tone = tone
    dev = Device(board, TimedStore(state_dir), 1)
    plain_sleep = dev.sleep_ms

    def sleep_ms(t):
        d = dev.app.deadline()
        if d is not None:
            fig["deadline"] = d
        return plain_sleep(t)

    dev.sleep_ms = sleep_ms
    plain_poll = dev.poll
    polls = [0]

    def poll(t):
        polls[0] += 1
        if "woke" not in idle and "pressed" in idle:  # the first poll after the rest's end
            idle["woke"] = ticks.diff(vclock.now_ms(), idle["pressed"])
        plain_poll(t)

    dev.poll = poll
    turn = {}
    idle = {}
    # The first byte on the panel's bus after the glass is flipped (a press that saves):
    # what the table waits for, which no flash write may come before.
    plain_write = board.display.spi.write

    def spi_write(data):
        if "flipped" in turn and "spi" not in turn:
            turn["spi"] = vclock.now_ms()
        plain_write(data)

    board.display.spi.write = spi_write

    async def script():
        import asyncio

        async def press(bit, ms=80, released=None):
            board.set_levels(levels[0] | bit)
            await asyncio.sleep_ms(ms)
            board.set_levels(levels[0] & ~bit)
            if released:  # (C acts on its release: it begins the A+C chord)
                turn[released] = vclock.now_ms()
            await asyncio.sleep_ms(400)

        await asyncio.sleep_ms(3000)  # boot, the first full refresh
        # The menu at rest for 10 s: what the loop does when nothing changes.
        idle["polls"], idle["ring"] = polls[0], board.ring.np.count
        await asyncio.sleep_ms(10_000)
        idle["polls"] = polls[0] - idle["polls"]
        idle["ring"] = board.ring.np.count - idle["ring"]
        idle["pressed"] = vclock.now_ms()  # the press below wakes the loop at its edge
        for bit in (16, 32, 32, 8, 32):  # DOWN, GO: Stay Cool; GO: new game; UP, GO: start
            await press(bit)
        await asyncio.sleep_ms(3000)
        turn["start"] = vclock.now_ms()
        await press(4, released="flipped")  # C: the first question read, the glass flipped
        fig["running"] = True
        for bit in (1, 2, 2, 1):  # answers: written, verbal, verbal, written
            await press(bit)
            await asyncio.sleep_ms(4000)
        await asyncio.sleep_ms(125_000)  # the sand runs out on 4

    board.until_stopped = script
    run(dev)
    start, end = turn.get("start"), fig.get("end_at")
    return {
        "frames": fig["frames"],
        "turn_frame_lateness_ms": fig["worst_gap"][True] - 40,
        "other_frame_lateness_ms": fig["worst_gap"][False] - 40,
        "end_lateness_ms": fig["ends"],
        # saves after the turn began (the one it makes as it starts aside) and before its end
        "saves_during_turn": [
            s
            for s in TimedStore.saves
            if start is not None
            and end is not None
            and ticks.diff(s, start) > 500
            and ticks.diff(end, s) > 0
        ],  # fmt: skip
        "turn_ended": end is not None,
        # from the flip's release to the next frame's first byte, and to the save it made
        "flip_to_frame_ms": ticks.diff(turn["spi"], turn["flipped"]),
        "flip_to_save_ms": [
            ticks.diff(s, turn["flipped"])
            for s in TimedStore.saves
            if ticks.diff(s, turn["flipped"]) >= 0
        ][:1],
        "refreshes": board.display.refreshes,
        "longest_spi_write": board.display.spi.longest,
        "idle_polls_per_s": idle["polls"] / 10,
        "idle_ring_writes_per_s": idle["ring"] / 10,
        "rest_to_poll_ms": idle["woke"],  # from a press's edge at rest to the poll that reads it
    }
