"""`make sim` on a pseudo-terminal, through the real entry (`make sim`: tools/sim.py and the
firmware it runs), played by keys into each of the three games at default settings.

Each step waits for the screen it expects: the front end's transcript (SIM_TRANSCRIPT)
lists the text of every frame the firmware sends, as it is drawn on the terminal. Nothing
here depends on how fast the machine is: a key is played through the debouncer at the
ticks it was read at (boards/host/terminal.py), the waits are ceilings that only catch a
hang (a loaded machine took more than the 20 s they were), and a quit that takes the
firmware longer than the front end waits is a power cut, as q is (tools/sim.py).
"""

import fcntl
import os
import pty
import signal
import struct
import subprocess
import termios
import threading
import time

import pytest

from tools.mpenv import ROOT, run_mp

pytestmark = pytest.mark.mpy_only  # make sim runs the .mpy build in either pass

COLS, ROWS = 150, 37  # the size the simulator asks for
HANG_S = 90  # a wait longer than this is a hang, however loaded the machine


class Terminal:
    """`make sim` on a pty of its own, with a transcript of what it drew."""

    def __init__(self, tmp_path, name, state):
        self.transcript = tmp_path / (name + ".txt")
        self.seen = 0  # frames already matched by wait_for
        self.output = bytearray()
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        env = {**os.environ, "SIM_STATE": str(state), "SIM_TRANSCRIPT": str(self.transcript)}
        self.proc = subprocess.Popen(
            ["make", "-s", "--no-print-directory", "sim"],
            cwd=ROOT,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,  # its own process group: nothing outlives the test
        )
        os.close(slave)
        self.master = master
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        while True:  # drain the terminal, or the front end would block writing to it
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self.output += data

    def frames(self):
        """[(frame line, [texts])] from the transcript so far."""
        try:
            lines = self.transcript.read_text().splitlines()
        except FileNotFoundError:
            return []
        frames = []
        for line in lines:
            if line.startswith("frame "):
                frames.append((line, []))
            elif line.startswith("text ") and frames:
                frames[-1][1].append(line[5:])
        return frames

    def wait_for(self, text, timeout=HANG_S):
        """The texts of the first frame after the last one matched that shows `text`."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            frames = self.frames()
            for i in range(self.seen, len(frames)):
                if any(text in t for t in frames[i][1]):
                    self.seen = i + 1
                    return frames[i][1]
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        last = self.frames()[-1:] or [("no frame", [])]
        raise AssertionError(
            "no screen with %r within %d s; the last: %s %s\n%s"
            % (text, timeout, *last[0], self.output[-2000:].decode("utf8", "replace"))
        )

    def keys(self, keys):
        for k in keys:
            os.write(self.master, k.encode())
            time.sleep(0.05)

    def quit(self):
        self.keys(["q"])
        try:
            return self.proc.wait(timeout=HANG_S)
        finally:
            self.close()

    def close(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)  # the front end and its MicroPython
            self.proc.wait()
        os.close(self.master)


def say_when_to_the_door(t):
    t.keys("g")  # Say When!
    t.wait_for("New game")
    t.keys("g")
    t.wait_for("New Say When!")
    t.keys(["\x1b[A", "g"])  # UP to "Start game", GO
    question = t.wait_for("Card 1/20")
    if any("you choose" in s for s in question):
        t.keys("a")  # the Quizzer's team is tied for the lead: secret guessing
        t.wait_for("SECRET")
    t.keys("G")  # hold GO: the Answer Door
    door = t.wait_for("the answer")
    # The range under the answer ("range 1960 to 1975"; a range too long for its line
    # loses the word: tools/fontmetrics.py door_misfits), whichever card was dealt.
    ranges = [s for s in door if s.startswith("range ") or s[:1] in "-0123456789" and " to " in s]
    assert ranges, door


def round_one_played(state):
    """A game of Stay Cool with round 1 played out on the headless simulator, whose clock
    is its own: four players, each turn left to run its two minutes, all in a moment."""
    turns = "press C\nwait 125000\npress C\n" * 4  # flip onto 1, the sand runs out, next
    proc = run_mp(
        ["-m", "headless", "--state", str(state)],
        stdin="press DOWN\npress GO\npress GO\npress UP\npress GO\n" + turns + "text\n",
        device=True,
    )
    assert "Round 2 of 3" in proc.stdout, proc.stdout[-2000:] + proc.stderr[-2000:]


def stay_cool_turn_to_its_end(t):
    """Round 2, resumed: only "Timer!" in time turns the glass, so a turn no one calls it
    in ends when the first glass runs out, 30 s of real sand."""
    t.keys("b")  # Resume
    roles = " ".join(t.wait_for("Round 2 of 3"))
    assert "Alex answers" in roles and "Written: Jo" in roles and "Verbal: Sam" in roles, roles
    t.keys("c")  # the first question was read: flip the glass onto 1
    t.wait_for("Timer!")
    end = t.wait_for("turn is over", timeout=30 + HANG_S)
    assert any(" × " in s and " = " in s for s in end), end


def stay_cool_started(t):
    """A new Stay Cool game from the menu, at default settings, to its first turn's sand."""
    t.keys(["s", "g"])  # DOWN to Stay Cool, GO
    t.wait_for("New game")
    t.keys("g")
    t.wait_for("New Stay Cool")
    t.keys(["w", "g"])  # UP to "Start game", GO
    roles = " ".join(t.wait_for("Round 1 of 3"))
    assert "answers" in roles and "Written:" in roles and "Verbal:" in roles, roles
    t.keys("c")  # the first question was read: flip the glass onto 1
    t.wait_for("Timer!")


