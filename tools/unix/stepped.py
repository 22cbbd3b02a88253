"""asyncio as net.qr awaits it, each sleep a step handed back to whoever runs the coroutine
(`coro.send(None)` once a step), through the one awaitable, as asyncio's own sleep_ms does:
a generator a sleep would be heap a step, and the collections it brings would land in the
steps measured (tools/unix/starts_run.py, host_tests/unix/test_qr_steps.py)."""


class Steps:
    def __init__(self):
        self.slept = False
        self.done = StopIteration()

    def sleep_ms(self, ms):
        self.slept = True
        return self

    def __iter__(self):
        return self

    def __next__(self):
        if self.slept:
            self.slept = False
            return None  # to whoever runs the coroutine
        self.done.__traceback__ = None
        raise self.done
