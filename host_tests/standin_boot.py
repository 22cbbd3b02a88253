# A stand-in board for the deploy path, run by the unix port as `micropython -i` in the
# folder that stands for its flash. Like the real firmware: unless the file `maintenance`
# exists, a game runs and feeds a watchdog (8 s, as on the RP2040) that nothing can stop:
# when mpremote's Ctrl-C stops the game, the watchdog resets the board 8 s later.
# machine.reset() resets it at once. ReplBridge(restart=True) boots it again after either.
# With STANDIN_FLASH set (a file, and STANDIN_BLOCKS its blocks of 4 KB), its filesystem
# is a real littlefs of the board's size on that file, mounted at / as rp2 mounts its own
# (host_tests/unix/blockdev.py), and `rp2.Flash()` is that device.
import _thread
import os
import sys
import time


class Machine:
    @staticmethod
    def reset():
        os.system("kill -9 $PPID")  # the board goes down; the bridge boots it again


sys.modules["machine"] = Machine

if os.getenv("STANDIN_FLASH"):
    import blockdev

    flash = blockdev.mount(os.getenv("STANDIN_FLASH"), int(os.getenv("STANDIN_BLOCKS")))
    sys.modules["rp2"] = type("rp2", (), {"Flash": lambda: flash})
    os.chdir("/")

try:
    os.stat("maintenance")
    print("stand-in: maintenance boot")
except OSError:
    fed = [time.ticks_ms()]

    def watchdog():
        while True:
            time.sleep_ms(100)
            if time.ticks_diff(time.ticks_ms(), fed[0]) > 8000:  # the RP2040 limit
                Machine.reset()

    _thread.start_new_thread(watchdog, ())
    print("stand-in: game running, watchdog on")
    try:
        while True:
            fed[0] = time.ticks_ms()
            time.sleep_ms(50)
    except KeyboardInterrupt:
        print("stand-in: game stopped; the watchdog runs on")
