"""``meridina import boardspace``: Boardspace's Medina game files converted into records.

The files are written from the format (``boardspace_files.py``): every move verb, both
editions, 2 to 4 players, undos, cancelled picks, robot moves, tea, neutral roofs, an
unfinished game, and random legal games logged as Boardspace logs them. The expected
draws of the 2nd edition's well and merchant were computed with Java's own
``java.util.Random`` (``new Random(key)``, then ``nextInt`` as Boardspace's setup draws).
"""

from __future__ import annotations

import contextlib
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest
from boardspace_files import Moves, game_file, played_game
from conftest import Write, check_one, run_cli
from growth import LINEAR, calls, growth
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.notation.medina.boardspace import ConversionFault, conversion, convert
from meridina.notation.medina.boardspace.draws import well_and_merchant
from meridina.notation.medina.boardspace.header import is_move
from meridina.notation.medina.boardspace.java_random import JavaRandom
from meridina.notation.medina.boardspace.sgf import read_nodes
from meridina.rules.medina.rule_sets import rulings_of


def body(record: str) -> list[str]:
    return [line.split(". ", 1)[1] for line in record.splitlines() if line[:1].isdigit()]


def refusal(text: str) -> ConversionFault:
    with pytest.raises(ConversionFault) as caught:
        convert(text, "game.sgf")
    return caught.value


# ---------------------------------------------------------------- Java's generator


def test_the_generator_draws_what_java_draws() -> None:
    # Java: r = new Random(42); r.nextInt(), r.nextInt(14), r.nextInt(16), r.nextLong()
    draw = JavaRandom(42)
    assert draw.next_int() == -1170105035
    assert draw.next_int_below(14) == 5
    assert draw.next_int_below(16) == 10  # a power of two: the high bits
    assert draw.next_long() == 884324181205335268


@pytest.mark.parametrize(
    ("key", "standard", "two_player"),
    [  # from Java: well then merchant, each a column and a row, as Boardspace draws them
        (0, ("O10", "N5"), ("C9", "D7")),
        (1, ("N4", "D9"), ("L3", "J6")),
        (12345, ("H7", "N3"), ("J7", "L10")),
        (-7, ("G9", "G3"), ("M10", "I4")),
        (2147483647, ("N10", "D5"), ("L10", "F9")),
        (-2147483648, ("G8", "L11"), ("K5", "L5")),
        (987654321, ("M7", "I11"), ("K10", "E4")),
        (424242, ("I4", "H3"), ("K3", "D7")),
        (152, ("F8", "M4"), ("L4", "H8")),  # the merchant's first draw is the well: drawn again
    ],
)
def test_the_well_and_merchant_are_drawn_from_the_key_as_java_draws_them(
    key: int, standard: tuple[str, str], two_player: tuple[str, str]
) -> None:
    assert well_and_merchant(key, 3) == standard == well_and_merchant(key, 4)
    assert well_and_merchant(key, 2) == two_player


# ---------------------------------------------------------------- a game of every verb

EVERY_VERB = (
    Moves()
    .start(0)
    .piece(0, "black", "C10", "cancel")
    .done(0)
    .piece(1, "grey", "E10", "undo")
    .done(1)
    .piece(2, "roof", "C10", "robot")  # the first black roof: 3 tea tiles
    .piece(2, "wall", "A12")
    .done(2)
    .piece(0, "neutral", "E10")
    .piece(0, "merchant", "N4", "robot")
    .done(0)
    .piece(1, "merchant", "N5")
    .piece(1, "wall", "B13", "undo")
    .done(1)
    .piece(2, "black", "L10")
    .tea(2, "undo")
    .done(2)
    .done(0, robot_pass=True)  # blue could place: a pass meridina reports
    .piece(1, "orange", "F4")  # never ended by Done
)


