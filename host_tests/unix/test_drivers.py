# Ring, buzzer, buttons, battery and the Pico board, against fakes (fakes.py).
from fakes import FakeMachine, FakeNeoPixel, FakePWM, load_board

import ticks
from hw.battery import Battery
from hw.buttons import PinButtons
from hw.buzzer import DUTY, TUNES, Buzzer
from hw.ring import BUDGET_MA, MA_PER_CHANNEL, Ring


def frame(*colours):
    leds = bytearray(48)
    for i, c in enumerate(colours):
        leds[3 * i : 3 * i + 3] = bytes(c)
    return leds


def test_ring_sends_green_red_blue_order():
    np = FakeNeoPixel()
    ring = Ring(np)
    ring.set_level(5)
    ring.show(frame((255, 0, 0), (0, 255, 0), (0, 0, 255)))
    wire = np.frames[-1]
    assert wire[0:3] == bytes((0, 255, 0))  # red LED: G=0, R=255, B=0
    assert wire[3:6] == bytes((255, 0, 0))
    assert wire[6:9] == bytes((0, 0, 255))
    assert wire[9:] == bytes(39)


def test_ring_brightness_and_gamma():
    np = FakeNeoPixel()
    ring = Ring(np)
    levels = []
    for level in range(1, 6):
        ring.set_level(level)
        ring.show(frame((200, 0, 0)))
        levels.append(np.frames[-1][1])
    assert levels == sorted(levels) and levels[0] < levels[-1]
    assert levels[-1] == (200 * 200 + 254) // 255  # gamma: a square law
    ring.show(frame((1, 0, 0)))
    assert np.frames[-1][1] == 1  # a faint LED stays lit
    ring.set_level(9)
    assert ring.level == 5


def test_ring_keeps_to_its_current_budget():
    np = FakeNeoPixel()
    ring = Ring(np)
    ring.set_level(5)
    ring.show(bytes([255] * 48))  # full white: about 960 mA unchecked
    drawn = sum(np.frames[-1]) * MA_PER_CHANNEL // 255
    assert drawn <= BUDGET_MA and drawn > BUDGET_MA * 9 // 10
    ring.off()
    assert np.frames[-1] == bytes(48)


def play(tune, volume=2, start=ticks.MASK + 1 - 100):
    pwm = FakePWM()
    bz = Buzzer(pwm)
    pwm.changes.clear()
    now = start
    pwm.now = now
    bz.play(tune, volume, now)
    while bz.playing():
        now = ticks.add(now, 10)  # the button poll
        pwm.now = now
        bz.update(now)
    return pwm.changes, start


def test_every_tune_plays_its_notes_at_their_times_and_ends_silent():
    for name, notes in TUNES.items():
        changes, start = play(name)
        sounding = [(f, d) for _, f, d in changes]
        expected = [(f, DUTY[2]) if f else (0, 0) for f, _ in notes]
        assert sounding[: len(notes)] == expected, name
        assert sounding[-1] == (0, 0), name  # silent at the end
        # Each note starts when the notes before it have had their time (10 ms polls).
        t = 0
        for (at, _, _), (_, ms) in zip(changes, notes):
            assert 0 <= ticks.diff(at, ticks.add(start, t)) < 10, name
            t += ms


def test_play_returns_at_once_and_volume_is_duty():
    pwm = FakePWM()
    bz = Buzzer(pwm)
    bz.play("win", 3, 0)
    assert bz.playing() and pwm.duty_u16() == DUTY[3]  # sounding, nothing waited for
    bz.play("tick", 1, 5)  # a new tune replaces the old one
    assert pwm.duty_u16() == DUTY[1] and pwm.freq() == TUNES["tick"][0][0]
    bz.play("no-such-tune", 2, 10)
    assert pwm.freq() == TUNES["error"][0][0]
    assert DUTY[3] == 32768  # half duty: a piezo's loudest


def test_buttons_bitmask_and_edges_for_pull_ups_and_pull_downs():
    fake = FakeMachine()
    Pin = fake.Pin
    ups = PinButtons([Pin(n, Pin.IN, Pin.PULL_UP) for n in range(5)] + [None])
    both = Pin.IRQ_FALLING | Pin.IRQ_RISING
    assert all(fake.pins[n].irq_set[1:] == (both, True) for n in range(5))  # hard
    fake.set(1, 0)  # B pressed: a pull-up reads 0
    fake.set(4, 0)  # DOWN
    assert ups.read() == 0b10010  # and no GO
    e = ups.edges
    assert [e.what[i] for i in range(e.tail, e.head)] == [1 << 1 | 1, 4 << 1 | 1]
    fake.set(1, 1)
    assert e.what[e.head - 1] == 1 << 1  # B up
    assert ups.read() == 0b10000

    fake = FakeMachine()
    Pin = fake.Pin
    downs = PinButtons([Pin(10 + n, Pin.IN, Pin.PULL_DOWN) for n in range(5)], active_low=False)
    fake.set(10, 1)  # A pressed: a pull-down reads 1
    assert downs.read() == 0b00001
    assert downs.edges.what[0] == 0 << 1 | 1 and downs.edges.head == 1


