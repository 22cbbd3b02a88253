from start import main  # what a board runs at power-on, after boot.py

main()
