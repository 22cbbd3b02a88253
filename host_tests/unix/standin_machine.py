# A module for mutate_run.py to fill, at every boot, with its stand-in `machine`'s names:
# the firmware forgets a module by emptying its globals (phases.unload), which a class put
# in sys.modules could not take; a module can, and is filled again at the next boot.
