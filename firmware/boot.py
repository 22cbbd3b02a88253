import start  # noqa: F401 - at power-on, before main.py (start.py)
