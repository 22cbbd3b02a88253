"""The docs' commands that take a while, run as written (test_readme.py lists them): the
quick form of `make bench` on every `make test`, in a file of its own so that `make test`'s
two workers share the docs' commands; the long forms (`make bench`, `make fuzz`: their cost
is said where they are shown) only on `make test-long`. The quick bench's margins are
figures here, as its others are: a failed margin run (the phones' at a busy machine's pace
can be) is shown in the warnings at the end of the run, and fails `make bench` itself; the
long form's margins must pass. This file gets a copy of the tree of its own."""

import pytest
from test_readme import CHECK_LONG, LONG, QUICK, make_clone, sh

pytestmark = pytest.mark.sources_only  # the commands pick their own build; run them once


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    return make_clone(tmp_path_factory)


@pytest.mark.parametrize("command", QUICK)
def test_quick_command_works_as_written(clone, command):
    CHECK_LONG[command](clone, sh(clone, command, margins_may_fail=True))


@pytest.mark.long
@pytest.mark.parametrize("command", LONG)
def test_long_command_works_as_written(clone, command):
    CHECK_LONG[command](clone, sh(clone, command, timeout=12 * 3600))
