"""Boardspace's moves replayed into turns: what each player placed, and where.

Boardspace logs every click: a piece picked from a supply, dropped on a field, put back
(a cancelled pick), picked up again from the field it was just dropped on (an undo), a
robot's pick-and-drop in one move, and ``Done``, which ends the turn. Only what stands at
``Done`` is a turn's placement; cancelled picks and undos leave no trace. A tea tile is
played by dropping it on the discards (``V``). What only an editing player can do (the
``Edit`` verb, taking a piece off the board that was not just dropped, the supplies
that only puzzle mode reaches) is refused at its move.

Each move is filed under a seat (``P0``...``P3``). The turns follow Boardspace's turn order
from the first seat, whatever seat a move is filed under; a move filed under a seat whose
turn it is not is a warning at the first such move, with how many there are. ``Start``,
which names the first seat itself, and a loss on time, which either side may log, are not
checked.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from meridina.rules.codes import REC_1

from .draws import board_size
from .fault import ConversionFault, ConversionSlip
from .header import Header
from .moves import Move

BUILDINGS = ("grey", "black", "brown", "orange")  # Boardspace's palace colours, by index
PIECES = {"D": "roof", "N": "neutral", "M": "merchant", "W": "wall", "S": "stable", "T": "tea"}
DISCARDS = "V"  # where a played tea tile goes
TEA = "tea"
UNFILED_VERBS = frozenset({"start", "gameoverontime"})  # not checked against the turn order


@dataclass(slots=True)
class Converted:
    """The game as turns: each the seat and its placements (``PIECE@FIELD`` or ``tea``)."""

    first_seat: int
    turns: list[tuple[int, list[str]]] = field(default_factory=list)
    ending: str = ""  # how the game stopped, when not by play: "resigned", "time"
    ended_by: int = -1  # the seat that resigned or ran out of time
    unconfirmed: int = 0  # placements of a last turn never ended by Done, left out


@dataclass(slots=True)
class _Turn:
    placed: list[tuple[str, str]] = field(default_factory=list)  # (piece, field or "")
    dropped: list[int] = field(default_factory=list)  # indices into placed, undoable
    holding: str | None = None  # the piece picked and not yet dropped


def replay(
    header: Header, moves: list[Move], slips: list[ConversionSlip] | None = None
) -> Converted:
    """The turns that ``moves`` make, under ``header``'s seats and board; a move filed under
    another seat than the turn order's is a warning in ``slips``."""
    columns, rows = board_size(header.edition, header.players)
    converted = Converted(first_seat=0)
    seat = 0
    misfiled = 0
    first_misfiled: tuple[Move, int] | None = None  # the first such move, and the turn's seat
    turn = _Turn()
    resigning = False  # Resign waits for Done; a second Resign takes it back

    def fault(move: Move, why: str) -> ConversionFault:
        return ConversionFault(f"move '{move.text}': {why}", move.line, move.column)

    def cell(move: Move, column: str, row: int) -> str:
        if not ("A" <= column <= chr(ord("A") + columns - 1) and 1 <= row <= rows):
            raise fault(move, f"{column}{row} is not a field of the {columns} x {rows} board")
        return f"{column}{row}"

    def piece(move: Move, supply: str, column: str, row: int) -> str:
        if supply in ("X", "U", "Z"):
            raise fault(move, "this supply is reached only by editing the position")
        if column != chr(ord("A") + seat):
            raise fault(move, "a piece from another player's supply")
        if supply == "P":
            if row >= len(BUILDINGS):
                raise fault(move, f"{row} is not a building colour (0 to 3)")
            return BUILDINGS[row]
        found = PIECES.get(supply)
        if found is None:
            raise fault(move, f"'{supply}' is not a Medina supply")
        return found

    for move in moves:
        if converted.ending:
            break  # the game is over; nothing after it counts
        verb = move.verb
        if move.seat != seat and verb not in UNFILED_VERBS:
            misfiled += 1
            first_misfiled = first_misfiled or (move, seat)
        if verb == "edit":
            raise fault(move, "the position was edited; an edited game cannot be converted")
        if verb == "start":
            if converted.turns or turn.placed:
                raise fault(move, "a new start in the middle of the game (an edited game)")
            if move.player >= header.players:
                raise fault(move, f"P{move.player} is not a seat of this game")
            seat = converted.first_seat = move.player
            turn = _Turn()
        elif verb == "pick" and move.supply == DISCARDS:
            if not turn.dropped or turn.placed[turn.dropped[-1]][0] != TEA:
                raise fault(move, "takes back a tea tile that was not just played")
            turn.placed.pop(turn.dropped.pop())
            turn.holding = TEA
        elif verb == "pick":
            if turn.holding is not None:
                raise fault(move, "picks a piece while another is still in hand")
            if turn.dropped and turn.placed[turn.dropped[-1]][0] == TEA:
                turn.placed.pop(turn.dropped.pop())  # Boardspace takes the tea tile back
            turn.holding = piece(move, move.supply, move.column_from, move.row_from)
        elif verb == "drop" and move.supply == DISCARDS:
            if turn.holding != TEA:
                raise fault(move, "only a tea tile goes on the discards")
            turn.placed.append((TEA, ""))
            turn.dropped.append(len(turn.placed) - 1)
            turn.holding = None
        elif verb == "drop":
            turn.holding = None  # put back into its supply: a cancelled pick
        elif verb == "dropb":
            if turn.holding is None or turn.holding == TEA:
                raise fault(move, "drops on the board with no piece in hand")
            turn.placed.append((turn.holding, cell(move, move.column_from, move.row_from)))
            turn.dropped.append(len(turn.placed) - 1)
            turn.holding = None
        elif verb == "pickb":
            here = cell(move, move.column_from, move.row_from)
            if not turn.dropped or turn.placed[turn.dropped[-1]][1] != here:
                raise fault(move, "takes a piece off the board (editing the position)")
            turn.holding = turn.placed.pop(turn.dropped.pop())[0]
        elif verb == "onboard":
            turn.holding = None
            turn.dropped.clear()  # the robot's move first makes the earlier ones final
            taken = piece(move, move.supply, move.column_from, move.row_from)
            where = "" if taken == TEA else cell(move, move.column_to, move.row_to)
            turn.placed.append((taken, where))
            turn.dropped.append(len(turn.placed) - 1)
        elif verb == "done" and resigning:
            converted.ending, converted.ended_by = "resigned", seat
        elif verb == "done":
            converted.turns.append((seat, [_word(*placed) for placed in turn.placed]))
            seat = (seat + 1) % header.players
            turn = _Turn()
        elif verb == "resign":
            resigning = not resigning
        elif verb == "gameoverontime":
            converted.ending, converted.ended_by = "time", seat
        # "pass" changes nothing: the turn's Done ends it without a piece
    converted.unconfirmed = 0 if converted.ending else len(turn.placed)
    if first_misfiled is not None and slips is not None:
        slips.append(_misfiled_slip(*first_misfiled, misfiled))
    return converted


def _misfiled_slip(move: Move, seat: int, count: int) -> ConversionSlip:
    message = (
        f"move '{move.text}' is filed under P{move.seat}, but the turn order gives this turn "
        f"to P{seat}; the record follows the turn order"
    )
    if count > 1:
        message += f" ({count} moves in all are filed under a seat whose turn it is not)"
    return ConversionSlip(message, move.line, move.column, REC_1)  # the file's slip


def _word(piece: str, where: str) -> str:
    return f"{piece}@{where}" if where else piece
