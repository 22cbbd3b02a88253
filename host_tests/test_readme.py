"""Every command README.md, CONTRIBUTING.md and docs/*.md show works as written: each is
run here, in a copy of this tree (as a fresh clone would have it), exactly as written. The
few that only a person can run (the internet, a C toolchain, a real board) are marked
"# by hand" where they are shown; a command the docs add without saying how it is tested
here fails this test. The quick form of `make bench` runs in test_readme_long.py, beside
this file on `make test`'s other worker; the long forms there too, by `make test-long`.
"""

import ast
import csv
import html
import json
import re
import shutil
import subprocess
import warnings
from concurrent.futures import ThreadPoolExecutor

import pytest

from tools.mpenv import ROOT, run_mp

pytestmark = pytest.mark.sources_only  # the commands pick their own build; run them once

# What a newcomer reads, and what a contributor reads next.
DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
README = (ROOT / "README.md").read_text()

BY_HAND = {
    "sudo apt-get install fonts-dejavu-core zbar-tools chromium chromium-driver wordnet-base"
    " libaiksaurus-1.2-data npm",
    "git clone https://github.com/micropython/micropython",
    "cd micropython/ports/unix",
    "make submodules && make",
    "cd -",
    "make test MICROPYTHON=/path/to/micropython/ports/unix/build-standard/micropython",
    "make flash",
    "make flash BOARD=badger2040w",
    "make flash BOARD=badger2040w WIPE=1",
    "make flash BOARD=picow-epaper29",
    "make flash PORT=/dev/ttyACM0",
}
# Run by a test of their own, with the test that does it.
ELSEWHERE = {
    "make test": "this very suite",
    "make test-long": "test_readme_long.py's tests marked long, the LONG commands",
    "make sim": "test_interactive_sim.py::test_make_sim_plays_every_game_and_resumes",
    "make flash": "test_flash.py::test_flash_onto_a_board_whose_watchdog_runs",
}
# Run as written in test_readme_long.py: QUICK by make test, LONG (their cost said where
# they are shown) by make test-long.
QUICK = ("make bench BENCH_FLAGS=--quick",)
LONG = ("make bench", "make fuzz", "make pictures-diff", "make pictures")


def readme_commands():
    """(command, by hand?) for each command in the docs' sh blocks."""
    found = []
    blocks = [b for doc in DOCS for b in re.findall(r"```sh\n(.*?)```", doc.read_text(), re.S)]
    for block in blocks:
        lines = [line.strip() for line in block.splitlines()]
        i = 0
        while i < len(lines):
            line = lines[i]
            i += 1
            while line.endswith("\\"):  # a continued line
                line = line[:-1] + " " + lines[i]
                i += 1
            if "<<'EOF'" in line:  # a heredoc: the lines up to EOF are its input
                end = lines.index("EOF", i)
                line = "\n".join([line, *lines[i : end + 1]])
                i = end + 1
                found.append((line, False))
                continue
            command, *comment = re.split(r"\s+# ", line, maxsplit=1)
            if command:
                found.append((command.strip(), comment[:1] != [] and "by hand" in comment[0]))
    return found


def test_every_command_is_marked_or_run_here():
    commands = readme_commands()
    marked = {cmd for cmd, by_hand in commands if by_hand}
    assert marked == BY_HAND  # and nothing else is left to a person
    for cmd, _ in commands:
        if cmd in marked:
            continue
        tested = {**VERBATIM, **PICTURES, **BROWSER_PICTURES, **ELSEWHERE}
        assert cmd in tested or cmd in QUICK + LONG, (
            "README command %r: say in host_tests/test_readme.py how it is tested" % cmd
        )
    for where in ELSEWHERE.values():
        if "::" in where:
            path, name = where.split("::")
            assert "def %s(" % name in (ROOT / "host_tests" / path).read_text(), where


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    """This tree as a clone of it has it, with make generate's venv (below)."""
    return make_clone(tmp_path_factory, content_venv=True)


def make_clone(tmp_path_factory, content_venv=False):
    """This tree as a clone of it has it (every file git knows of, the build, the tools'
    venv and node_modules as `make test` left them), in a folder of its own: commands may
    write there. `content_venv`: make generate's venv too (one file's clone only: two pip
    runs into one venv at once would trip over each other)."""
    top = tmp_path_factory.mktemp("clone")
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    for name in listed:
        src = ROOT / name
        if src.is_file():
            (top / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, top / name)
    # (Not a picture's difference left from a run by hand: a clone has none.)
    keep_out = shutil.ignore_patterns("pictures-diff")
    shutil.copytree(
        ROOT / "build", top / "build", copy_function=shutil.copy2, symlinks=True, ignore=keep_out
    )
    (top / ".venv").symlink_to(ROOT / ".venv")
    if (ROOT / "node_modules").exists():  # npm ci's, as make test left it: the web page's
        (top / "node_modules").symlink_to(ROOT / "node_modules")
    if not content_venv:
        return top
    # make generate's own venv too, made in this tree as make makes it (pip takes a while;
    # a second run finds it warm, as it finds .venv).
    subprocess.run(["make", ".venv-content/.installed"], cwd=ROOT, check=True)
    (top / ".venv-content").symlink_to(ROOT / ".venv-content")
    return top


