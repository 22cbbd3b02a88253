"""The host board imports on any port: rp2 and the WebAssembly port have no os.getenv, and
the simulators' board must not need one (it then takes its defaults)."""

from tools.mpenv import run_mp

NO_GETENV = """
import os, sys
class Os:  # the port's os, less getenv
    pass
bare = Os()
for name in dir(os):
    if name != "getenv" and not name.startswith("__"):
        setattr(bare, name, getattr(os, name))
sys.modules["os"] = bare
import board
print("getenv", board.getenv("SIM_PAGE"))
b = board.HostBoard(%r)
print("board", type(b).__name__, b.battery_mv())
"""


def test_the_host_board_imports_and_builds_without_os_getenv(tmp_path):
    proc = run_mp(["-c", NO_GETENV % str(tmp_path / "state")], device=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "getenv None" in proc.stdout
    assert "board HostBoard" in proc.stdout


def test_with_os_getenv_the_host_board_reads_the_environment(tmp_path):
    # The same check has teeth: where the port has getenv, the board uses it.
    proc = run_mp(
        ["-c", "import board\nprint('getenv', board.getenv('SIM_PAGE'))"],
        device=True,
        env={"SIM_PAGE": "elsewhere"},
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "getenv elsewhere" in proc.stdout


def test_sim_random_seeds_the_board_s_random_source_which_names_the_networks(tmp_path):
    """SIM_RANDOM=SEED (netsim.py, hostos.py): the same networks, run after run, as the
    docs' picture of the join screen needs (tools/phoneshots.py); each game's still new."""
    from tools.phones import SAY_WHEN, START, Device

    def networks(name, env):
        device = Device(tmp_path / name, env=env)
        try:
            at_menu = device.phones()
            device.run(SAY_WHEN + START)
            game = device.phones()
        finally:
            assert "Traceback" not in device.close()
        return [(n["ssid"], n["key"]) for n in (at_menu, game)]

    seeded = networks("one", {"SIM_RANDOM": "7"})
    assert seeded == networks("two", {"SIM_RANDOM": "7"})
    assert seeded[0] != seeded[1]  # the menu's and the game's: a new one for each game
    assert seeded[0][0].startswith("Scanner-") and len(seeded[0][1]) == 8
    assert networks("other", {"SIM_RANDOM": "8"})[0] != seeded[0]
