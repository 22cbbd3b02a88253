"""make bench's rows for the page in Chromium (tools/webbench.py): they are measured and
printed in the bench's table, and without Chromium they say so and the bench goes on.
The figures are make bench's to show: no test asserts speed."""

import os

import pytest

from tools import webbench


@pytest.fixture
def bench_env(monkeypatch):
    """tools.bench as make bench runs it: importing it sets SCANNER_MPY (tools.fuzz), which
    is put back as it was after the test."""
    if "SCANNER_MPY" in os.environ:
        monkeypatch.setenv("SCANNER_MPY", os.environ["SCANNER_MPY"])
    else:
        monkeypatch.delenv("SCANNER_MPY", raising=False)


@pytest.mark.sources_only  # no browser, no build: once is enough
def test_without_chromium_the_row_says_so_and_the_bench_goes_on(monkeypatch, capsys, bench_env):
    monkeypatch.setattr(webbench, "binaries", lambda: (None, None))
    assert webbench.main(["--quick"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(webbench.TITLE) and out[0].endswith("measured")
    assert out[2].endswith("  skipped: no chromium"), out


@pytest.mark.browser
@pytest.mark.mpy_only  # the .mpy build, as make bench measures it
def test_the_page_s_rows_are_measured_and_printed(capsys, bench_env):
    assert webbench.main(["--quick"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith(webbench.TITLE), out
    first, click, work = lines[2:5]
    assert first.startswith("the page's first frame") and "ms in a fresh browser" in first
    assert click.startswith("a click of DOWN") and "times the headless simulator's" in click
    assert work.startswith("  the page's poll that drew it") and work.endswith(" times")
