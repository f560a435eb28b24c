"""The words the recorder understands besides turns: board, score, legal, undo, rule …"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from meridina.drawing.pictures import draw, turn_count
from meridina.drawing.svg import serialize
from meridina.files.atomic_file import write_atomic
from meridina.notation.driver import check_text
from meridina.notation.legal_words import TrieSpace, legal_start
from meridina.notation.suggest import TAG_CUTOFF, did_you_mean, nearest
from meridina.recording.session import Line, Session

from ..files.same_file import same_file
from ..formats.legal_listing import field_runs, grouped_ends, natural_order
from ..formats.rule_texts import rule_page

HELP = """\
Type a turn as it is written in a record, e.g. 'orange 7: 3@2' or 'red orange@E5 wall@B1'
(Tab offers the legal turns, narrowed as you type); the colour may be left out when the
prompt names one. A legal turn is written to the file at once; an illegal one is explained
and not written. Commands:
  board            the board now (board svg [FILE]: as an SVG picture)
  score            the standings now
  legal [WORDS]    the legal turns, grouped (after WORDS: what may follow them);
                   legal --all [WORDS] lists every one in full
  undo             take the last turn back out of the file
  rule ID          what rule ID says, e.g. 'rule MER-R3'
  comment TEXT     a comment on the last turn
  help             this text
  quit             stop (Ctrl-D too); the file already holds every turn"""


@dataclass(frozen=True, slots=True)
class Reply:
    text: str
    quit: bool = False
    unknown: bool = False  # the line was neither a command nor a turn


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
    reports = check_text(session.text(), session.path.parent, session.rulings)
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
    text = f"{view.status(sheet).capitalize()}\n{view.score_text(sheet, session.state, False)}"
    note = session.stand_in_note()
    return Reply(f"{text}\n{note}" if note else text)


def _legal(session: Session, argument: str) -> Reply:
    space = session.space()
    words = argument.split()
    full = bool(words) and words[0] == ALL
    if full:
        words = words[1:]
        argument = " ".join(words)
    start = legal_start(words, space)
    if len(start) != len(words):
        return Reply(f"no legal turn starts with {argument!r}")
    follow = space.next_words(start)
    while len(follow) == 1 and not space.complete([*start, follow[0]]):
        start.append(follow[0])
        follow = space.next_words(start)
    if not follow:
        return Reply("the game is over" if session.over else f"{argument!r} is a whole turn")
    more = "" if full else f"\n('{ALL_HINT}' lists every turn in full)"
    if isinstance(space, TrieSpace):
        return Reply("\n".join(_expand(start, space, full)) + more)
    lead = " ".join(start)
    return Reply(
        f"{lead} then one of these {len(follow)}:\n"
        + "\n".join(_by_piece(follow, full))
        + f"\n('legal {lead} WORD' shows what may follow WORD)"
        + more
    )


ALL = "--all"
ALL_HINT = "legal --all [WORDS]"


def _by_piece(words: list[str], full: bool) -> list[str]:
    """``orange@E5 orange@E6 wall@B1`` as one line a piece: ``orange@ E5 E6``."""
    groups: dict[str, list[str]] = {}
    for word in words:
        piece, at, where = word.partition("@")
        groups.setdefault(piece + at, []).append(where if at else piece)
    lines = []
    for piece, places in groups.items():
        placed = piece.endswith("@") and not full
        shown = field_runs(places) if placed else " ".join(places)
        lines.append(f"  {piece} {shown}" if piece else f"  {shown}")
    return lines


def _expand(start: list[str], space: TrieSpace, full: bool) -> list[str]:
    """Every whole legal turn after ``start``: one line per lead, its last words joined
    (``full``) or grouped: ``black 4: pass; 2-18 high @ 1-4`` (ranges with en dashes)."""
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
    if full:
        return [f"{lead} {' | '.join(ends)}" for lead, ends in sorted(groups.items())]
    leads = sorted(groups, key=natural_order)
    return [f"{lead} {grouped_ends(groups[lead])}" for lead in leads]


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
    if (refused := session.comment(argument)) is not None:
        return Reply(f"REC-0 {refused}; nothing was written")
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
NAMES = [name for name in COMMANDS if name != "exit"]  # as help lists them


def run_command(session: Session, line: str) -> Reply | None:
    """Carry out ``line`` when it is a command; None when it is not one (a turn)."""
    word, _, argument = line.strip().partition(" ")
    command = COMMANDS.get(word.lower())
    if command is not None:
        return command(session, argument.strip())
    if _meant_as_command(session, word, argument):
        meant = did_you_mean(word, NAMES, TAG_CUTOFF) or "."
        return Reply(
            f"{word!r} is not a command{meant} The commands: {', '.join(NAMES)} "
            "('help' says what each does); or type a turn.",
            unknown=True,
        )
    return None


def _meant_as_command(session: Session, word: str, rest: str) -> bool:
    """A line no turn starts like: a bare word no turn word is close to, alone or close to
    a command (``clear``, ``scor``); a misspelt colour is left to the turn's own advice."""
    if not (word.isascii() and word.isalpha()):
        return False
    if nearest(word, session.game.turn_words(session.state)) is not None:
        return False
    return not rest.strip() or nearest(word, COMMANDS, TAG_CUTOFF) is not None


def turn_lines(
    session: Session,
    lines: Iterable[Line],
    echo: Callable[[str], None],
    unknown: Callable[[], None] = lambda: None,
) -> Iterator[tuple[int, Line]]:
    """The lines that are not commands, each with its number; the commands are carried out
    on the way, their answers given to ``echo``, until one of them says to stop. A line
    that is neither a command nor a turn is answered, and ``unknown`` called."""
    for number, line in enumerate(lines, start=1):
        reply = run_command(session, line) if isinstance(line, str) else None
        if reply is None:
            yield number, line
        elif reply.quit:
            return
        else:
            echo(reply.text)
            if reply.unknown:
                unknown()
