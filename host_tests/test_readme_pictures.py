"""The docs' picture commands, as written (test_readme.py lists them), in a file of its own
so that `make test`'s workers share the docs' commands: `make pictures-diff` finds the one
picture changed here before it, and `make pictures` then draws every picture again byte
for byte as committed, so that it leaves `git status` clean. This file gets a copy of the
tree of its own."""

import pytest
from test_readme import PICTURES, clone, sh  # noqa: F401 - clone is a fixture

pytestmark = pytest.mark.sources_only  # the commands pick their own build; run them once


def test_pictures_diff_finds_a_changed_picture_and_pictures_redraws_it(clone):  # noqa: F811
    from PIL import Image

    menu = clone / "docs" / "menu.png"
    with Image.open(menu) as img:  # a picture that no longer matches: one pixel more
        changed = img.copy()
    was = changed.getpixel((0, 0))
    changed.putpixel((0, 0), tuple(255 - v for v in was) if isinstance(was, tuple) else 255 - was)
    changed.save(menu)
    for command, check in PICTURES.items():
        check(clone, sh(clone, command))
