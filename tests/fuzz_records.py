"""Grammar-aware hostile records for the fuzz script: legal games, then spoilt.

Each record starts from random legal games of Meridian and of both Medina editions,
played by meridina's own generator, and is then spoilt by a few of many edits: turns
swapped, duplicated or deleted, wrong colours, numbers out of range or not ASCII,
control characters, workflow commands and terminal escapes in names and comments,
names a spreadsheet would run, markup, very long lines, many tags, nested braces,
and at the byte level truncation, a BOM, or bytes that are not UTF-8 in a later game.
Everything depends on one ``random.Random``, so a seed gives the same record again.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from hostile_fragments import BIG, FRAGMENTS
from medina_games import random_game as medina_game
from meridian_games import random_game as meridian_game

CANARY = "<b id=fuzzcanary>"  # markup that must never reach an SVG or HTML page unescaped

COLOURS = (
    "orange", "black", "grey", "brown", "red", "blue", "green", "yellow", "violet", "white",
)  # fmt: skip

CONTROLS = (
    "\x1b", "\x07", "\x00", "\r", "\u2028", "\u2029", "\u00a0", "\ufffe", "\x0b", "\x0c",
    "\x85", "\x9b", "\x7f", "\u202e", "\x08", "\x1b[2J", "\x1b[31m",
)  # fmt: skip

HOSTILE_NAMES = (
    "::error file=x.mrec,line=1::fuzz",
    "::warning::fuzz",
    "\x1b]0;fuzz\x07Ann",
    "Ann\x1b[2J",
    '=HYPERLINK("http://example.invalid")',
    "=1+1",
    "+1+1",
    "-1+2",
    "@SUM(A1)",
    "=cmd|'/c calc'!A0",
    "\tTab",
    "\u6f22\u5b57",
    "\U0001f3b2\U0001f3b2",
    "e\u0301\u0301\u0301",
    "\u202eAnn",
    "Ann\u2028Ben",
    "Ann\u00a0Lee",
    "Ann\x00",
    "Ann\r",
    CANARY,
    "</script>" + CANARY,
    "]]>&amp;&<",
    'a,b"c',
    "%0A::error::fuzz",
    "x" * 300,
)

DIGITS = ("\u00b2", "\u0663", "\uff13", "\U0001d7d5", "\u2460", "\u07c3", "\u0969")
NUMBERS = ("0", "-1", "99", "10000", "007", "4294967296", "1e9", BIG, "9" * 40)


@dataclass(frozen=True)
class HostileRecord:
    """A generated record: its bytes, what was done to it, and whether it is still legal."""

    data: bytes
    spoilers: tuple[str, ...]  # the edits made, in order
    legal: bool  # no edit at all: every game must validate
    games: tuple[str, ...]  # "meridian" or "medina" for each game, in order


# ---------------------------------------------------------------- legal games


def legal_game(rng: random.Random) -> tuple[str, list[str]]:
    """A random legal game of either game and edition, as its kind and lines."""
    seed = rng.randrange(2**31)
    if rng.random() < 0.5:
        players = rng.randint(2, 4)
        position_after = rng.randint(0, 12) if rng.random() < 0.15 else None
        try:
            game = meridian_game(
                seed,
                players,
                decks=rng.random() < 0.3,
                comments=rng.randint(0, 4),
                position_after=position_after,
            )
        except ValueError:  # the game ended before the position was to be taken
            game = meridian_game(seed, players, comments=rng.randint(0, 4))
        return "meridian", list(game.lines)
    edition = rng.choice(("1", "2"))
    players = rng.randint(3, 4) if edition == "1" else rng.randint(2, 4)
    medina = medina_game(seed, edition, players, comments=rng.randint(0, 4))
    return "medina", list(medina.lines)


TURN = re.compile(r"^\s*\d+\.")
TAG = re.compile(r'^\[(\w+) "(.*)"\]\s*$')


def turn_indices(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if TURN.match(line)]


def header_end(lines: list[str]) -> int:
    """The index of the first line after the header tags."""
    index = 0
    while index < len(lines) and lines[index].startswith("["):
        index += 1
    return index


def cut_short(rng: random.Random, lines: list[str]) -> list[str]:
    """The game's first few turns only, without its Result (so still legal)."""
    turns = turn_indices(lines)
    if not turns:
        return lines
    keep = rng.randint(0, len(turns))
    end = turns[keep] if keep < len(turns) else len(lines)
    return [line for line in lines[:end] if not line.startswith("[Result ")]


