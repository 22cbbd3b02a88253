"""make web-serve's server (tools/webserve.py): on the network it prints the address a
tablet opens and says what needs https or localhost; it serves the page's files with the
types a browser insists on (a module script, WebAssembly)."""

import subprocess
import sys
import urllib.request

import pytest

from tools.mpenv import ROOT

pytestmark = pytest.mark.sources_only  # CPython alone: once is enough


def serve(tmp_path, host):
    (tmp_path / "web.js").write_text("// a page's script\n")
    (tmp_path / "a.wasm").write_bytes(b"\0asm")
    args = ["-m", "tools.webserve", "--host", host, "--port", "0", "--dir", str(tmp_path)]
    proc = subprocess.Popen([sys.executable, *args], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    lines = [proc.stdout.readline() for _ in range(4 if host == "0.0.0.0" else 3)]
    return proc, lines


def test_on_the_network_it_prints_the_address_and_what_needs_https(tmp_path):
    proc, lines = serve(tmp_path, "0.0.0.0")
    try:
        assert lines[0].startswith("Serving the Scanner on your network: open http://")
        address = lines[0].split("open ")[1].strip()
        assert not address.startswith(("http://0.0.0.0", "http://127."))
        port = address.rstrip("/").rsplit(":", 1)[1]
        assert "http://localhost:%s/" % port in lines[1]
        assert "wake lock" in lines[2] and "https or localhost" in lines[2]
        local = "http://127.0.0.1:%s/" % port
        with urllib.request.urlopen(local + "web.js", timeout=60) as r:
            assert r.headers["Content-Type"] == "text/javascript"
        with urllib.request.urlopen(local + "a.wasm", timeout=60) as r:
            assert r.headers["Content-Type"] == "application/wasm"
    finally:
        proc.terminate()
        proc.wait(timeout=60)


def test_by_default_only_this_computer_reaches_it(tmp_path):
    proc, lines = serve(tmp_path, "127.0.0.1")
    try:
        assert lines[0].startswith("Serving the Scanner: open http://localhost:")
    finally:
        proc.terminate()
        proc.wait(timeout=60)
