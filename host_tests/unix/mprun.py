"""Runs named test functions of one module inside the MicroPython unix port.

Invoked by host_tests/unix/conftest.py as `micropython mprun.py MODULE NAME...`; prints one
marker line per test so pytest can report each test on its own, with the MicroPython
traceback of any failure and the milliseconds the test took (loading the module is
charged to the first test, as it is that test's setup).
"""

import gc
import io
import sys
import time

MARK = "@@mprun"


def main():
    modname = sys.argv[1]
    names = sys.argv[2:]
    start = time.ticks_ms()
    mod = __import__(modname)
    for name in names:
        gc.collect()
        print(MARK, "begin", name)
        try:
            getattr(mod, name)()
        except BaseException as e:  # noqa: BLE001 - every failure is reported, even MemoryError
            buf = io.StringIO()
            sys.print_exception(e, buf)
            print(buf.getvalue())
            outcome = "fail"
        else:
            outcome = "pass"
        now = time.ticks_ms()
        print(MARK, outcome, name, time.ticks_diff(now, start))
        start = now


main()
