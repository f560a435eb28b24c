"""``python -m meridina``: the same as the ``meridina`` command."""

from meridina.cli.launch import main

if __name__ == "__main__":
    main()
