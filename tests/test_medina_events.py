"""What a Medina turn brings about comes out of the rules as typed values; the view words them."""

from __future__ import annotations

from conftest import check_one
from meridina.medina.view import event_text
from meridina.rules.medina.engine import Step
from meridina.rules.medina.events import (
    ColourRetired,
    Event,
    PalaceTileMoved,
    TeaTilesTaken,
    TowerMerchantsTaken,
    TowerTileMoved,
)


def steps(
    *body: str, edition: str = "2", options: str = "well, tea, tower-merchants"
) -> list[Step]:
    lines = [
        '[Game "Medina"]',
        f'[Edition "{edition}"]',
        '[Players "Ann red; Ben blue; Cy green"]',
        f'[Options "{options}"]' if edition == "2" else "",
        '[Setup "well O9; merchant H7"]' if edition == "2" else '[Setup "merchant H7"]',
        *body,
    ]
    report = check_one("\n".join(line for line in lines if line) + "\n")
    assert report.run is not None
    return [step for step in report.run.steps if isinstance(step, Step)]


def events_of(*body: str, **kwargs: str) -> list[tuple[Event, ...]]:
    return [step.events for step in steps(*body, **kwargs)]


def test_a_roof_on_black_brings_the_tile_and_tea_as_values() -> None:
    found = events_of("1. red black@E5", "2. blue merchant@H8", "3. green roof@E5 merchant@H9")
    assert found[2] == (PalaceTileMoved("black", "green"), TeaTilesTaken("green", 3))


def test_a_wall_next_to_a_roofed_palace_brings_the_tower_tile_and_its_merchants() -> None:
    found = events_of(
        "1. red orange@B12",
        "2. blue merchant@H8",
        "3. green roof@B12 merchant@H9",
        "4. red wall@A12 merchant@H10",
    )
    assert found[3] == (TowerTileMoved(1, "green"), TowerMerchantsTaken(1, 3, "green"))


def test_a_colour_owned_by_everybody_retires() -> None:
    found = events_of(
        "1. red orange@C3 roof@C3",
        "2. blue orange@F3 roof@F3",
        "3. green orange@J3 roof@J3",
        edition="1",
    )
    assert ColourRetired("orange") in found[2]


def test_the_view_words_each_event() -> None:
    said = [
        event_text(PalaceTileMoved("grey", "red")),
        event_text(PalaceTileMoved("grey", None)),
        event_text(TowerTileMoved(2, None)),
        event_text(TowerMerchantsTaken(1, 3, "blue")),
        event_text(TowerMerchantsTaken(3, 1, None)),
        event_text(TeaTilesTaken("green", 1)),
        event_text(ColourRetired("orange")),
    ]
    assert said == [
        "grey palace tile: red",
        "grey palace tile: nobody",
        "tower tile 2: nobody",
        "blue takes the 3 merchants of tower 1",
        "the 1 merchant of tower 3 leave the game",
        "green takes 1 tea tile",
        "every player owns an orange palace: orange buildings leave the game",
    ]
