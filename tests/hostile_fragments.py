"""Pieces of hostile records, shared by the property test and the fuzz script."""

from __future__ import annotations

import random

BIG = "9" * 5000

HEADERS = [
    '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n',
    '[Game "Meridian"]\n[Players "Ann orange black; Ben grey brown"]\n',
    '[Game "Medina"]\n[Players "Ann red; Ben blue; Cy green"]\n[Setup "merchant H7"]\n',
    '[Game "Medina"]\n[Edition "2"]\n[Players "Ann red; Ben blue"]\n'
    '[Setup "well H6; merchant F8"]\n',
    # no Players tag: the position and turns are not given their meaning, yet must be kept
    '[Game "Meridian"]\n',
    '[Game "Medina"]\n',
    "",
]

FRAGMENTS = [
    # ordinary words of both games
    "1.", "2.", "3.", "12.", "orange", "black", "grey", "brown", "red", "blue", "7:", "4-5-6-7/6:",
    "3@2", "x", "x@3", "pass", "stuck", "orange@E5", "roof@E5", "wall@B1", "tea", "position",
    "hand:", "played:", "next:", "tower-tiles:", "tea:", "m7:", "\n",
    # a position entry, and a comment in square brackets after a character no word holds
    "position\n  7: grey 1@2\n", "\u00e9", "[Ann said 3@1]",
    # huge numbers in every place a number can stand
    f"{BIG}.", f"{BIG}@2", f"3@{BIG}", f"x@{BIG}", f"4-5-6-7/{BIG}:", f"m{BIG}:", f"{BIG}:",
    f"orange@E{BIG}", f"red {BIG}", f'[Result "Ann {BIG}"]\n', f'[Rulings "min-roof-size={BIG}"]\n',
    # digits that are not ASCII
    "\u00b2", "\u2460", "\u0663", "3@\u00b2", "E\u00b2", '[Result "Ann \u00b2"]\n',
    '[Setup "merchant H\u00b2"]\n', "\u0661.",
    # long runs of separators
    " " * 20000, "," * 20000, "\t" * 5000, ", " * 5000, "\n" * 2000,
    # comments and strings left open, tags in odd places
    "{", "}", "{ note }", ";", '"', "[", "]", '[Board "x"]', '[Board "' + "b" * 300 + '"]\n',
    '[Edition "../boards/standard"]\n', '[Board "/dev/zero"]\n', '[Game "Meridian"]\n',
    # control characters and byte-order marks
    "\x00", "\r", "\r\n", "\ufeff", "\x0b", "\x0c", "\u2028", "\u00a0",
]  # fmt: skip


def hostile_record(rng: random.Random, size: int = 30) -> str:
    """One generated record: a header, then a run of fragments."""
    parts = [rng.choice(HEADERS)]
    parts.extend(rng.choice(FRAGMENTS) for _ in range(rng.randint(0, size)))
    joiners = [" ", "", "\n"]
    return "".join(part + rng.choice(joiners) for part in parts)
