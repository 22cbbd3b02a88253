"""The docs' picture commands, as written (test_readme.py lists them), in a file of its own
so that `make test`'s workers share the docs' commands: `make pictures-diff` finds the one
picture changed here before it, and accepting that one draws it again byte for byte as
committed, so that it leaves `git status` clean. (`make pictures` draws them all, as
`make pictures-diff` has just done: make test-long runs it.) This file gets a copy of the
tree of its own."""

import pytest
from test_readme import PICTURES, make_clone, sh

pytestmark = pytest.mark.sources_only  # the commands pick their own build; run them once


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    return make_clone(tmp_path_factory)


def test_pictures_diff_finds_a_changed_picture_and_accepting_it_redraws_it(clone):
    from PIL import Image

    menu = clone / "docs" / "menu.png"
    with Image.open(menu) as img:  # a picture that no longer matches: one pixel more
        changed = img.copy()
    was = changed.getpixel((0, 0))
    changed.putpixel((0, 0), tuple(255 - v for v in was) if isinstance(was, tuple) else 255 - was)
    changed.save(menu)
    for command, check in PICTURES.items():
        check(clone, sh(clone, command))
