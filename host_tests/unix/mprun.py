"""Runs named test functions of one module inside the MicroPython unix port.

Invoked by host_tests/unix/conftest.py as `micropython mprun.py MODULE NAME...`; prints one
marker line per test so pytest can report each test on its own, with the MicroPython
traceback of any failure.
"""

import gc
import io
import sys

MARK = "@@mprun"


def main():
    modname = sys.argv[1]
    names = sys.argv[2:]
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
            print(MARK, "fail", name)
        else:
            print(MARK, "pass", name)


main()
