"""What record mode shows at a glance: every player's supply, the turns with their comments,
the game as it stood after any turn (to look back at), and ties of points said in words."""

from __future__ import annotations

from pathlib import Path

import meridina
from table_games import client_for, closed_clients, generated, header, turn_lines

__all__ = ["closed_clients"]  # closes the clients each test opens

MEDINA = (
    '[Game "Medina"]\n[Edition "1"]\n[Players "Ann red; Ben blue; Cy green"]\n'
    '[Setup "merchant H7"]\n'
)
MERIDIAN = '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey"]\n'
TURNS = ("red orange@E5 wall@B1", "blue grey@G9 wall@C1")


def new_record(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "game.mrec"
    path.write_text(text, "utf-8")
    return path


def test_every_players_supply_is_shown_not_only_the_movers(tmp_path: Path) -> None:
    client = client_for(new_record(tmp_path, MEDINA))
    client.post("/api/record/play", json={"turn": TURNS[0]})
    state = client.get("/api/record/state").json()
    assert [p["who"] for p in state["supplies"]] == ["Ann (red)", "Ben (blue)", "Cy (green)"]
    ann, ben = (dict(map(tuple, p["holds"])) for p in state["supplies"][:2])
    assert (
        ann["walls"] == ben["walls"] - 1 and ann["orange buildings"] + 1 == ben["orange buildings"]
    )
    assert [list(line) for line in state["supply"]] == state["supplies"][1]["holds"]  # Ben moves


def test_meridian_supplies_are_each_players_colours_with_pieces_and_cards(tmp_path: Path) -> None:
    state = client_for(new_record(tmp_path, MERIDIAN)).get("/api/record/state").json()
    assert [p["who"] for p in state["supplies"]] == ["Ann (orange)", "Ben (black)", "Cy (grey)"]
    kinds = [what for what, _ in state["supplies"][0]["holds"]]
    assert kinds == ["orange pieces", "orange cards"]


def test_the_turns_are_shown_with_their_comments(tmp_path: Path) -> None:
    client = client_for(new_record(tmp_path, MEDINA))
    client.post("/api/record/comment", json={"text": "a club game"})
    client.post("/api/record/play", json={"turn": TURNS[0]})
    client.post("/api/record/comment", json={"text": "a quiet start"})
    client.post("/api/record/play", json={"turn": TURNS[1]})
    state = client.get("/api/record/state").json()
    assert state["game_comments"] == ["a club game"]
    assert state["turns"] == ["1. red orange@E5 wall@B1", "2. blue grey@G9 wall@C1"]
    assert state["comments"] == [["a quiet start"], []]


def test_looking_back_shows_the_game_as_it_stood_after_any_turn(tmp_path: Path) -> None:
    record = generated("medina", "2", 3, 1)
    path = new_record(tmp_path, header(record))
    client = client_for(path)
    for turn in turn_lines(record)[:6]:
        assert client.post("/api/record/play", json={"turn": turn}).json()["written"]
    before = path.read_bytes()
    (game,) = meridina.read_games(path)
    for after in (0, 3, 6):
        seen = client.post("/api/record/view", json={"after": after}).json()
        assert seen["after"] == after
        assert seen["picture"] == game.picture(after, targets=True)
        assert [row["points"] for row in seen["score"]] == [
            row.points for row in game.score(after).players
        ]
    start = client.post("/api/record/view", json={"after": 0}).json()
    assert all(dict(map(tuple, p["holds"]))["walls"] > 0 for p in start["supplies"])
    assert client.post("/api/record/view", json={"after": 7}).status_code == 400
    assert client.post("/api/record/view", json={"after": "3"}).status_code == 400
    stale = client.post("/api/record/view", json={"after": 1, "seen": "0" * 16})
    assert stale.status_code == 409 and stale.json()["moved_on"]
    assert path.read_bytes() == before  # looking back writes nothing


def test_a_tie_of_points_is_said_in_words_with_its_rule(tmp_path: Path) -> None:
    record = generated("medina", "2", 4, 1)
    path = new_record(tmp_path, header(record))
    recording = meridina.Recording(path)
    for turn in turn_lines(record)[:80]:
        assert recording.play(turn).written
    state = client_for(path).get("/api/record/state").json()
    tied = [row for row in state["score"] if row["points"] == 27]
    assert [row["rank"] for row in tied] == [3, 4]
    assert state["ties"] == [
        "Eva (red) and Jon (blue) both have 27 points; Eva (red) ranks above, with the "
        "larger largest palace (6 buildings to 5) (MED-E5)."
    ]


def test_players_equal_on_everything_share_a_place(tmp_path: Path) -> None:
    for text, rule in ((MEDINA, "MED-E5"), (MERIDIAN, "MER-E4")):
        state = client_for(new_record(tmp_path, text)).get("/api/record/state").json()
        assert len(state["ties"]) == 2 and all(rule in said for said in state["ties"])
        assert all("share a place" in said for said in state["ties"])
        assert {row["rank"] for row in state["score"]} == {1}
