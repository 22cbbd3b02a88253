"""Drives the headless simulator (boards/host/headless.py) from pytest."""

import json

from tools.mpenv import run_mp


class Sim:
    """One simulated device whose saved state lives in `state_dir` across runs."""

    def __init__(self, state_dir, start=None, env=None, seed=None, heap=None):
        self.state_dir = str(state_dir)
        self.start = start
        self.env = env
        self.seed = seed
        self.heap = heap  # None: the device's cap (tools.mpenv.heap)

    def run(self, script):
        args = ["-m", "headless", "--state", self.state_dir]
        if self.start is not None:
            args += ["--start", str(self.start)]
        if self.seed is not None:
            args += ["--seed", str(self.seed)]
        proc = run_mp(args, stdin=script + "\n", heap_size=self.heap, env=self.env, device=True)
        if proc.returncode != 0 or "error:" in proc.stdout:
            raise AssertionError(
                "headless simulator failed (exit %d)\n--- stdout\n%s\n--- stderr\n%s"
                % (proc.returncode, proc.stdout[-4000:], proc.stderr[-4000:])
            )
        return Output(proc.stdout)


class Output:
    def __init__(self, text):
        self.text = text
        self.lines = text.splitlines()

    def states(self):
        return [json.loads(line) for line in self.lines if line.startswith("{")]

    def state(self):
        return self.states()[-1]

    def texts(self):
        """The text drawn on screen at each `text` command, as lists."""
        blocks, cur = [], None
        for line in self.lines:
            if line.startswith("text "):
                if cur is None:
                    cur = []
                    blocks.append(cur)
                cur.append(line[5:])
            else:
                cur = None
        return blocks

    def tones(self):
        return [line.split()[1] for line in self.lines if line.startswith("tone ")]