def test_a_game_of_every_verb_converts_to_its_turns_and_validates() -> None:
    text = game_file(EVERY_VERB.moves, names=("ann", "ben", "cy"))
    record = convert(text, "every-verb.sgf")
    assert record == (
        '[Game "Medina"]\n'
        '[Edition "2"]\n'
        '[Site "Boardspace"]\n'
        '[Date "2019-03-03"]\n'
        '[Players "ann blue; ben green; cy red"]\n'
        '[Options "well, tea, tower-merchants, neutral-roofs"]\n'
        '[Setup "well H7; merchant N3"]\n'
        '[Rulings "set=boardspace-103"]\n'
        "{ Converted from the Boardspace game file every-verb.sgf: variation Medina-v2, "
        "engine revision 103, 3 players, random key 12345. }\n"
        "{ The last turn was never ended with Done; its 1 placement(s) are left out. }\n"
        "\n"
        "1. blue black@C10\n"
        "2. green grey@E10\n"
        "3. red roof@C10 wall@A12\n"
        "4. blue neutral@E10 merchant@N4\n"
        "5. green merchant@N5 wall@B13\n"
        "6. red black@L10 tea\n"
        "7. blue pass\n"
    )
    problems = [(p.rule, p.at.line if p.at else 0) for p in check_one(record).problems]
    assert problems == [("MED-T3", record.splitlines().index("7. blue pass") + 1)]


def test_the_seats_follow_the_colour_map_and_the_first_player() -> None:
    moves = Moves().start(2).piece(2, "orange", "E5").done(2).piece(0, "grey", "L9").done(0)
    record = convert(game_file(moves.moves, colours="3,1,0"), "map.sgf")
    assert '[Players "cy blue; ann yellow; ben green"]' in record
    assert body(record) == ["blue orange@E5", "yellow grey@L9"]


def test_a_colour_map_too_short_for_the_seats_is_boardspace_s_default_order() -> None:
    moves = Moves().start(0).piece(0, "orange", "E5").done(0)
    record = convert(game_file(moves.moves, colours="0,1"), "short.sgf")
    assert '[Players "ann blue; ben green; cy red"]' in record


def test_the_first_edition_s_first_piece_is_the_starting_merchant() -> None:
    moves = (
        Moves()
        .start(0)
        .piece(0, "merchant", "H7", "undo")
        .piece(0, "orange", "E5")
        .piece(0, "orange", "E6", "robot")
        .done(0)
    )
    text = game_file(moves.moves, variation="Medina", revision=None, key=None, players=3)
    record = convert(text, "first.sgf")
    assert '[Setup "merchant H7"]' in record and "[Options" not in record
    assert '[Rulings "set=boardspace-1"]' in record  # no revision: Boardspace reads 1
    assert body(record) == ["blue orange@E5 orange@E6"]
    assert not check_one(record).problems


# ---------------------------------------------------------------- files from before revision 100

OLD_GAME = (
    Moves()
    .start(1)
    .piece(1, "merchant", "H7")
    .piece(1, "orange", "E5")
    .piece(1, "orange", "E6", "robot")
    .done(1)
    .piece(2, "grey", "L9")
    .piece(2, "merchant", "H8")
    .done(2)
)


@pytest.mark.parametrize(
    ("setup", "players"),
    [
        ("Medina 3 0", 3),  # players, then a number Boardspace does not read
        ("Medina 4 0", 4),
        ("Medina 3", 3),
        ("Medina 2 0", 3),  # the 1st edition is played by 3 at least
        ("Medina 99 7", None),  # below 100 is still players
    ],
)
def test_a_file_from_before_revision_100_is_read_as_boardspace_reads_it(
    setup: str, players: int | None
) -> None:
    # the old form, as the format gives it: SU holds the variation and the players, and
    # Boardspace's viewer takes a first number below 100 as the players, revision 1, key 0
    seats = 'P0[id "ann"]P1[id "ben"]P2[id "cy"]P3[id "di"]'
    nodes = [f";P{seat}[{index} {move}]" for index, (seat, move) in enumerate(OLD_GAME.moves)]
    text = "\n".join([f"(;GM[Medina]SU[{setup}]DT[Jan 5 2008]{seats}", *nodes, ")"]) + "\n"
    if players is None:
        assert "'99' is not a number of players" in refusal(text).message
        return
    record = convert(text, "old.sgf")
    assert '[Rulings "set=boardspace-1"]' in record
    assert f"engine revision 1, {players} players, random key 0." in record
    assert '[Setup "merchant H7"]' in record and '[Date "2008-01-05"]' in record
    assert body(record) == ["green orange@E5 orange@E6", "red grey@L9 merchant@H8"]
    assert check_one(record).problems == []


def test_a_revision_without_players_is_refused_at_its_place() -> None:
    fault = refusal("(;GM[Medina]\nSU[Medina-v2 103];P0[0 Start P0])")
    assert fault.message == "SU gives revision 103 but no number of players"
    assert (fault.line, fault.column) == (2, 4)


