"""``python -m meridina``: the same as the ``meridina`` command."""

from meridina.cli.main import main

if __name__ == "__main__":
    main()