def test_a_button_interrupt_allocates_nothing_and_keeps_its_own_tick():
    # fakes.edge runs a hard handler with the heap locked, as rp2 runs it: any allocation
    # would raise MemoryError here.
    import time

    fake = FakeMachine()
    Pin = fake.Pin
    b = PinButtons([Pin(n, Pin.IN, Pin.PULL_UP) for n in range(6)])
    before = time.ticks_ms() & 0x3FFFFFFF
    for _ in range(10):
        fake.set(5, 0)
        fake.set(5, 1)
    after = time.ticks_ms() & 0x3FFFFFFF
    e = b.edges
    assert e.head - e.tail == 20 and not e.lost
    took = (after - before) & 0x3FFFFFFF
    assert all(0 <= ((e.at[i] - before) & 0x3FFFFFFF) <= took for i in range(20))


def test_battery_millivolts_are_integers():
    class Adc:
        raw = 65535

        def read_u16(self):
            return self.raw

    adc = Adc()
    bat = Battery(adc)
    assert bat.millivolts() == 9900  # 3.3 V at the pin, times the 3:1 divider
    adc.raw = 40959  # about 1.37 V at the pin: a LiPo at 4.1 V
    assert bat.millivolts() == 40959 * 9900 // 65535
    assert isinstance(bat.millivolts(), int)


def test_pico_board_builds_from_its_pin_map():
    fake = FakeMachine()
    fake.install()
    try:
        b = load_board("pico-epaper29").build()
    finally:
        FakeMachine.remove()
    spi = [m for m in fake.made if m[0] == "SPI"][0]
    assert spi[1] == 1 and spi[2]["baudrate"] <= 20_000_000
    assert spi[2]["sck"].n == 10 and spi[2]["mosi"].n == 11 and spi[2]["miso"].n == 28
    pins = [m[1] for m in fake.made if m[0] == "Pin"]
    # DC (GP8) is made after the SPI, so SPI1 cannot take it over as MISO.
    assert fake.made.index(spi) < [i for i, m in enumerate(fake.made) if m[1] == 8][0]
    for n in (2, 3, 4, 5, 6, 7, 9, 12, 13, 15, 16):
        assert n in pins
    assert b.parts == {"ring": True, "buzzer": True, "go": True, "led": False}
    assert [m for m in fake.made if m[0] == "PWM"][0][1] == 15
    fake.set(3, 0)  # B held: pull-up reads 0, and the falling edge is latched
    assert b.buttons() == 0b10
    edges = b.button_edges()
    assert (edges.head - edges.tail, edges.what[edges.tail]) == (1, 1 << 1 | 1)  # B down
    fake.set(3, 1)
    assert edges.head - edges.tail == 2 and edges.what[edges.tail + 1] == 1 << 1  # B up
    assert b.battery_mv() == 40000 * 9900 // 65535


def test_pico_board_sleeps_lightly_until_a_button():
    fake = FakeMachine()
    fake.install()
    try:
        b = load_board("pico-epaper29").build()
        b.show_ring(bytes([90] * 48))
        fake.wake_after = (5, 7, 0)  # GO pressed during the fifth nap
        b.sleep()
    finally:
        FakeMachine.remove()
    assert b.ring.np.frames[-1] == bytes(48)  # dark while asleep
    assert fake.sleeps == [100] * 5
    assert b.buttons() == 1 << 5
    edges = b.button_edges()  # and the press that woke it is latched for the game
    assert edges.head - edges.tail == 1 and edges.what[edges.tail] == 5 << 1 | 1


def test_badger_sleeps_by_switching_off_and_wakes_into_the_game():
    import os

    from shell import RESUME_FILE

    fake = FakeMachine()
    fake.install()
    try:
        b = load_board("badger2040w").build()
        marked = []
        plain_off = b.power_off

        def power_off():
            try:
                os.stat(RESUME_FILE)
                marked.append(True)  # on battery the board would die right here
            except OSError:
                marked.append(False)
            plain_off()

        b.power_off = power_off
        fake.wake_after = (3, 12, 1)  # on USB it runs on: A pressed (pull-down) wakes it
        b.sleep()
    finally:
        FakeMachine.remove()
    assert marked == [True]  # the waking boot goes straight back into the saved game
    try:
        os.stat(RESUME_FILE)
        raise AssertionError("the marker stays only while the board is off")
    except OSError:
        pass


def test_pico_w_board_builds_the_reference_parts_with_wifi_and_no_battery_pin():
    fake = FakeMachine()
    fake.install()
    try:
        w = load_board("picow-epaper29")
        b = w.build()
    finally:
        FakeMachine.remove()
    made = [(m[0], m[1]) for m in fake.made]
    # The same parts on the same pins as the Pico build...
    spi = [m for m in fake.made if m[0] == "SPI"][0]
    assert spi[1] == 1 and spi[2]["sck"].n == 10 and spi[2]["mosi"].n == 11
    for n in (2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 15, 16):
        assert ("Pin", n) in made, n
    assert b.parts == {"ring": True, "buzzer": True, "go": True, "led": False}
    # ...but GP29 is the radio's clock: no ADC on it, and no battery reading.
    assert not [m for m in fake.made if m[0] == "ADC"] and ("Pin", 29) not in made
    assert b.battery_mv() is None
    # USB power from the radio chip's VBUS sense (WL_GPIO2, an input).
    assert ("Pin", "WL_GPIO2") in made
    assert [m[2][0] for m in fake.made if m[1] == "WL_GPIO2"] == [fake.Pin.IN]
    fake.levels["WL_GPIO2"] = 1
    assert b.usb_power() == 1
    fake.levels["WL_GPIO2"] = 0
    assert b.usb_power() == 0
    assert w.WIFI is True and b.wifi.http_port == 80 and not b.wifi.used
