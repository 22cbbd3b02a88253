# Stay Cool's ring, the hourglass (firmware/app/staycool_board.py); runs in the unix port.
from app import staycool_board as hg
from app import staycool_end

P = 30000
SAND_LEDS = list(range(2, 14))
MARKS = (14, 15, 0, 1)  # Timer Card numbers 1..4, left to right across the top


def frame(left, position=1, **kw):
    leds = bytearray(48)
    hg.glass(leds, left, P, position, **kw)
    return leds


def led(leds, i):
    return tuple(leds[3 * i : 3 * i + 3])


def lit(leds, ids):
    return [i for i in ids if led(leds, i) != (0, 0, 0)]


def test_a_full_glass_lights_all_the_sand():
    leds = frame(P)
    assert lit(leds, SAND_LEDS) == SAND_LEDS
    assert all(led(leds, i) == hg.SAND for i in SAND_LEDS)


def test_an_empty_glass_is_dark_and_out_of_range_sand_is_clamped():
    assert lit(frame(0), SAND_LEDS) == []
    assert lit(frame(-500), SAND_LEDS) == []
    assert frame(P + 9999) == frame(P)


def test_sand_drains_clockwise_from_led_2():
    half = frame(P // 2)
    assert lit(half, SAND_LEDS) == list(range(8, 14))
    quarter = frame(P // 4)
    assert lit(quarter, SAND_LEDS) == list(range(11, 14))


def test_the_edge_led_fades_smoothly():
    # 5.5 of the 12 sand LEDs left: five full from the far end (LEDs 9-13), the sixth
    # (LED 8) at half, and a half squared for the eye is a quarter: the amber (255, 120,
    # 0) at about 1/4 is (63, 29, 0), worked out in 255ths: 127/255 squared is 63/255.
    leds = frame(P * 11 // 24)
    assert lit(leds, SAND_LEDS) == list(range(8, 14))
    assert all(led(leds, i) == hg.SAND for i in range(9, 14))
    assert led(leds, 8) == (63, 29, 0)
    # 5.25 left: the edge at a quarter, squared a sixteenth: (15, 7, 0).
    assert led(frame(P * 21 // 48), 8) == (15, 7, 0)
    # Brightness only ever goes down as the sand runs.
    totals = [sum(frame(left)) for left in range(P, -1, -250)]
    assert all(a >= b for a, b in zip(totals, totals[1:]))
    assert len(set(totals)) > 100  # and it changes in many small steps, not 12 jumps


def test_the_timer_card_number_is_a_count_of_lights():
    for position in (1, 2, 3, 4):
        leds = frame(P, position)
        on = [i for i in MARKS if led(leds, i) == hg.MARK_ON]
        off = [i for i in MARKS if led(leds, i) == hg.MARK_OFF]
        assert on == list(MARKS[:position]) and len(on) + len(off) == 4


def test_colour_and_scale_for_the_warning_and_the_pause():
    leds = frame(P, colour=hg.WARN, scale=128)
    assert led(leds, 13) == tuple(c * 128 // 255 for c in hg.WARN)
    assert led(leds, 14) == hg.MARK_ON  # the Timer Card is not dimmed
    assert min(hg.pulse(t) for t in range(0, 1000, 10)) == 64
    assert max(hg.pulse(t) for t in range(0, 1000, 10)) == 255
    assert hg.pulse(0) == hg.pulse(hg.PULSE_MS)
    assert min(hg.breathe(t) for t in range(0, 4000, 50)) >= 24
    assert max(hg.breathe(t) for t in range(0, 4000, 50)) <= 120


def test_a_flip_turns_the_picture_half_a_turn_and_back():
    assert hg.flip_shift(16, 0) == 8
    assert hg.flip_shift(16, hg.FLIP_MS // 2) == 4
    assert hg.flip_shift(16, hg.FLIP_MS) == 0 and hg.flip_shift(16, -5) == 0
    shifts = [hg.flip_shift(16, t) for t in range(0, hg.FLIP_MS, 20)]
    assert all(a >= b for a, b in zip(shifts, shifts[1:]))
    still = frame(P // 3, 2)
    turned = frame(P // 3, 2, shift=8)
    assert all(led(turned, (i + 8) % 16) == led(still, i) for i in range(16))


def test_time_up_flashes_red_then_goes_dark():
    leds = bytearray(48)
    assert staycool_end.time_up(leds, 0) and all(led(leds, i) == (255, 0, 0) for i in range(16))
    assert staycool_end.time_up(leds, 300) and lit(leds, range(16)) == []
    assert staycool_end.time_up(leds, 500) and len(lit(leds, range(16))) == 16
    assert not staycool_end.time_up(leds, staycool_end.FLASH_MS)