# ---------------------------------------------------------------- line spoilers

Spoiler = Callable[[random.Random, list[str]], list[str]]


def _pick_turn(rng: random.Random, lines: list[str]) -> int | None:
    turns = turn_indices(lines)
    return rng.choice(turns) if turns else None


def _pick_line(rng: random.Random, lines: list[str]) -> int:
    return rng.randrange(len(lines)) if lines else 0


def _insert_at(rng: random.Random, text: str, piece: str) -> str:
    at = rng.randint(0, len(text))
    return text[:at] + piece + text[at:]


def swap_turns(rng: random.Random, lines: list[str]) -> list[str]:
    turns = turn_indices(lines)
    if len(turns) >= 2:
        a, b = rng.sample(turns, 2)
        if rng.random() < 0.5:
            lines[a], lines[b] = lines[b], lines[a]
        else:  # keep the numbers, swap what was played
            head_a, _, body_a = lines[a].partition(". ")
            head_b, _, body_b = lines[b].partition(". ")
            lines[a], lines[b] = f"{head_a}. {body_b}", f"{head_b}. {body_a}"
    return lines


def duplicate_turn(rng: random.Random, lines: list[str]) -> list[str]:
    at = _pick_turn(rng, lines)
    if at is not None:
        lines.insert(at + rng.choice((0, 1, 3)), lines[at])
    return lines


def delete_turn(rng: random.Random, lines: list[str]) -> list[str]:
    at = _pick_turn(rng, lines)
    if at is not None:
        del lines[at]
    return lines


def wrong_colour(rng: random.Random, lines: list[str]) -> list[str]:
    at = _pick_turn(rng, lines)
    if at is not None:
        words = lines[at].split(" ")
        spots = [i for i, word in enumerate(words) if word in COLOURS]
        if spots:
            words[rng.choice(spots)] = rng.choice(COLOURS)
        lines[at] = " ".join(words)
    return lines


def _replace_token(
    rng: random.Random, lines: list[str], pattern: str, make: Callable[[str], str]
) -> list[str]:
    candidates = [i for i, line in enumerate(lines) if re.search(pattern, line)]
    if not candidates:
        return lines
    at = rng.choice(candidates)
    found = list(re.finditer(pattern, lines[at]))
    match = rng.choice(found)
    lines[at] = lines[at][: match.start()] + make(match.group()) + lines[at][match.end() :]
    return lines


def number_out_of_range(rng: random.Random, lines: list[str]) -> list[str]:
    return _replace_token(rng, lines, r"\d+", lambda _: rng.choice(NUMBERS))


def unicode_digit(rng: random.Random, lines: list[str]) -> list[str]:
    return _replace_token(rng, lines, r"\d", lambda _: rng.choice(DIGITS))


def control_character(rng: random.Random, lines: list[str]) -> list[str]:
    at = _pick_line(rng, lines)
    if lines:
        lines[at] = _insert_at(rng, lines[at], rng.choice(CONTROLS))
    return lines


def hostile_name(rng: random.Random, lines: list[str]) -> list[str]:
    """A player's name becomes a workflow command, escape, formula, markup or wide text."""
    for at, line in enumerate(lines):
        tag = TAG.match(line)
        if tag and tag.group(1) == "Players":
            entries = tag.group(2).split("; ")
            which = rng.randrange(len(entries))
            name, _, colour = entries[which].rpartition(" ")
            new = rng.choice(HOSTILE_NAMES).replace('"', "'")
            entries[which] = f"{new} {colour}" if name else new
            lines[at] = f'[Players "{"; ".join(entries)}"]'
            old = name.split(" ")[0] if name else ""
            if old and rng.random() < 0.7:  # keep the Result tag naming the same players
                lines[:] = [
                    line.replace(old, new) if line.startswith("[Result ") else line
                    for line in lines
                ]
            break
    return lines