def test_files_from_before_revision_100_play_as_revision_100_plays() -> None:
    # the engine's check at 100 (every player roofs a palace of a colour) takes effect
    # only with 101, which retires the colour's buildings
    assert rulings_of("boardspace-1") == rulings_of("boardspace-100")
    assert rulings_of("boardspace-1") != rulings_of("boardspace-101")


# ---------------------------------------------------------------- a missing or extra ')'


@pytest.mark.parametrize(
    ("ending", "why", "at"),
    [
        ("", "the game ends without its closing ')': read as if it were there", (4, 12)),
        ("\n\n", "the game ends without its closing ')': read as if it were there", (6, 1)),
        (")\n)", "an extra ')' after the game's closing ')': read past", (5, 1)),
        (") ) )\n", "2 extra ')' after the game's closing ')': read past", (4, 14)),
    ],
)
def test_a_missing_or_extra_final_parenthesis_is_read_with_a_warning(
    ending: str, why: str, at: tuple[int, int]
) -> None:
    text = (
        "(;GM[Medina]SU[Medina-v2 103 3 12345]\n;P0[0 Start P0]\n"
        ";P0[1 Pick P A 3];P0[2 Dropb E 5]\n;P0[3 Done]" + ending
    )
    read = conversion(text, "open.sgf")
    assert [(slip.rule, slip.message, (slip.line, slip.column)) for slip in read.slips] == [
        ("REC-1", why, at)
    ]
    assert body(read.record) == ["blue orange@E5"]


def test_the_command_warns_of_a_missing_parenthesis_and_converts(write: Write) -> None:
    whole = game_file(Moves().start(0).piece(0, "orange", "E5").done(0).moves)
    name = write("open.sgf", whole.rstrip().removesuffix(")"))
    result = run_cli("import", "boardspace", name)
    assert result.exit_code == 0 and result.stdout.endswith("1. blue orange@E5\n")
    where = f"{name}:{len(whole.rstrip().splitlines())}:1"  # where the ')' would stand
    assert result.stderr == (
        f"{where}: REC-1 warning: the game ends without its closing ')': read as if it were there\n"
    )


@pytest.mark.parametrize(
    ("revision", "rulings"),
    [
        (100, "set=boardspace-100"),
        (101, "set=boardspace-101"),
        (102, "set=boardspace-102"),
        (103, "set=boardspace-103"),
        (104, "set=boardspace-103"),  # 104 changed only the neutral roofs' colour
    ],
)
def test_the_rulings_follow_the_engine_revision(revision: int, rulings: str) -> None:
    moves = Moves().start(0).piece(0, "orange", "E5").done(0)
    record = convert(game_file(moves.moves, revision=revision), "r.sgf")
    assert f'[Rulings "{rulings}"]' in record


@pytest.mark.parametrize(
    ("seed", "edition", "players", "revision"),
    [
        (1, "1", 3, 103),
        (2, "1", 4, 100),
        (3, "2", 2, 103),
        (4, "2", 3, 102),
        (5, "2", 4, 101),
        (6, "2", 3, 104),
        (7, "1", 4, 103),
        (8, "2", 2, 101),
        (9, "1", 3, 1),  # a file from before revision 100
        (10, "1", 4, 1),
    ],
)
def test_random_legal_games_logged_by_boardspace_convert_back_to_their_turns(
    seed: int, edition: str, players: int, revision: int
) -> None:
    played = played_game(seed, edition, players, revision)
    read = conversion(played.text, "played.sgf")
    assert read.slips == ()  # every move is filed under the seat whose turn it is
    record = read.record
    report = check_one(record)
    assert report.problems == []
    seats = {colour: seat for seat, colour in enumerate(_colours_by_seat(played.text, players))}
    converted = [
        " ".join([str(seats[turn.split()[0]]), *turn.split()[1:]]) for turn in body(record)
    ]
    assert converted == played.turns


def _colours_by_seat(text: str, players: int) -> list[str]:
    colour_map = text.split("CM[", 1)[1].split("]", 1)[0].split(",")
    return [("blue", "green", "red", "yellow")[int(index)] for index in colour_map[:players]]


def test_the_logged_turns_of_players_who_hold_nothing_are_left_out() -> None:
    played = played_game(1, "1", 3)
    empty = played.text.count("Done]") - len(played.turns)
    assert empty > 0  # the game has such turns to leave out
    record = convert(played.text, "played.sgf")
    assert f"{{ {empty} empty turn(s) of players with no piece left" in record
    assert len(body(record)) == len(played.turns)


