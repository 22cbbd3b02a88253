import os

import pytest


def pytest_addoption(parser):
    parser.addoption(
        "--mpy", action="store_true", help="run the .mpy build (build/mpy) instead of sources"
    )


def pytest_configure(config):
    if config.getoption("--mpy"):
        os.environ["SCANNER_MPY"] = "1"


@pytest.fixture
def mpy_mode():
    return os.environ.get("SCANNER_MPY") == "1"


# The longest files first: with `make test`'s two workers taking whole files, each starts
# on one of these, and the short files fill in around them.
LONGEST_FIRST = (
    "test_readme_long.py",
    "test_readme.py",
    "test_readme_pictures.py",
    "test_flash.py",
    "test_fuzz.py",
    "test_interactive_sim.py",
    "test_browser_saywhen.py",
    "test_staycool_content.py",
)


def pytest_collection_modifyitems(config, items):
    def rank(item):
        name = item.path.name
        return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)  # stable: each file's tests keep their order
