"""How Meridian games look on screen: board diagrams, turn descriptions, score tables."""

from __future__ import annotations

from meridina.json_values import JsonObject
from meridina.notation.driver import GameReport
from meridina.notation.meridian import MeridianRecord
from meridina.notation.meridian.writer import format_turn, write_record
from meridina.notation.turns import TurnEntry
from meridina.rules.meridian.engine import Step
from meridina.rules.meridian.model import MERIDIANS, Tower, Turn
from meridina.rules.meridian.scoring import IslandScore, ScoreSheet, island_scores, score
from meridina.rules.meridian.state import State
from meridina.rules.wording import counted
from tabulate import tabulate

from ..shown import shown
from ..turn_notes import HANDLED, fault_event, notes_at, notes_per_turn

SHORT = {"orange": "or", "black": "bk", "grey": "gy", "brown": "br"}
LEGEND = (
    "Each city: its island letter (a capital letter marks a capital) and any tower "
    "(or orange, bk black, gy grey, br brown, then its height). City 1 is the bottom row."
)


def tower_text(tower: Tower) -> str:
    return f"{SHORT.get(tower.colour, tower.colour[:2])}{tower.height}"


def diagram(state: State) -> str:
    board = state.board
    header = "      " + "".join(f"{m:^7}" for m in range(1, MERIDIANS + 1))
    rows = [header]
    for city in range(board.cities, 0, -1):
        cells = []
        for meridian in range(1, MERIDIANS + 1):
            island = board.islands[board.island_at[meridian - 1][city - 1]]
            letter = island.name.upper() if island.capital == (meridian, city) else island.name
            tower = state.columns[meridian - 1][city - 1]
            cells.append(f"{letter} {tower_text(tower) if tower else '.':<4} ")
        rows.append(f"  {city:>2}  " + "".join(cells).rstrip())
    hands = ", ".join(f"{colour} {count}" for colour, count in state.hands.items())
    rows.append(f"  pieces in hand: {hands}")
    return "\n".join(rows)


def player_label(state: State, index: int) -> str:
    player = state.players[index]
    return player.name or "/".join(player.colours)


def effect_sentences(step: Step | None, entry: TurnEntry[Turn]) -> list[str]:
    """What a turn did, in words; an illegal turn names its broken rule."""
    if entry.turn is None:
        return ["unreadable: " + "; ".join(p.message for p in entry.problems)]
    assert step is not None
    errors = [p for p in step.problems if not p.warning]
    fault = [fault_event(errors, HANDLED[step.handling])] if errors else []
    effect = step.effect
    turn = entry.turn
    if effect is None:  # discarded or ignored: the fault says so
        return fault
    if effect.placed is None and effect.removed is None:
        stuck = turn.skip and turn.skip.value == "stuck" and not errors
        return [*fault, "stuck: no tower possible" if stuck else "no tower placed"]
    sentences = []
    if effect.removed is not None:
        city, tower = effect.removed
        sentences.append(
            f"takes {tower_text(tower)} off city {city} "
            f"({counted(tower.height, 'piece')} back in hand)"
        )
    if effect.placed is not None:
        city, tower = effect.placed
        sentences.append(f"builds {tower_text(tower)} on city {city} of meridian {turn.meridian}")
    for push in effect.pushes:
        direction = "up" if push.to_city > push.from_city else "down"
        sentences.append(
            f"pushes {tower_text(push.tower)} {direction} "
            f"from city {push.from_city} to {push.to_city}"
        )
    return [*fault, *sentences]


def control_changes(before: State, after: State) -> list[str]:
    changes = []
    for old, new in zip(island_scores(before), island_scores(after), strict=True):
        if old.holder != new.holder:
            name = new.island.name
            if new.holder is None:
                changes.append(f"island {name}: no longer held")
            else:
                changes.append(f"island {name}: held by {player_label(after, new.holder)}")
    return changes


def running_score(sheet: ScoreSheet) -> str:
    return "score " + ", ".join(
        f"{p.name or '/'.join(p.colours)} {p.points}" for p in sheet.players
    )


