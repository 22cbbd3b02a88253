# heap: 320K (a device, its panel model and a virtual clock in one process, compiled in RAM)
# Timing on the virtual clock (vclock.py, timing_run.py): SPI bytes, BUSY and flash writes
# take the time they take on a Pico; the end of a turn must still sound on time.
import os

import timing_run


def test_end_of_turn_sounds_on_time_and_ring_frames_keep_their_rhythm():
    r = timing_run.measure(os.getenv("TEST_TMP") + "/state")
    assert r["turn_ended"] and len(r["end_lateness_ms"]) == 1, r
    assert 0 <= r["end_lateness_ms"][0] <= 5, r  # within 5 ms of when the sand ran out
    assert r["frames"] > 2500  # 25 a second for two minutes and more
    assert r["turn_frame_lateness_ms"] <= 5, r  # no SPI write or refresh holds a frame up
    assert r["saves_during_turn"] == [], r  # nothing written to flash while the sand runs
    assert r["refreshes"][0] > 3  # the e-ink did refresh while the sand ran
    assert r["longest_spi_write"] <= 296  # a page of the frame: 0.6 ms at 4 MHz
    # A press that saves (the glass flipped): its frame goes to the panel first, and the
    # save is written while the glass changes on its own, not in front of the frame.
    assert r["flip_to_save_ms"] and r["flip_to_save_ms"][0] > r["flip_to_frame_ms"], r
    # The menu at rest: the loop waits for an edge (or its 250 ms look), not a 10 ms poll,
    # and writes no ring frame that has not changed; a press wakes it at its very edge.
    assert r["idle_polls_per_s"] <= 5, r
    assert r["idle_ring_writes_per_s"] == 0, r
    assert r["rest_to_poll_ms"] <= 1, r
    # The saves at the turn's end come a poll apart, never back to back: no frame waits
    # for two flash writes (30 ms each here).
    assert r["other_frame_lateness_ms"] < 30, r