def hostile_comment(rng: random.Random, lines: list[str]) -> list[str]:
    """A comment holding a workflow command, a terminal escape, markup or a fake note."""
    text = rng.choice(
        (
            "::error file=x.mrec,line=1::fuzz",
            "\n::error title=fuzz::injected\n",
            "\x1b]0;fuzz\x07",
            "\x1b[31mred\x1b[0m",
            CANARY,
            "</script><script>fuzz()</script>",
            "= a fake note",
            "http://example.invalid/x.png",
            "]]><!--",
            rng.choice(HOSTILE_NAMES),
        )
    )
    at = _pick_turn(rng, lines)
    if at is None:
        at = min(header_end(lines), len(lines))
        lines.insert(at, "{ " + text.replace("}", "") + " }")
    else:
        lines[at] += " { " + text.replace("}", "") + " }"
    return lines


def fake_note(rng: random.Random, lines: list[str]) -> list[str]:
    """annotate's own marks, written by hand: a note, a ';=' line."""
    piece = rng.choice(("{= builds nothing }", ";= this game cannot be read", "{=}", "{= {= }"))
    at = _pick_turn(rng, lines)
    if at is not None and not piece.startswith(";"):
        lines[at] += " " + piece
    else:
        lines.insert(_pick_line(rng, lines), piece)
    return lines


