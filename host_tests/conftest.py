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