def sh(clone, command, timeout=600, margins_may_fail=False):
    """Runs `command` in the clone; it must succeed. `margins_may_fail`: make bench, whose
    exit status is also its margins' verdict (a figure, as make bench's other figures are:
    with four phones, how the phones' requests fall between the polls depends on the
    machine's load); the command must have run to its end and said so."""
    proc = subprocess.run(
        ["bash", "-c", command], cwd=clone, capture_output=True, text=True, timeout=timeout
    )
    margins_failed = re.search(r"^\d+ of \d+ runs failed$", proc.stdout, re.M)
    ok = proc.returncode == 0 or (margins_may_fail and margins_failed)
    assert ok, "%s\n--- stdout\n%s\n--- stderr\n%s" % (
        command,
        proc.stdout[-3000:],
        proc.stderr[-3000:],
    )
    if proc.returncode:  # shown in pytest's warnings summary, at the end of make test
        failed = [line for line in proc.stdout.splitlines() if "FAILED" in line]
        said = "%s: %s: %s" % (command, margins_failed[0], "; ".join(failed))
        warnings.warn(said, stacklevel=2)
    return proc.stdout


def checks_content(clone, out):
    assert re.search(r"^saywhen: \d+ questions$", out, re.M), out
    assert (clone / "build" / "decks" / "saywhen.deck").exists()


def checks_sheets(clone, out):
    assert (clone / "build" / "sheets" / "scattergories-lists.pdf").stat().st_size > 1000


def checks_png_sheets(clone, out):
    assert (clone / "build" / "sheets" / "scattergories-lists-1.png").stat().st_size > 1000


def checks_score(clone, out):
    assert "duplicate of Alex" in out and "Totals: Sam 8, Alex 7, Robin 7" in out, out


def checks_stickers(clone, out):
    assert (clone / "build" / "dice-stickers.png").stat().st_size > 1000


def checks_ranges(clone, out):
    assert re.search(r"\d+ question\(s\) use the default range, 0 error\(s\)", out), out


def checks_content_report(clone, out):
    assert "content-report: wrote build/content-report.html" in out, out
    page = (clone / "build" / "content-report.html").read_text(encoding="utf-8")
    with open(clone / "content" / "saywhen" / "handwritten.csv", newline="") as f:
        first = next(csv.DictReader(f))
    assert html.escape(first["question"]) in page


def checks_pictures(clone, out):
    """Every picture is drawn again, byte for byte as committed: git status stays clean
    (test_screens.py holds each to its reviewed one, pixel for pixel); so is the page's."""
    for png in (ROOT / "docs").glob("*.png"):
        assert "wrote %s" % (clone / "docs" / png.name) in out, png.name
        assert (clone / "docs" / png.name).read_bytes() == png.read_bytes(), png.name
    checks_browser_pictures(clone, out)


def checks_accepted(clone, out):
    """The one picture accepted is drawn again byte for byte as committed (the change made
    to it undone): git status stays clean."""
    assert "wrote %s" % (clone / "docs" / "menu.png") in out, out
    for png in (ROOT / "docs").glob("*.png"):
        assert (clone / "docs" / png.name).read_bytes() == png.read_bytes(), png.name


def checks_pictures_diff(clone, out):
    """Every picture drawn again: none differs from its reviewed one."""
    made = clone / "build" / "pictures-diff"
    assert not made.exists() or not list(made.iterdir()), out


def checks_diff_one(clone, out):
    """test_readme_pictures.py changed docs/menu.png before: the difference is drawn."""
    made = clone / "build" / "pictures-diff"
    assert sorted(p.name for p in made.iterdir()) == ["menu.png"], out


def checks_replay(clone, out):
    assert "ok game=scattergories seed=20261132 events=500" in out, out


def checks_headless(clone, out):
    assert "text Say When!" in out or "text Stay Cool" in out, out
    assert '"screen":' in out  # the state line


def checks_headless_phones(clone, out):
    """A game of four teams started with phones: its join screen, both QR codes and the
    network in words, saved as a picture; then the game's first question."""
    from PIL import Image

    assert "error:" not in out and "Error" not in out, out
    state = json.loads([line for line in out.splitlines() if line.startswith('{"')][-1])
    assert state["screen"] == "saywhen" and state["view"]["view"] == "question", state
    assert len(state["session"]["names"]) == 4
    with Image.open(clone / "build" / "join.png") as img:
        grey = img.convert("L")
    # The two codes at the screen's edges: about half their squares dark (the network's
    # name and key alone, in words, would leave those edges nearly white).
    for code in (grey.crop((0, 0, 80, 128)), grey.crop((216, 0, 296, 128))):
        assert sum(1 for v in code.getdata() if v < 128) > 80 * 128 // 4


