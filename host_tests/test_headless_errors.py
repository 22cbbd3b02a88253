"""The headless simulator names what is wrong with a command, and goes on."""

from tools.mpenv import run_mp

BAD = {
    "press Z": "unknown button Z (buttons are A B C UP DOWN GO)",
    "wait -5": "wait takes a whole number 0 or more, not -5",
    "screen extra": "screen takes nothing after it",
    "chord A": "usage: chord BUTTON BUTTON",
    "long": "usage: long BUTTON",
    "jump A": "unknown command jump (commands are press long hold",
}


def run(script, *options, tmp_path):
    args = ["-m", "headless", "--state", str(tmp_path), *options]
    return run_mp(args, stdin=script, device=True)


def test_a_bad_command_says_what_is_wrong_and_the_simulator_goes_on(tmp_path):
    script = "\n".join([*BAD, "press down", "state"]) + "\n"
    proc = run(script, tmp_path=tmp_path)
    assert proc.returncode == 0, proc.stderr
    errors = [line for line in proc.stdout.splitlines() if line.startswith("error: ")]
    assert len(errors) == len(BAD)
    for line, (command, message) in zip(errors, BAD.items()):
        assert line.startswith("error: %s: %s" % (command, message)), line
    assert '"screen": "menu"' in proc.stdout  # the good commands after them ran
    assert "Traceback" not in proc.stderr


def test_a_bad_option_says_which_options_there_are(tmp_path):
    proc = run("", "--seed", "x", tmp_path=tmp_path)
    assert proc.returncode == 2
    assert "--seed x: options are --start MS, --state DIR, --seed N" in proc.stdout
