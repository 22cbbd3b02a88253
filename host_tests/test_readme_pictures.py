"""The docs' commands for one picture, as written (test_readme.py lists them), in a file of
its own so that `make test`'s workers share the docs' commands: `--diff menu` draws how the
picture changed here before it differs, and `--readme menu` accepts it, drawing it again
byte for byte as committed, so that `git status` is clean again. (test_screens.py draws
every picture and holds each to its reviewed one; `make pictures-diff` and `make
pictures`, which draw them all again, are run as written by make test-long.) This file
gets a copy of the tree of its own."""

import pytest
from test_readme import PICTURES, make_clone, sh

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
