"""The docs' pictures (README.md, docs/games.md) are the reviewed goldens of the screens
they show: each is drawn again from its recipe (tools/screenshot.py) by the .mpy build, as
flashed, and must match its picture in docs/ pixel for pixel. A screen that changes fails
here, with the commands that show how and that accept the new picture once it has been
looked at.
"""

import re

import pytest

from tools import screenshot
from tools.mpenv import ROOT, use_mpy

pytestmark = pytest.mark.mpy_only  # the pictures are what the .mpy build draws

NAMES = list(screenshot.README_SHOTS)


@pytest.fixture(scope="module")
def drawn():
    """Every picture, drawn a few simulators at a time while the tests look at them."""
    return screenshot.rendering(NAMES)


def test_every_picture_in_the_docs_has_a_recipe():
    shown = re.findall(r"\]\(docs/([\w-]+)\.png\)", (ROOT / "README.md").read_text())
    for doc in sorted((ROOT / "docs").glob("*.md")):  # docs/games.md has every screen
        shown += re.findall(r"\]\(([\w-]+)\.png\)", doc.read_text())
    for board in sorted((ROOT / "boards").glob("*/README.md")):  # they show some too
        shown += re.findall(r"\]\(\.\./\.\./docs/([\w-]+)\.png\)", board.read_text())
    assert sorted(set(shown)) == sorted(NAMES)
    assert sorted(p.stem for p in screenshot.DOCS.glob("*.png")) == sorted(NAMES)


@pytest.mark.skipif(not use_mpy(), reason="runs in the .mpy pass of make test")
@pytest.mark.parametrize("name", NAMES)
def test_the_screen_is_as_reviewed(drawn, name):
    how = screenshot.mismatch(drawn[name].result(), screenshot.reviewed(name))
    if how:
        pytest.fail(
            "docs/%s.png is no longer what its recipe draws (%s).\n"
            "  see the difference (build/pictures-diff/%s.png): make pictures-diff\n"
            "      or only this one: %s\n"
            "  accept the new picture, once looked at: %s\n"
            "      or all of them: make pictures"
            % (
                name,
                how,
                name,
                screenshot.DIFF_COMMAND % name,
                screenshot.ACCEPT_COMMAND % name,
            ),
            pytrace=False,
        )