def checks_screenshot(clone, out):
    from PIL import Image

    with Image.open(clone / "build" / "stay-cool.png") as img:
        assert img.size[0] > 296 * 2 and img.size[1] >= 128 * 2


def checks_nothing_changed(clone, out):
    for name in ("firmware", "boards", "tools", "host_tests"):
        for src in (ROOT / name).rglob("*.py"):
            assert (clone / src.relative_to(ROOT)).read_text() == src.read_text(), src


def checks_generated(clone, out):
    assert "wrote" in out
    generated = "content/saywhen/generated.csv"
    assert (clone / generated).read_bytes() == (ROOT / generated).read_bytes()


def checks_fonts(clone, out):
    for font in (ROOT / "firmware" / "fonts").glob("*.bin"):
        assert (clone / font.relative_to(ROOT)).read_bytes() == font.read_bytes(), font


def checks_fuzz(clone, out):
    assert "6 passed" in out and "mutated states, 0 crashes, 0 silent deletions" in out, out


def checks_bench(clone, out):
    assert "each board at its cap" in out and "each mechanism switched off" in out, out
    assert "pico-epaper29: " in out and "blocks of 4 KB" in out, out
    assert "all 45 runs passed (128K without phones" in out, out


def checks_quick_bench(clone, out):
    assert "each board at its cap" in out and "each mechanism switched off" in out, out
    assert "pico-epaper29: " in out and "blocks of 4 KB" in out, out
    assert "all 9 runs passed (128K without phones" in out or "of 9 runs failed" in out, out
    # and it says, before and after, what it left out
    assert out.count("--quick leaves out: ") == 1 and "--quick left out: " in out, out
    # each game's start and the QR code, with their estimates on a Pico (tools/budget.py)
    assert out.count("on a Pico about ") == 4, out
    # the page in Chromium (tools/webbench.py), or why not
    assert "the page's first frame" in out or "skipped: no chromium" in out, out


def checks_pytest(clone, out):
    assert "[100%]" in out and "failed" not in out and "error" not in out.lower(), out


def checks_build(clone, out):
    assert (clone / "build" / "mpy" / "firmware" / "app" / "core.mpy").exists()


# command -> what shows that it worked.
VERBATIM = {
    "make build": checks_build,
    ".venv/bin/python -m pytest -q host_tests/test_ticks_range.py": checks_pytest,
    "SCANNER_MPY=1 .venv/bin/python -m pytest -q host_tests/unix/test_ticks.py": checks_pytest,
    "make content": checks_content,
    "make sheets": checks_sheets,
    "make sheets FORMAT=png": checks_png_sheets,
    "make score CSV=content/scattergories/sample-round.csv": checks_score,
    "make stickers": checks_stickers,
    "make ranges": checks_ranges,
    "make content-report": checks_content_report,
    "make replay GAME=scattergories SEED=20261132 EVENTS=500": checks_replay,
    '.venv/bin/python -m tools.screenshot build/stay-cool.png "press DOWN" "press GO"': (
        checks_screenshot
    ),
    "make lint": checks_nothing_changed,
    "make format": checks_nothing_changed,
    "make fonts": checks_fonts,
    "make generate": checks_generated,
}
# In test_readme_pictures.py, a file of its own (with a clone of its own), so that
# `make test`'s workers share the docs' commands; in this order.
PICTURES = {
    ".venv/bin/python -m tools.screenshot --diff menu": checks_diff_one,
    ".venv/bin/python -m tools.screenshot --readme menu": checks_accepted,
}


def checks_browser_pictures(clone, out):
    """The pictures Chromium takes (tools.phoneshots, tools.sgshots, tools.webshot) are
    drawn again as committed, pixel for pixel, and so not written: git status stays clean."""
    taken = re.findall(r"^(wrote|unchanged:) (.*/docs/(?:phones|web)/.*)$", out, re.M)
    assert taken and all(how == "unchanged:" for how, _ in taken), out
    for png in [*(ROOT / "docs" / "phones").glob("*.png"), *(ROOT / "docs" / "web").glob("*.png")]:
        name = png.relative_to(ROOT)
        assert (clone / name).read_bytes() == png.read_bytes(), name


