"""The words the recorder understands besides turns: board, score, legal, undo, rule …"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from meridina.notation.check import check_text
from meridina.notation.legal_words import TrieSpace, legal_start

from .atomic_file import write_atomic
from .pictures import draw, turn_count
from .record_session import Line, Session
from .rule_texts import rule_page
from .same_file import same_file
from .svg import serialize

HELP = """\
Type a turn as it is written in a record, e.g. 'orange 7: 3@2' or 'red orange@E5 wall@B1'
(Tab offers the legal turns, narrowed as you type). A legal turn is written to the file at
once; an illegal one is explained and not written. Commands:
  board            the board now (board svg [FILE]: as an SVG picture)
  score            the standings now
  legal [WORDS]    every legal turn (after WORDS: what may follow them)
  undo             take the last turn back out of the file
  rule ID          what rule ID says, e.g. 'rule MER-R3'
  comment TEXT     a comment on the last turn
  help             this text
  quit             stop (Ctrl-D too); the file already holds every turn"""


@dataclass(frozen=True, slots=True)
class Reply:
    text: str
    quit: bool = False


def _board(session: Session, argument: str) -> Reply:
    words = argument.split(maxsplit=1)
    if words and words[0].lower() == "svg":
        return _board_svg(session, Path(words[1]) if len(words) > 1 else None)
    if argument:
        return Reply(f"board takes no argument here ({argument!r} is not understood)")
    return Reply(session.game.view.diagram(session.state))


def _board_svg(session: Session, target: Path | None) -> Reply:
    """The position now as an SVG picture, beside the record unless a file is named."""
    target = target or session.path.with_suffix(".svg")
    if same_file(target, session.path):
        return Reply(f"board svg: {target} is the record itself; name another file")
    reports = check_text(session.text(), session.path.parent)
    if not reports:
        return Reply("board svg: the record holds no game to draw yet")
    report = reports[-1]
    try:
        write_atomic(target, serialize(draw(report, turn_count(report))))
    except OSError as error:
        return Reply(f"board svg: {target} cannot be written ({error.strerror or error})")
    return Reply(f"wrote the board after turn {turn_count(report)} to {target}")


def _score(session: Session, argument: str) -> Reply:
    view = session.game.view
    sheet = session.game.score(session.state)
    return Reply(
        f"{view.status(sheet).capitalize()}\n{view.score_text(sheet, session.state, False)}"
    )


def _legal(session: Session, argument: str) -> Reply:
    space = session.space()
    words = argument.split()
    start = legal_start(words, space)
    if len(start) != len(words):
        return Reply(f"no legal turn starts with {argument!r}")
    follow = space.next_words(start)
    while len(follow) == 1 and not space.complete([*start, follow[0]]):
        start.append(follow[0])
        follow = space.next_words(start)
    if not follow:
        return Reply("the game is over" if session.over else f"{argument!r} is a whole turn")
    if isinstance(space, TrieSpace):
        return Reply("\n".join(_expand(start, space)))
    lead = " ".join(start)
    return Reply(
        f"{lead} then one of these {len(follow)}:\n"
        + "\n".join(_by_piece(follow))
        + f"\n('legal {lead} WORD' shows what may follow WORD)"
    )


def _by_piece(words: list[str]) -> list[str]:
    """``orange@E5 orange@E6 wall@B1`` as one line a piece: ``orange@ E5 E6``."""
    groups: dict[str, list[str]] = {}
    for word in words:
        piece, at, where = word.partition("@")
        groups.setdefault(piece + at, []).append(where if at else piece)
    return [
        f"  {piece} {' '.join(places)}" if piece else "  " + " ".join(places)
        for piece, places in groups.items()
    ]


def _expand(start: list[str], space: TrieSpace) -> list[str]:
    """Every whole legal turn after ``start``: one line per lead, its last words joined."""
    groups: dict[str, list[str]] = {}
    stack = [start]
    while stack:
        words = stack.pop()
        for word in space.next_words(words):
            turn = [*words, word]
            if space.complete(turn):
                groups.setdefault(" ".join(words), []).append(word)
            if space.next_words(turn):
                stack.append(turn)
    return [f"{lead} {' | '.join(ends)}" for lead, ends in sorted(groups.items())]


def _undo(session: Session, argument: str) -> Reply:
    taken = session.undo()
    if taken is None:
        return Reply("there is no turn to take back")
    return Reply(f"took back turn {session.game.view.turn_heading(taken)}")


def _rule(session: Session, argument: str) -> Reply:
    code = argument.strip().upper()
    if not code:
        return Reply("rule takes a rule ID, e.g. 'rule MER-R3'")
    page = rule_page(code)
    if page is None:
        return Reply(f"there is no rule {code}")
    return Reply(page)


def _comment(session: Session, argument: str) -> Reply:
    if not argument.strip():
        return Reply("comment takes the text of the comment")
    session.comment(argument)
    where = f"turn {session.entries[-1].text.number}" if session.entries else "the game"
    return Reply(f"comment added to {where}")


def _help(session: Session, argument: str) -> Reply:
    return Reply(HELP)


def _quit(session: Session, argument: str) -> Reply:
    return Reply("", quit=True)


COMMANDS: dict[str, Callable[[Session, str], Reply]] = {
    "board": _board,
    "score": _score,
    "legal": _legal,
    "undo": _undo,
    "rule": _rule,
    "comment": _comment,
    "help": _help,
    "quit": _quit,
    "exit": _quit,
}


def run_command(session: Session, line: str) -> Reply | None:
    """Carry out ``line`` when it is a command; None when it is not one (a turn)."""
    word, _, argument = line.strip().partition(" ")
    command = COMMANDS.get(word.lower())
    if command is None:
        return None
    return command(session, argument.strip())


def turn_lines(
    session: Session, lines: Iterable[Line], echo: Callable[[str], None]
) -> Iterator[tuple[int, Line]]:
    """The lines that are not commands, each with its number; the commands are carried out
    on the way, their answers given to ``echo``, until one of them says to stop."""
    for number, line in enumerate(lines, start=1):
        reply = run_command(session, line) if isinstance(line, str) else None
        if reply is None:
            yield number, line
        elif reply.quit:
            return
        else:
            echo(reply.text)
