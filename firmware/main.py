"""Boot: placeholder until the shell lands."""