def test_a_resignation_ends_the_game_with_a_note() -> None:
    moves = Moves().start(0).piece(0, "orange", "E5").done(0)
    moves.moves += [(1, "Resign"), (1, "Resign"), (1, "Pick P B 1"), (1, "Dropb L 9")]
    moves.moves += [(1, "Done"), (0, "Resign"), (0, "Done"), (1, "Pick P B 0")]
    record = convert(game_file(moves.moves, players=2), "resign.sgf")
    assert body(record) == ["blue orange@E5", "green black@L9"]
    assert "{ The game stopped when blue resigned. }" in record


# ---------------------------------------------------------------- the seat a move is filed under


def _filed_under(seat: int, moves: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The moves all filed under ``seat``, Start kept under its own."""
    return [(mover if text.startswith("Start") else seat, text) for mover, text in moves]


def test_moves_filed_under_a_seat_whose_turn_it_is_not_are_a_warning_at_the_first() -> None:
    moves = Moves().start(2).piece(2, "orange", "E5").done(2).piece(0, "grey", "L9").done(0)
    moves.piece(1, "brown", "C3").done(1)
    right = conversion(game_file(moves.moves), "right.sgf")
    text = game_file(_filed_under(0, moves.moves))
    read = conversion(text, "p0.sgf")
    assert read.record.replace("p0.sgf", "right.sgf") == right.record  # as the turns go
    assert right.slips == ()
    line, column = _place_of(text, "1 Pick P C 3]")
    assert [(slip.rule, slip.message, (slip.line, slip.column)) for slip in read.slips] == [
        (
            "REC-1",
            "move '1 Pick P C 3' is filed under P0, but the turn order gives this turn to P2; "
            "the record follows the turn order (6 moves in all are filed under a seat whose "
            "turn it is not)",
            (line, column),
        )
    ]


def test_one_misfiled_move_is_named_alone_and_a_resignation_is_checked_too() -> None:
    moves = Moves().start(0).piece(0, "orange", "E5").done(0)
    moves.moves += [(0, "Resign"), (1, "Done")]  # the resignation of P1, filed under P0
    read = conversion(game_file(moves.moves, players=2), "resign.sgf")
    assert "{ The game stopped when green resigned. }" in read.record
    assert [slip.message for slip in read.slips] == [
        "move '4 Resign' is filed under P0, but the turn order gives this turn to P1; "
        "the record follows the turn order"
    ]


def test_the_command_prints_the_seat_warning_at_its_place_and_exits_0(write: Write) -> None:
    moves = Moves().start(0).piece(0, "orange", "E5").done(0).piece(1, "grey", "L9").done(1)
    name = write("p1.sgf", game_file(_filed_under(1, moves.moves)))
    result = run_cli("import", "boardspace", name)
    assert result.exit_code == 0
    line, column = _place_of(Path(name).read_text("utf-8"), "1 Pick P A 3]")
    assert result.stderr.startswith(f"{name}:{line}:{column}: REC-1 warning: move '1 Pick")
    assert body(result.stdout) == ["blue orange@E5", "green grey@L9"]


# ---------------------------------------------------------------- what is refused


def _place_of(text: str, needle: str) -> tuple[int, int]:
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return number, line.index(needle) + 1
    raise AssertionError(needle)


@pytest.mark.parametrize(
    ("move", "why"),
    [
        ("Edit", "edited"),
        ("Pickb C 10", "takes a piece off the board"),
        ("Pick X A 0", "editing the position"),
        ("Swap", "not a Medina move"),
        ("Pick M A 0", "another player's supply"),
        ("Dropb E 5", "no piece in hand"),
        ("Pick P B 7", "not a building colour"),
        ("Pick V A 0", "tea tile that was not just played"),
    ],
)
def test_a_move_that_cannot_be_converted_is_refused_at_its_line_and_column(
    move: str, why: str
) -> None:
    moves = Moves().start(0).piece(0, "black", "C10").done(0)
    moves.moves.append((1, move))
    text = game_file(moves.moves)
    fault = refusal(text)
    assert why in fault.message and f"'4 {move}'" in fault.message
    assert (fault.line, fault.column) == _place_of(text, f"4 {move}]")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("(;GM[Go]SU[Medina 3];P0[0 Start P0])", "not a Boardspace Medina game"),
        ("(;GM[Medina]SU[Chess 103 3 1];P0[0 Start P0])", "neither Medina nor Medina-v2"),
        ("(;GM[Medina]SU[Medina-v2 103 5 1])", "number of players from 2 to 4"),
        ("(;GM[Medina]SU[Medina-v2 105 3 1])", "newer than any"),
        ("(;GM[Medina]SU[Medina-v2 103 3 1]CM[0,0,1])", "two seats one colour"),
        ("(;GM[Medina]SU[Medina-v2 103 3];P0[0 Start P0])", "random key"),
        (
            "(;GM[Medina]SU[Medina 103 3 1];P0[0 Start P0];P0[1 Pick W A 0];P0[2 Dropb A 2]"
            ";P0[3 Done])",
            "starting merchant",
        ),
        ("(;GM[Medina]SU[Medina 103 3 1];P0[0 Start P0](;P0[1 Done]))", "variation"),
        ("(", "closing ')'"),
        ("(;GM[Medina]SU[Medina 103 3 1];P0[0 Start P0])x", "after the game"),
        ("(;GM[Medina]SU[Medina 103 3 1];P0[0 Start P0]))x", "after the game"),
        ("(;GM[Medina]SU[Medina 103 3 1];P0[0 Pick M A 0];P0[1 Dropb S 14])", "not a field"),
        ("(;GM[Medina]SU[Medina 103 3 1];P0[1 Start P0];P0[2 Done];P1[3 Start P1])", "new start"),
    ],
)
def test_a_file_that_is_not_a_convertible_game_is_refused(text: str, why: str) -> None:
    assert why in refusal(text).message


# ---------------------------------------------------------------- hostile files


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("(;GM[Medina]SU[Medina-v2 99999999999999999999 3 1])", "revision"),
        ("(;GM[Medina]SU[Medina-v2 103 3 99999999999999999999])", "random key"),
        ("(;GM[Medina]SU[Medina-v2 103 3 2147483648])", "random key"),
        ("(;GM[Medina]SU[Medina-v2 \uff11\uff10\uff13 3 1])", "revision"),
        ("(;GM[Medina]SU[Medina-v2 103 \uff13 1])", "number of players"),
        (
            "(;GM[Medina]SU[Medina-v2 103 3 1];P0[0 Start P0];P0[1 Dropb E 99999999999999999])",
            "whole number up to 9999",
        ),
        ("(;GM[Medina]SU[Medina-v2 103 3 1];P0[0 Start P0];P0[1 Dropb E \u0663])", "whole number"),
        ("(;GM[Medina]SU[Medina-v2 103 3 1];P0[99999999999999999 Start P0])", "index"),
        ("(;GM[Medina]SU[Medina-v2 103 3 1];P0[0 Start P99])", "seat"),
        ("(;GM[Medina]SU[Medina-v2 103 3 1];P0[0 Start P0];P0[1 Pick P A \u00b2])", "whole number"),
    ],
)
def test_numbers_are_ascii_digits_and_bounded(text: str, why: str) -> None:
    assert why in refusal(text).message


def test_deep_nesting_is_refused_at_once() -> None:
    text = "(;GM[Medina]SU[Medina 103 3 1]" + "(" * 200_000
    faults: list[ConversionFault] = []
    # the first '(' is refused: the work does not grow with the 200,000 after it
    work = calls(lambda: faults.append(refusal(text)))
    (fault,) = faults
    assert "variation" in fault.message and (fault.line, fault.column) == (1, 31)
    assert work < 1_000


def _converting(make: Callable[[int], str]) -> Callable[[int], Callable[[], object]]:
    def at(n: int) -> Callable[[], object]:
        text = make(n)

        def work() -> None:
            with contextlib.suppress(ConversionFault):
                convert(text, "long.sgf")

        return work

    return at


@pytest.mark.parametrize(
    "longer",
    [
        # many cancelled picks in one turn
        lambda n: game_file(Moves().start(0).moves + [(0, "Pick P A 1"), (0, "Drop P A 1")] * n),
        # a long value of escaped brackets
        lambda n: "(;GM[Medina]SU[Medina 103 3 1]C[" + "\\]" * (20 * n) + "])",
        # a value never closed
        lambda n: "(;GM[Medina]SU[Medina 103 3 1]C[" + "\\\\x" * (20 * n),
        # properties without end
        lambda n: "(;GM[Medina]" + "N[a]" * (10 * n),
    ],
)
def test_work_grows_with_the_length_of_the_file(longer: Callable[[int], str]) -> None:
    # four times the text: about four times the calls (sixteen if it were quadratic)
    assert growth(_converting(longer), 1_000) < LINEAR


def _peak_bytes(text: str) -> int:
    """The most memory that converting ``text`` held at once, beyond the text itself."""
    tracemalloc.start()
    try:
        with contextlib.suppress(ConversionFault):
            conversion(text, "long.sgf")
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize(
    "padding",
    [
        ";" * 400_000,
        ";\n" * 200_000,
        "; ;\t" * 100_000,
        ";TM[1]\n" * 60_000,
        ";P1[time 1]" * 40_000,
    ],
    ids=["empty nodes", "empty nodes on lines", "spaced", "timestamps", "seat facts"],
)
def test_memory_grows_with_the_moves_not_with_the_bytes(padding: str) -> None:
    moves = Moves().start(0).piece(0, "orange", "E5").done(0).piece(1, "grey", "L9").done(1)
    plain = game_file(moves.moves)
    first_move = plain.index("\n; ")
    padded = plain[:first_move] + "\n" + padding + plain[first_move:]
    assert body(convert(padded, "long.sgf")) == body(convert(plain, "long.sgf"))
    # nodes and properties that hold no move are not kept: the root and the moves' nodes
    assert len(read_nodes(padded, keep=is_move)) == 1 + len(moves.moves)
    # a node kept for each ';' would hold some 40 MB here; what is kept is the game's
    assert _peak_bytes(padded) < _peak_bytes(plain) + len(padding) // 8


@pytest.mark.parametrize("padding", [";\n;  ;\n" * 1000, "; ;" * 1000, ";TM[1]\n;\r\n" * 500])
def test_places_after_passed_over_nodes_are_where_the_text_is(padding: str) -> None:
    plain = game_file([*Moves().start(0).piece(0, "orange", "E5").moves, (0, "Edit")])
    first_move = plain.index("\n; ")
    padded = plain[:first_move] + "\n" + padding + plain[first_move:]
    fault = refusal(padded)
    assert (fault.line, fault.column) == _place_of(padded, "3 Edit]")


def test_player_names_are_kept_without_what_would_break_the_record() -> None:
    moves = Moves().start(0).piece(0, "orange", "E5").done(0)
    names = ('a;b"c\x1b[2J', "Dyer\\]", "\u202eevil")
    text = game_file(moves.moves, names=names)
    record = convert(text, "names.sgf")
    assert '[Players "a_b_c__2J blue; Dyer_ green; _evil red"]' in record
    assert not check_one(record).problems


# ---------------------------------------------------------------- the command


def test_the_command_writes_each_game_with_a_blank_line_between(write: Write) -> None:
    first = write("a.sgf", game_file(Moves().start(0).piece(0, "orange", "E5").done(0).moves))
    second = write("b.sgf", game_file(Moves().start(1).piece(1, "grey", "L9").done(1).moves))
    result = run_cli("import", "boardspace", first, second)
    assert result.exit_code == 0 and result.stderr == ""
    games = result.stdout.split("\n\n[Game")
    assert len(games) == 2 and "1. blue orange@E5" in games[0] and "1. green grey@L9" in games[1]
    assert "game file a.sgf:" in games[0] and "game file b.sgf:" in games[1]


def test_the_command_writes_to_a_file_with_o(write: Write, tmp_path: Path) -> None:
    game = write("a.sgf", game_file(Moves().start(0).piece(0, "orange", "E5").done(0).moves))
    out = tmp_path / "out.mrec"
    result = run_cli("import", "boardspace", game, "-o", str(out))
    assert result.exit_code == 0 and result.stdout == ""
    converted = out.read_text("utf-8")
    assert converted.endswith("1. blue orange@E5\n")
    assert run_cli("validate", str(out)).exit_code == 0


def test_a_refused_file_exits_1_with_its_place_and_the_others_still_convert(write: Write) -> None:
    good = write("good.sgf", game_file(Moves().start(0).piece(0, "orange", "E5").done(0).moves))
    bad = write("bad.sgf", game_file([*Moves().start(0).moves, (0, "Edit")]))
    result = run_cli("import", "boardspace", bad, good)
    assert result.exit_code == 1
    line, column = _place_of(Path(bad).read_text("utf-8"), "1 Edit")
    assert result.stderr.startswith(f"{bad}:{line}:{column}: move '1 Edit': ")
    assert "1. blue orange@E5" in result.stdout


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"(;GM[Medina]\0)", "binary"),
        (b"(;GM[Medina]\xff)", "not UTF-8"),
        (b"(" + b" " * (4 << 20), "larger than 4 MB"),
    ],
)
def test_a_file_that_cannot_be_read_exits_2(write: Write, content: bytes, why: str) -> None:
    result = run_cli("import", "boardspace", write("x.sgf", content))
    assert result.exit_code == 2 and why in result.stderr and result.stdout == ""


def test_a_missing_file_or_a_folder_exits_2_and_names_are_escaped(tmp_path: Path) -> None:
    result = run_cli("import", "boardspace", str(tmp_path), str(tmp_path / "no\x1bne.sgf"))
    assert result.exit_code == 2
    assert (
        "is not a regular file" in result.stderr and "no\\x1bne.sgf: no such file" in result.stderr
    )
    assert "\x1b" not in result.stderr
    assert run_cli("import", "boardspace").exit_code == 2  # no file: a usage error


def test_standard_input_is_read_with_a_dash() -> None:
    text = game_file(Moves().start(0).piece(0, "orange", "E5").done(0).moves)
    result = run_cli("import", "boardspace", "-", input_text=text)
    assert result.exit_code == 0 and "game file (standard input):" in result.stdout


def test_the_import_group_lists_its_converters_as_they_describe_themselves() -> None:
    import click
    from meridina.cli.commands.import_cmd import import_files
    from meridina.cli.games import IMPORT_COMMANDS

    context = click.Context(import_files)
    for name, (_, summary) in IMPORT_COMMANDS.items():
        command = import_files.get_command(context, name)
        assert command is not None and (command.help or "").startswith(summary)


# ---------------------------------------------------------------- any text at all

BIG = "9" * 400
PIECES_OF_FILES = [
    "(", ")", ";", "[", "]", "\\", "\\]", " ", "\n", "\r\n", "\x00", "\u202e", "\ufeff",
    "(;GM[Medina]VV[1]", "SU[Medina-v2 103 3 12345]", "SU[Medina 3]", f"SU[Medina {BIG} 3 1]",
    "SU[Medina-v2 103 2 -5]", "CM[3,1,0]", f"CM[{BIG}]", "CM[,,]", 'P0[id "ann"]', "P1[id ]",
    "; P0[0 Start P0]", "; P0[1 Pick P A 3]", "; P0[2 Dropb E 5]", "; P0[3 Done]",
    "; P1[4 OnBoard M B 0 F 6]", "; P1[5 Pickb F 6]", "; P1[6 Drop M B 0]", "; P2[7 Pick T C 0]",
    "; P2[8 Drop V A 0]", "; P2[9 Pick V A 0]", "; P0[Resign]", "; P0[Edit]", "; P0[Pass]",
    f"; P0[{BIG} Done]", f"; P0[1 Dropb E {BIG}]", "; P0[1 Dropb \u00b2 5]", "; P9[1 Done]",
    "; P0[time 0:01 ]", "TM[5]", "C[a \\] b]", "P0[]", "[x]", "GM[Go]",
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES_OF_FILES), max_size=40))
def test_any_text_is_converted_or_refused_at_a_place(pieces: list[str]) -> None:
    text = "".join(pieces)
    try:
        record = convert(text, "any.sgf")
    except ConversionFault as fault:
        assert fault.line >= 1 and fault.column >= 1 and fault.message
        return
    check_one(record)  # a record meridina reads through, whatever it finds in it


@pytest.mark.parametrize(
    ("written", "kept"),
    [
        ("Mar 3 2019", "2019-03-03"),
        ("dec 31 2020", "2020-12-31"),
        ("Mar 3 19", "Mar 3 19"),  # a shape it does not know is kept as written
        ("Mar \uff13 2019", "Mar \uff13 2019"),  # only ASCII digits are read as a day
        ("Foo 3 2019", "Foo 3 2019"),
    ],
)
def test_a_boardspace_date_is_written_as_records_write_dates(written: str, kept: str) -> None:
    moves = Moves().start(0).piece(0, "orange", "E5").done(0)
    text = game_file(moves.moves).replace("DT[Mar 3 2019]", f"DT[{written}]")
    assert f'[Date "{kept}"]' in convert(text, "r.sgf")
