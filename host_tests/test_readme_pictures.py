"""The docs' commands for one picture, as written (test_readme.py lists them), in a file of
its own so that `make test`'s workers share the docs' commands: `--diff menu` draws how the
picture changed here before it differs, and `--readme menu` accepts it, drawing it again
byte for byte as committed, so that `git status` is clean again. (test_screens.py draws
every picture and holds each to its reviewed one; `make pictures-diff` and `make
pictures`, which draw them all again, are run as written by make test-long.) The phones'
pictures and the page's are taken again here as the docs show (tools.phoneshots,
tools.sgshots, tools.webshot), each drawn as committed. This file gets a copy of the tree
of its own."""

import pytest
from test_readme import BROWSER_PICTURES, PICTURES, make_clone, sh

pytestmark = pytest.mark.sources_only  # the commands pick their own build; run them once


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    return make_clone(tmp_path_factory)


def test_a_changed_picture_is_shown_and_accepting_it_redraws_it(clone):
    from PIL import Image

    menu = clone / "docs" / "menu.png"
    with Image.open(menu) as img:  # a picture that no longer matches: one pixel more
        changed = img.copy()
    was = changed.getpixel((0, 0))
    changed.putpixel((0, 0), tuple(255 - v for v in was) if isinstance(was, tuple) else 255 - was)
    changed.save(menu)
    for command, check in PICTURES.items():
        check(clone, sh(clone, command))


@pytest.mark.browser
@pytest.mark.parametrize("command", BROWSER_PICTURES)
def test_the_browser_s_pictures_are_taken_again_unchanged(clone, command):
    """The docs' commands for the phones' pictures and the page's, as written: headless
    Chromium draws each as committed, and nothing is written (git status stays clean)."""
    BROWSER_PICTURES[command](clone, sh(clone, command))