def score_table(sheet: ScoreSheet) -> str:
    rows = [
        [
            p.rank,
            shown(p.name) if p.name else "-",
            " ".join(p.colours),
            " ".join(p.islands) or "-",
            p.points,
            p.pieces_left,
        ]
        for p in sheet.ranking()
    ]
    return tabulate(
        rows,
        headers=["Rank", "Player", "Colours", "Islands held", "Points", "Pieces left"],
        tablefmt="simple",
    )


def island_table(sheet: ScoreSheet, state: State) -> str:
    rows = []
    for result in sheet.islands:
        island = result.island
        capital = f"{island.capital[0]}.{island.capital[1]}" if island.capital else "-"
        garrisons = ", ".join(
            f"{player_label(state, owner)} {value}"
            for owner, value in sorted(result.garrisons.items())
        )
        holder = (
            player_label(state, result.holder)
            if result.holder is not None
            else ("tie" if result.tied else "-")
        )
        points = island.points if result.holder is not None else 0
        # names escaped before the table is laid out, so its columns stay in line
        rows.append(
            [island.name, island.points, capital, shown(garrisons) or "-", shown(holder), points]
        )
    return tabulate(
        rows,
        headers=["Island", "Cities", "Capital (meridian.city)", "Garrisons", "Held by", "Points"],
        tablefmt="simple",
    )


def state_json(state: State) -> JsonObject:
    return {
        "towers": [
            {"meridian": meridian, "city": city, "colour": tower.colour, "height": tower.height}
            for meridian, column in enumerate(state.columns, start=1)
            for city, tower in enumerate(column, start=1)
            if tower is not None
        ],
        "hands": dict(state.hands),
        "played": {c: sorted(card.label for card in cards) for c, cards in state.played.items()},
    }


def island_json(result: IslandScore, state: State) -> JsonObject:
    return {
        "island": result.island.name,
        "cities": result.island.points,
        "capital": list(result.island.capital) if result.island.capital else None,
        "garrisons": {player_label(state, o): v for o, v in sorted(result.garrisons.items())},
        "holder": player_label(state, result.holder) if result.holder is not None else None,
    }


def sheet_json(sheet: ScoreSheet, state: State) -> JsonObject:
    return {
        "finished": sheet.finished,
        "cards_left": sheet.cards_left,
        "players": [
            {
                "name": p.name,
                "colours": list(p.colours),
                "rank": p.rank,
                "points": p.points,
                "islands": list(p.islands),
                "pieces_left": p.pieces_left,
            }
            for p in sheet.ranking()
        ],
        "islands": [island_json(result, state) for result in sheet.islands],
    }


def turn_heading(entry: TurnEntry[Turn]) -> str:
    if entry.turn is not None:
        return f"{entry.text.number}. {format_turn(entry.turn)}"
    words = " ".join(w.text + (":" if w.kind == "key" else "") for w in entry.text.words)
    return f"{entry.text.number}. {words}"


# ---------------------------------------------------------------- the shared view interface

TITLE = "Meridian"


def events(step: Step | None, entry: TurnEntry[Turn]) -> list[str]:
    return effect_sentences(step, entry)


def notes(report: GameReport) -> list[list[str]]:
    """The notes for each turn: what it did, islands changing hands, the running score."""

    # the running score of the last state scored: a turn that changes nothing (one not
    # played, say) leaves the very same state, whose score is said again, not worked out again
    last: list[tuple[State, str]] = []

    def said(step: Step | None, entry: TurnEntry[Turn], before: State, after: State) -> list[str]:
        if not last or last[0][0] is not after:
            last[:] = [(after, running_score(score(after)))]
        # the same state after as before: no island changed hands
        changes = [] if after is before else control_changes(before, after)
        return [*effect_sentences(step, entry), *changes, last[0][1]]

    return notes_per_turn(report, said)


def write(record: MeridianRecord, annotations: list[list[str]]) -> str:
    return write_record(record, notes_at(annotations))


def score_text(sheet: ScoreSheet, final: State, details: bool) -> str:
    text = score_table(sheet)
    return f"{text}\n\n{island_table(sheet, final)}" if details else text


def status(sheet: ScoreSheet) -> str:
    if sheet.finished:
        return "finished"
    if sheet.cards_left is None:
        return "cards played unknown; scored as it stands"
    return f"not finished: {counted(sheet.cards_left, 'card')} left; scored as it stands"