def long_line(rng: random.Random, lines: list[str]) -> list[str]:
    size = rng.choice((2_000, 5_000, 5_000, 20_000, 100_000))
    piece = rng.choice(("x", "ab ", "\u6f22", "{ ", "1. ", "3@2 ", ", "))
    text = piece * (size // len(piece))
    where = rng.random()
    if where < 0.4:
        at = _pick_turn(rng, lines)
        lines.insert(at if at is not None else len(lines), "{ " + text.replace("}", "") + " }")
    elif where < 0.7:
        lines.insert(header_end(lines), f'[Event "{text}"]')
    else:
        lines.insert(_pick_line(rng, lines), text)
    return lines


def many_tags(rng: random.Random, lines: list[str]) -> list[str]:
    count = rng.choice((20, 20, 200, 2000))
    name = rng.choice(("Event", "Site", "Round", "Zzz", "Players", "Game"))
    extra = [f'[{name} "v{i}"]' for i in range(count)]
    at = header_end(lines)
    return lines[:at] + extra + lines[at:]


def huge_number(rng: random.Random, lines: list[str]) -> list[str]:
    return _replace_token(rng, lines, r"\d+", lambda _: BIG)


def nested_braces(rng: random.Random, lines: list[str]) -> list[str]:
    piece = rng.choice(("{ a { b { c } d } e }", "{ " * 50 + "}" * 50, "{ open", "}", "{{{{"))
    at = _pick_turn(rng, lines)
    if at is None:
        lines.append(piece)
    else:
        lines[at] += " " + piece
    return lines


def fragment(rng: random.Random, lines: list[str]) -> list[str]:
    at = _pick_line(rng, lines)
    if lines:
        lines[at] = _insert_at(rng, lines[at], rng.choice(FRAGMENTS))
    return lines


def tag_value(rng: random.Random, lines: list[str]) -> list[str]:
    """A header tag's value made hostile (Setup, Options, Board, Result, Edition, ...)."""
    tags = [i for i, line in enumerate(lines) if TAG.match(line)]
    if tags:
        at = rng.choice(tags)
        tag = TAG.match(lines[at])
        assert tag is not None
        value = rng.choice(
            (
                "",
                tag.group(2) + "; " + tag.group(2),
                tag.group(2) + rng.choice(CONTROLS),
                rng.choice(HOSTILE_NAMES).replace('"', "'"),
                "../../../../etc/passwd",
                "/dev/zero",
                tag.group(2)[::-1],
                BIG,
                '\\"' + tag.group(2),
            )
        )
        lines[at] = f'[{tag.group(1)} "{value}"]'
    return lines


def drop_or_repeat_tag(rng: random.Random, lines: list[str]) -> list[str]:
    tags = [i for i, line in enumerate(lines) if TAG.match(line)]
    if tags:
        at = rng.choice(tags)
        if rng.random() < 0.5:
            del lines[at]
        else:
            lines.insert(at, lines[at])
    return lines


def renumber(rng: random.Random, lines: list[str]) -> list[str]:
    at = _pick_turn(rng, lines)
    if at is not None:
        head, _, body = lines[at].partition(". ")
        lines[at] = rng.choice((f"{head}.{head}. ", f"{head} ", "", "0. ", f"{head}... ")) + body
    return lines


def odd_spaces(rng: random.Random, lines: list[str]) -> list[str]:
    at = _pick_turn(rng, lines)
    if at is not None:
        lines[at] = lines[at].replace(" ", rng.choice(("\u00a0", "\t", "  ", "\u3000", "")), 1)
    return lines


LINE_SPOILERS: tuple[Spoiler, ...] = (
    swap_turns, duplicate_turn, delete_turn, wrong_colour, number_out_of_range, unicode_digit,
    control_character, hostile_name, hostile_name, hostile_comment, hostile_comment, fake_note,
    long_line, many_tags, huge_number, nested_braces, fragment, fragment, tag_value,
    drop_or_repeat_tag, renumber, odd_spaces,
)  # fmt: skip


# ---------------------------------------------------------------- byte spoilers


def truncate(rng: random.Random, data: bytes, starts: list[int]) -> bytes:
    return data[: rng.randint(0, len(data))]


def bad_bytes_in_a_later_game(rng: random.Random, data: bytes, starts: list[int]) -> bytes:
    later = starts[1:] or [len(data) // 2]
    at = rng.randint(rng.choice(later), len(data))
    return (
        data[:at]
        + rng.choice((b"\xff", b"\xc3(", b"\xed\xa0\x80", b"\xfe\xff", b"\x80"))
        + data[at:]
    )


def bom(rng: random.Random, data: bytes, starts: list[int]) -> bytes:
    mark = "\ufeff".encode()
    if rng.random() < 0.6:
        return mark + data
    at = rng.choice(starts[1:] or [rng.randint(0, len(data))])
    return data[:at] + mark + data[at:]


def nul_byte(rng: random.Random, data: bytes, starts: list[int]) -> bytes:
    at = rng.randint(0, len(data))
    return data[:at] + b"\x00" + data[at:]


ByteSpoiler = Callable[[random.Random, bytes, list[int]], bytes]
BYTE_SPOILERS: tuple[ByteSpoiler, ...] = (truncate, bad_bytes_in_a_later_game, bom, nul_byte)


# ---------------------------------------------------------------- whole records


def hostile_record(rng: random.Random) -> HostileRecord:
    """One or more games, most of them spoilt, joined into one file's bytes."""
    count = rng.choices((1, 2, 3), weights=(70, 20, 10))[0]
    games: list[list[str]] = []
    kinds: list[str] = []
    done: list[str] = []
    legal = rng.random() < 0.1
    for _ in range(count):
        kind, lines = legal_game(rng)
        kinds.append(kind)
        if not legal:
            if rng.random() < 0.5:
                lines = cut_short(rng, lines)
            for _ in range(rng.choice((1, 1, 2, 2, 3, 4))):
                spoiler = rng.choice(LINE_SPOILERS)
                lines = spoiler(rng, lines)
                done.append(spoiler.__name__)
        games.append(lines)
    ending = "\n" if legal else rng.choices(("\n", "\r\n", "\r"), weights=(90, 8, 2))[0]
    if ending != "\n":
        done.append("line ends " + repr(ending))
    texts = [ending.join(lines) + ending for lines in games]
    data = b""
    starts: list[int] = []
    for text in texts:
        starts.append(len(data))
        data += text.encode("utf-8", "surrogatepass") + ending.encode()
    if not legal and rng.random() < 0.25:
        byte_spoiler = rng.choice(BYTE_SPOILERS)
        data = byte_spoiler(rng, data, starts)
        done.append(byte_spoiler.__name__)
    return HostileRecord(data, tuple(done), legal, tuple(kinds))