def scattergories_round_to_its_points(t):
    t.keys(["s", "s", "g"])
    t.wait_for("New game")
    t.keys("g")
    t.wait_for("New Scattergories")
    t.keys(["w", "g"])
    t.wait_for("Roll")
    t.keys("b")  # roll the die
    t.wait_for("Your letter")
    t.keys("b")  # start the timer
    t.wait_for("hold: Pause")
    t.keys("B")  # hold B: pause
    t.wait_for("PAUSED")
    t.keys("a")  # end the round early ...
    t.wait_for("End the round?")
    t.keys("c")  # ... yes
    t.wait_for("Time's up!")
    t.keys("b")  # Points
    points = t.wait_for("Round 1 points")
    assert "Alex" in points and "Robin" in points, points


def test_make_sim_plays_every_game_and_resumes(tmp_path):
    round_one_played(tmp_path / "cool-state")
    cool = Terminal(tmp_path, "staycool", tmp_path / "cool-state")
    try:
        offer = cool.wait_for("Unfinished game")
        assert "Stay Cool" in offer
        # Stay Cool's turn takes half a minute of real sand: it runs meanwhile.
        failed = []
        turn = threading.Thread(
            target=lambda: _record(failed, stay_cool_turn_to_its_end, cool), daemon=True
        )
        turn.start()

        state = tmp_path / "state"
        t = Terminal(tmp_path, "saywhen", state)
        try:
            t.wait_for("Party Scanner")
            say_when_to_the_door(t)
            drawn = t.output.decode("utf-8", "replace")
            assert "keys  a b c" in drawn and "q: quit" in drawn  # the legend is shown
            assert chr(0x28FF) in drawn  # braille: the inverted title bar
            assert "ring " in drawn
        finally:
            assert t.quit() == 0

        t = Terminal(tmp_path, "resumed", state)  # a second run offers the saved game
        try:
            offer = t.wait_for("Unfinished game")
            assert "Say When!" in offer
            t.keys("b")  # Resume
            t.wait_for("the answer")  # the Answer Door, open as it was left
        finally:
            assert t.quit() == 0

        from_the_menu(tmp_path, "scattergories", scattergories_round_to_its_points)
        # Stay Cool from the menu too; its round 1 turns run two minutes of real sand each,
        # so the turn played to its end above is round 2's, from a saved game.
        from_the_menu(tmp_path, "staycool-new", stay_cool_started)
        transcript = (tmp_path / "scattergories.txt").read_text()
        assert "tone end" in transcript  # the end of the round sounded

        turn.join(timeout=30 + 2 * HANG_S)
        assert not turn.is_alive(), "the Stay Cool turn did not end"
        assert not failed, failed[0]
    finally:
        assert cool.quit() == 0


def from_the_menu(tmp_path, name, play):
    """`make sim` on a fresh device (its state in tmp_path/name-state), `play` from the menu."""
    t = Terminal(tmp_path, name, tmp_path / (name + "-state"))
    try:
        t.wait_for("Party Scanner")
        play(t)
    finally:
        assert t.quit() == 0


def _record(failed, play, terminal):
    try:
        play(terminal)
    except Exception as e:  # noqa: BLE001 - reported by the main thread
        failed.append(e)