# Also in test_readme_pictures.py, in headless Chromium (the browser tests' marker).
BROWSER_PICTURES = {
    ".venv/bin/python -m tools.phoneshots": checks_browser_pictures,
    ".venv/bin/python -m tools.sgshots": checks_browser_pictures,
    ".venv/bin/python -m tools.webshot": checks_browser_pictures,
}
# What a fresh clone would not have yet, for a command that only works when it is missing.
FRESH = {"make content": "build/decks"}
CHECK_LONG = {
    "make pictures-diff": checks_pictures_diff,
    "make pictures": checks_pictures,
    "make bench BENCH_FLAGS=--quick": checks_quick_bench,
    "make fuzz": checks_fuzz,
    "make bench": checks_bench,
}


def headless_commands():
    return [cmd for cmd, _ in readme_commands() if "-m headless" in cmd]


for _cmd in headless_commands():
    VERBATIM[_cmd] = checks_headless_phones if "--http" in _cmd else checks_headless


SHOWN = {cmd for cmd, _ in readme_commands()}


@pytest.mark.parametrize("command", [c for c in VERBATIM if c in SHOWN], ids=lambda c: c[:40])
def test_readme_command_works_as_written(clone, command):
    if command in FRESH:
        shutil.rmtree(clone / FRESH[command], ignore_errors=True)  # as in a fresh clone
    VERBATIM[command](clone, sh(clone, command))


def test_plain_make_lists_every_target_and_its_knobs():
    out = subprocess.run(["make"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    makefile = (ROOT / "Makefile").read_text()
    phony = re.findall(r"^\.PHONY:((?:.*\\\n)*.*)$", makefile, re.M)
    targets = set(" ".join(phony).replace("\\", " ").split()) - {
        "FORCE",
        "all",
        "help",
        "browser-check",
    }
    listed = set(re.findall(r"^  ([a-z-]+)(?:, ([a-z-]+))?", out, re.M))
    listed = {name for pair in listed for name in pair if name}
    assert targets <= listed, sorted(targets - listed)
    for knob in ("MARGIN_SEEDS", "MARGIN_EVENTS", "MARGIN_EVENING", "MARGIN_HEAP", "BENCH_FLAGS"):
        assert knob + "=" in out, knob
    for knob in ("FUZZ_EVENTS", "FUZZ_SEED", "MUTATIONS", "BOARD", "PORT", "WIPE", "JOBS"):
        assert knob + "=" in out, knob


def tool_modules():
    return sorted(p.stem for p in (ROOT / "tools").glob("*.py") if p.stem != "__init__")


def test_every_tool_answers_help_and_every_library_says_it_is_not_one():
    """A tool that the Makefile or the docs run answers --help with its usage; a module
    that is only imported says so in its docstring's first line, and when it is run."""
    run_by = (ROOT / "Makefile").read_text() + "".join(doc.read_text() for doc in DOCS)
    tools = set(re.findall(r"-m tools\.(\w+)", run_by))

    def ask(name):
        return subprocess.run(
            [str(ROOT / ".venv" / "bin" / "python"), "-m", "tools." + name, "--help"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )

    with ThreadPoolExecutor(4) as pool:
        answers = dict(zip(tool_modules(), pool.map(ask, tool_modules())))
    for name, proc in answers.items():
        doc = ast.get_docstring(ast.parse((ROOT / "tools" / (name + ".py")).read_text()))
        if "not a tool" in doc.split("\n\n")[0].lower():
            assert name not in tools, name + " is run by the Makefile or the docs"
            assert proc.returncode == 1 and "not a tool" in proc.stderr.lower(), (name, proc)
        else:
            assert proc.returncode == 0 and "usage:" in proc.stdout, (name, proc)


def test_a_first_game_in_six_presses_opens_the_answer_door(tmp_path):
    """The README's six presses (g g up g a G), on the headless simulator: the door."""
    assert "**A first game in six presses.**" in README
    presses = "press GO\npress GO\npress UP\npress GO\npress A\nlong GO\nstate\n"
    proc = run_mp(["-m", "headless", "--state", str(tmp_path)], stdin=presses, device=True)
    state = json.loads([line for line in proc.stdout.splitlines() if line.startswith('{"')][-1])
    assert state["screen"] == "saywhen" and state["view"]["view"] == "door", state


def test_near_the_top_it_says_how_to_try_it_in_a_browser_with_a_picture_of_the_page():
    """Issue 36's line and picture, in the README's first screenfuls: the picture is the
    one tools.webshot takes (make pictures), held to it in test_readme_pictures.py."""
    lines = README.splitlines()
    said = "**Try it in your browser:** `make web-serve`, then open the address it prints."
    at = [i for i, line in enumerate(lines) if line.startswith(said)]
    shown = [i for i, line in enumerate(lines) if line.endswith("](docs/web/page.png)")]
    assert at and shown and at[0] < shown[0] < at[0] + 6 < 60, (at, shown)
    assert (ROOT / "docs" / "web" / "page.png").is_file()
