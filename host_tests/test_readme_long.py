"""The README's long commands, run with smaller numbers (test_readme.py lists them and
says why): a file of their own, so that `make test`'s two workers share the README's
commands. This file gets a copy of the tree of its own."""

import pytest
from test_readme import CHECK_REDUCED, REDUCED, clone, sh  # noqa: F401 - clone is a fixture

pytestmark = pytest.mark.sources_only  # the commands pick their own build; run them once


@pytest.mark.parametrize("command", sorted(REDUCED))
def test_long_readme_command_works_with_smaller_numbers(clone, command):  # noqa: F811
    if not (clone / "build").exists():
        sh(clone, "make build")
    CHECK_REDUCED[command](clone, sh(clone, REDUCED[command]))
