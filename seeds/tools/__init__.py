"""What the commands do beyond reading a game, callable from Python: random legal games.

Each module here holds what its command uses, so that the command and the API give the
same answers; the command adds only its options and its output.
"""
