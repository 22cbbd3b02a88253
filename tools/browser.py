"""A library, not a tool: headless Chromium as a phone, for the browser tests and the
phones' pictures (tools/phoneshots.py).

Debian's chromium and chromium-driver, driven by selenium (pinned in requirements-dev.txt)
through the installed driver: nothing is downloaded. Where they are missing the tests
fail, saying how to install them: `make test` checks first, and BROWSER=0 leaves the
browser tests out knowingly. CHROMIUM=... and CHROMEDRIVER=... name other binaries.
"""

import os
import shutil

INSTALL = (
    "the browser tests need Chromium and its driver: `sudo apt-get install chromium "
    "chromium-driver` (Debian; CHROMIUM=... and CHROMEDRIVER=... name others), or leave "
    "them out knowingly: `make test BROWSER=0`"
)
PHONE = (412, 915)  # a phone's screen, in CSS pixels


def binaries():
    """(chromium, chromedriver) as found, either None when missing."""
    chromium = os.environ.get("CHROMIUM") or next(
        filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))),
        None,
    )
    return chromium, os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver")


def phone():
    """A new headless Chromium the size of a phone (quit() it when done)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium, driver = binaries()
    if not chromium or not driver:
        raise RuntimeError(INSTALL)
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in (
        "--headless=new",
        "--no-sandbox",  # CI runs as root, in a container
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=%d,%d" % PHONE,
    ):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(driver), options=options)


if __name__ == "__main__":
    from tools import not_a_tool

    not_a_tool(__doc__)
