"""What the record page shows of the game: worked out from the game the recording holds in
memory, without reading the file again (``Recording.look``)."""

from __future__ import annotations

from typing import Any

from meridina.drawing.svg import serialize
from meridina.games import shown_game
from meridina.json_values import JsonObject
from meridina.recording import Recording
from meridina.recording.session import Session
from meridina.stand_in import stand_in_line

from .game_events import game_stamp

SCORE_FIELDS = ("name", "colours", "rank", "points")


def record_state(recording: Recording) -> JsonObject:
    """Everything the page shows of the game now."""
    return recording.look(lambda session: session_state(session, recording.path.name))


def session_state(session: Session, file: str) -> JsonObject:
    """The page's view of ``session``'s game, the file named ``file``."""
    game, state = session.game, session.state
    tags = {tag.name: tag.value for tag in reversed(session.record.game.tags)}
    over = session.over
    colour = None if over else game.mover_colour(state)
    return {
        "game": game.name,
        "file": file,
        "players": tags.get("Players", ""),
        "edition": tags.get("Edition"),
        **game_stamp(session),
        "turns": [str(game.view.turn_heading(entry)) for entry in session.entries],
        "picture": picture(session, len(session.entries)),
        "stand_in": stand_in_line(session.board),
        "number": session.number,
        "over": over,
        "to_move": "" if over else str(game.mover(state)),
        "colour": None if colour is None else str(colour),
        "starts": [] if over else list(session.space().next_words([])),
        "supply": [] if over else [[str(what), int(n)] for what, n in game.supply(state)],
        "result": game.result_value(state) if over else None,
        "comments": [[c.text for c in entry.text.comments] for entry in session.entries],
        "game_comments": [c.text for c in session.record.game.comments],
        **standing(session, len(session.entries)),
    }


def view_state(session: Session, after: int) -> JsonObject:
    """The game as it stood after ``after`` turns (0: the start), to look back at: its
    picture, score and what each player held."""
    if not 0 <= after <= len(session.entries):
        raise ValueError(f"the game has {len(session.entries)} turns: none after {after}")
    return {"after": after, "picture": picture(session, after), **standing(session, after)}


def standing(session: Session, after: int) -> JsonObject:
    """Each player's score (rank order), the ties in words, and what each still holds."""
    game, state = session.game, session.states[after]
    sheet = game.score(state)
    rows = game.view.sheet_json(sheet, state)["players"]
    return {
        "score": [{name: row[name] for name in SCORE_FIELDS} for row in rows],
        "ties": list(game.ties(sheet)),
        "supplies": [
            {"who": who, "holds": [[what, count] for what, count in held]}
            for who, held in game.supplies(state)
        ],
    }


def picture(session: Session, turns: int) -> str:
    """The SVG picture after ``turns`` turns, each place named for a click, as
    ``Game.picture(targets=True)`` draws it."""
    game = session.game
    key = game.name.lower()
    state = session.states[turns]
    last: tuple[Any, Any] | None = None
    if turns:
        entry = session.entries[turns - 1]
        if entry.turn is not None:  # the step again: one turn, to mark what it made
            last = (entry.turn, game.step(session.states[turns - 1], entry.turn))
    if turns:
        when = "after " + str(game.view.turn_heading(session.entries[turns - 1]))
    else:  # as ``draw`` says it: a game with no turn yet is a position
        when = "start" if session.entries else "position"
    title = f"{game.view.TITLE}, game {session.index}, board {session.board.name}: {when}"
    drawn = shown_game(key).draw(state, last, title, stand_in_line(state.board), True)
    return serialize(drawn)
