"""Each Medina fault words itself: one sentence for each class of fault, each way a rule
is broken, as a player reads it in a report (the records that break each rule are in
``test_medina_rules.py``; these pin every sentence, some of which no example reaches)."""

from __future__ import annotations

import pytest
from meridina.rules.medina.data_rules import D1DataFile
from meridina.rules.medina.faults import (
    UNWORDED,
    B1Field,
    B2OnePalaceGrows,
    ColourRetired,
    Fault,
    NoNeutralRoofs,
    NoPieceLeft,
    PalaceClosed,
    PalacesTouch,
    R1PalaceToRoof,
    SecondPalace,
    StableAlone,
    T5Tea,
)
from meridina.rules.medina.game import E6StatedResult
from meridina.rules.medina.model import Kind, Placement
from meridina.rules.medina.position import P1LooksReachable
from meridina.rules.medina.position_tiles import PT1PalaceTiles, TT1TowerTiles
from meridina.rules.medina.scoring import PlayerScore
from meridina.rules.medina.setup_rules import S1Players, S2EditionFits, S3SetupFields
from meridina.rules.medina.streets_walls import M1StreetEnd, NewStreetTouches, NoGate, W1WallArm
from meridina.rules.medina.ties import RoofOrderTie
from meridina.rules.medina.turn_rules import (
    GameOver,
    OutOfTurn,
    PassRefused,
    T2TwoPieces,
    T4MustRoof,
)

P = Placement(Kind.BUILDING, (2, 3), "orange")
W = Placement(Kind.WALL, (0, 4))
U = PlayerScore(0, "Ann", "red", (), (), (), 0, 20, 5, 3, 1)
L = PlayerScore(1, "", "blue", (), (), (), 0, 20, 5, 4, 2)

SENTENCES: list[tuple[Fault, str, str]] = [
    (OutOfTurn("red", "blue"), "MED-T1", "it is red's turn, not blue's"),
    (T2TwoPieces.TooMany(), "MED-T2", "a turn places at most two pieces"),
    (
        T2TwoPieces.Opening((3, "2", 1)),
        "MED-T2",
        (
            "an opening turn places a single piece: in edition 2 with 3 players, only the "
            "first turn places a single piece"
        ),
    ),
    (
        T2TwoPieces.Opening((4, "1", 0)),
        "MED-T2",
        (
            "an opening turn places a single piece: in edition 1 with 4 players, no opening "
            "turn places a single piece"
        ),
    ),
    (
        T2TwoPieces.Short("red", 1, (2, "1", 2)),
        "MED-T2",
        (
            "red places only 1 piece: a turn places two while any piece can still be placed "
            "(in edition 1 with 2 players, only the first 2 turns place a single piece)"
        ),
    ),
    (
        PassRefused("red", P),
        "MED-T3",
        "red may not pass: a orange building on C3 can still be placed",
    ),
    (PassRefused("red", W), "MED-T3", "red may not pass: a wall on A4 can still be placed"),
    (
        T4MustRoof.OthersStuck("red", "roof@C4"),
        "MED-T4",
        "no other player can move, so red must place a roof this turn (for example roof@C4)",
    ),
    (
        T4MustRoof.LastRoofs("red", "roof@C4"),
        "MED-T4",
        "red is the only player with roofs left and must place one this turn (for example roof@C4)",
    ),
    (T5Tea.NoneHeld("red"), "MED-T5", "red holds no tea tile"),
    (T5Tea.Twice(), "MED-T5", "one tea tile a turn"),
    (
        T5Tea.First(),
        "MED-T5",
        "a tea tile stands for the turn's second piece: place one piece first",
    ),
    (
        T5Tea.Alone(),
        "MED-T5",
        "a tea tile stands for one of the turn's two pieces: the turn still places one",
    ),
    (NoPieceLeft("red", "orange building"), "MED-T6", "red has no orange building left"),
    (
        ColourRetired("orange"),
        "MED-B5",
        "every player owns an orange palace: orange buildings have left the game",
    ),
    (NoNeutralRoofs(), "MED-R3", "this game has no neutral roofs"),
    (B1Field.Off((20, 3), "stable"), "MED-B1", "U3 is not on the board"),
    (
        B1Field.Ring((0, 3), "stable"),
        "MED-B1",
        "A3 is on the wall ring: a stable goes on a building field",
    ),
    (B1Field.Taken((2, 3), "building", "wall"), "MED-B1", "C3 is taken (wall)"),
    (
        B1Field.Well((2, 3), "building"),
        "MED-B1",
        "C3 is the well or next to it: no building may stand there",
    ),
    (
        PalacesTouch((2, 3), "stable", "black", (3, 4)),
        "MED-B3",
        (
            "a stable on C3 would touch the black palace at D4; palaces keep one free field "
            "between them"
        ),
    ),
    (
        PalacesTouch((2, 3), "", "black", (3, 4), position=True),
        "MED-B3",
        "C3 and D4 belong to different palaces but touch; palaces keep one free field between them",
    ),
    (StableAlone((2, 3)), "MED-B6", "a stable must be built next to a building; C3 touches none"),
    (StableAlone((2, 3), position=True), "MED-B6", "the stable on C3 touches no building"),
    (
        B2OnePalaceGrows.Growing("violet", 2, position=True),
        "MED-B2",
        "2 unroofed violet palaces could still grow; only one can be unfinished at a time",
    ),
    (
        B2OnePalaceGrows.Unroofed("violet", 3, position=True),
        "MED-B2",
        (
            "3 violet palaces are unroofed; a new violet palace starts only once the one "
            "before is roofed (ruling stuck-palace=roof)"
        ),
    ),
    (
        B2OnePalaceGrows.Stuck("violet", [(2, 3), (3, 3)], (1,)),
        "MED-B2",
        (
            "the violet palace (C3, D3) is stuck without a roof: no new violet palace may "
            "start until it is roofed (ruling stuck-palace=roof)"
        ),
    ),
    (
        B2OnePalaceGrows.Unjoined("violet", [(2, 3)], (1, 2)),
        "MED-B2",
        (
            "the unfinished violet palace (C3) can still grow: each violet building must be "
            "built onto it"
        ),
    ),
    (
        PalaceClosed("brown", (4, 5), 3),
        "MED-B4",
        "the brown palace at E5 is roofed or finished: it takes no more buildings",
    ),
    (R1PalaceToRoof.NoPalace((4, 5)), "MED-R1", "no palace stands on E5 to be roofed"),
    (
        R1PalaceToRoof.NoPalace((4, 5), position=True),
        "MED-R1",
        "no palace stands on E5 to carry a roof",
    ),
    (
        R1PalaceToRoof.OnStable((4, 5), "brown", (4, 6), "roof"),
        "MED-R1",
        (
            "E5 holds a stable of the brown palace at E6; a roof names its palace by one of "
            "the palace's buildings, as roof@E6"
        ),
    ),
    (
        R1PalaceToRoof.Roofed((4, 5), "brown", "red"),
        "MED-R1",
        "the brown palace already has red's roof",
    ),
    (
        R1PalaceToRoof.Roofed((4, 5), "brown", "neutral"),
        "MED-R1",
        "the brown palace already has a neutral roof",
    ),
    (
        R1PalaceToRoof.Roofed((4, 5), "brown", "red", position=True),
        "MED-R1",
        "the palace at E5 is given two roofs",
    ),
    (
        R1PalaceToRoof.Small((4, 5), 3),
        "MED-R1",
        "a palace needs 3 buildings to be roofed (ruling min-roof-size)",
    ),
    (SecondPalace("red", "orange"), "MED-R2", "red already owns an orange palace"),
    (SecondPalace("red", "orange", position=True), "MED-R2", "red owns two orange palaces"),
    (
        W1WallArm.Ring((3, 3)),
        "MED-W1",
        "a wall goes on a field of the ring between the towers, not D3",
    ),
    (W1WallArm.Taken((0, 3)), "MED-W1", "A3 already has a wall"),
    (
        W1WallArm.Loose((0, 3)),
        "MED-W1",
        "a wall on A3 would not join a tower or the end of a tower's wall",
    ),
    (W1WallArm.Loose((0, 3), position=True), "MED-W1", "the wall on A3 is not joined to a tower"),
    (
        NoGate((0, 3), 1, 2),
        "MED-W2",
        "a wall on A3 would close the gate between towers 1 and 2: one field must stay free",
    ),
    (NoGate(None, 1, 2, position=True), "MED-W2", "the walls between towers 1 and 2 leave no gate"),
    (M1StreetEnd.Field((0, 3)), "MED-M1", "a merchant goes on a building field, not A3"),
    (M1StreetEnd.Taken((2, 3), "stable"), "MED-M1", "C3 is taken (stable)"),
    (M1StreetEnd.Well((2, 3)), "MED-M1", "C3 is the well"),
    (
        M1StreetEnd.End(((2, 3), (4, 3))),
        "MED-M1",
        (
            "a merchant must extend the market street at an end (C3 or E3), touching exactly "
            "one merchant"
        ),
    ),
    (M1StreetEnd.Line((2, 3)), "MED-M1", "the merchants around C3 do not form a single line"),
    (
        M1StreetEnd.Twice((2, 3), (3, 3)),
        "MED-M1",
        (
            "the street through C3 and D3 touches an older street twice; only the merchant "
            "that starts a street may touch older ones"
        ),
    ),
    (
        NewStreetTouches((2, 3), 2, "one"),
        "MED-M2",
        (
            "both ends of the market street are blocked, so a new street starts; but C3 "
            "touches 2 merchants (ruling new-street-touch=one)"
        ),
    ),
    (
        NewStreetTouches((2, 3), 1, "none", position=True),
        "MED-M2",
        (
            "the street started at C3 touches 1 merchant of an older street (ruling "
            "new-street-touch=none)"
        ),
    ),
    (GameOver(), "MED-E1", "the game is over: nobody can place a piece"),
    (S1Players.Absent("pink"), "MED-S1", "pink is not playing in this game"),
    (S1Players.Absent("pink", position=True), "MED-S1", "pink is not playing"),
    (
        S1Players.Count("1", (2, 3, 4), 5),
        "MED-S1",
        "the Medina edition 1 is for 2 or 3 or 4 players, not 5",
    ),
    (
        S1Players.Piece("orange"),
        "MED-S1",
        (
            "'orange' names a building colour or piece; give each player a roof colour such "
            "as red, blue, green or yellow"
        ),
    ),
    (S1Players.Twice("red"), "MED-S1", "red is given to two players"),
    (
        S2EditionFits.UnknownEdition("9", "1 or 2"),
        "MED-S2",
        "unknown edition '9': meridina knows 1 or 2",
    ),
    (
        S2EditionFits.WrongBoard("b", 3, "2", "w"),
        "MED-S2",
        "board 'b' is not for 3 players in edition 2; use 'w'",
    ),
    (
        S2EditionFits.Option("2", "x", "none"),
        "MED-S2",
        "edition 2 has no option 'x' (it has: none)",
    ),
    (S2EditionFits.Neutral(4), "MED-S2", "there are no neutral roofs with 4 players"),
    (
        S3SetupFields.NoWell(),
        "MED-S3",
        'the well is on: give its field, as [Setup "well F6; merchant H7"]',
    ),
    (S3SetupFields.Well(), "MED-S3", "this game has no well"),
    (
        S3SetupFields.Field("well", True, (1, 1)),
        "MED-S3",
        "the well must stand on a building field that is not next to the ring, not B1",
    ),
    (
        S3SetupFields.Field("merchant", False, (0, 1)),
        "MED-S3",
        "the merchant must stand on a building field, not A1",
    ),
    (S3SetupFields.Shared((4, 4)), "MED-S3", "the well and the merchant share E4"),
    (
        S3SetupFields.NoMerchant(),
        "MED-S3",
        'give the first merchant\'s field, as [Setup "merchant H7"]',
    ),
    (D1DataFile.NotFound("no board 'x' is bundled"), "MED-D1", "no board 'x' is bundled"),
    (D1DataFile.Value("board", "b.toml", 4, "bad"), "MED-D1", "board file b.toml:4:1: bad"),
    (D1DataFile.Value("edition", "e.toml", None, "bad"), "MED-D1", "edition file e.toml: bad"),
    (
        PT1PalaceTiles.Unknown((("Ann", "red"), ("Bo", "blue")), "Cy"),
        "MED-PT1",
        (
            "Cy is neither a player nor a roof colour here: name one of Ann (red), Bo "
            "(blue), or nobody"
        ),
    ),
    (
        PT1PalaceTiles.NoPalace("orange", "Ann (red)"),
        "MED-PT1",
        "the orange palace tile belongs with a largest orange palace; Ann (red) has none",
    ),
    (
        PT1PalaceTiles.Kept("orange", (2, 3), "Ann (red)"),
        "MED-PT1",
        (
            "roofs: lists the orange palace at C3 first; it has no stable, so it was as "
            "large when roofed and kept the orange palace tile: Ann (red) cannot hold it"
        ),
    ),
    (
        PT1PalaceTiles.Tie("orange"),
        "MED-PT1",
        (
            "the largest orange palaces tie: say who holds the orange palace tile "
            "(palace-tiles: orange PLAYER, by name or roof colour)"
        ),
    ),
    (
        TT1TowerTiles.Unknown((("Ann", "red"),), None),
        "MED-TT1",
        "None is neither a player nor a roof colour here: name one of Ann (red), or nobody",
    ),
    (
        TT1TowerTiles.NoPalace(2, "nobody"),
        "MED-TT1",
        (
            "tower tile 2 goes to the owner of a roofed palace touching tower 2's walls; "
            "nobody has none"
        ),
    ),
    (
        TT1TowerTiles.Tie(3),
        "MED-TT1",
        (
            "several palaces touch tower 3's walls: say who holds tower tile 3 (tower-tiles: "
            "3 PLAYER, by name or roof colour)"
        ),
    ),
    (
        RoofOrderTie(U, L, "red@C4", "blue@D5"),
        "MED-E5",
        (
            "Ann ranks above blue only because roofs: lists red@C4 before blue@D5; check "
            "that this is the order the roofs went on"
        ),
    ),
    (
        E6StatedResult.Early("red"),
        "MED-E6",
        "the record states a result, but the game is not over (red can still place a piece)",
    ),
    (E6StatedResult.Points(("who", "Zed")), "MED-E6", "the result names 'Zed', who is not playing"),
    (
        E6StatedResult.Points(("points", "Ann", 20, 22)),
        "MED-E6",
        "the result gives Ann 20 points; they score 22",
    ),
    (
        E6StatedResult.Points(("left out", "Bo", 12)),
        "MED-E6",
        "the result leaves out Bo (who scores 12)",
    ),
    (P1LooksReachable.Off((20, 20)), "MED-P1", "U20 is not on the board"),
    (
        P1LooksReachable.Twice((2, 3), "wall", "stable"),
        "MED-P1",
        "C3 is given twice (wall and stable)",
    ),
    (
        P1LooksReachable.Ring((2, 3), "wall", True),
        "MED-P1",
        "a wall cannot stand on C3 (walls go on the ring)",
    ),
    (
        P1LooksReachable.Ring((0, 3), "stable", False),
        "MED-P1",
        "a stable cannot stand on A3 (the ring takes only walls)",
    ),
    (
        P1LooksReachable.Well((2, 3), "stable"),
        "MED-P1",
        "no stable may stand on or next to the well (C3)",
    ),
    (
        P1LooksReachable.Supply(9, "walls", 8),
        "MED-P1",
        "9 walls stand in the city; the supplies hold 8",
    ),
    (P1LooksReachable.Roofs("red", 5, 4), "MED-P1", "red has 5 roofs; a player has 4"),
    (
        P1LooksReachable.Spent("red", "a wall at A3"),
        "MED-P1",
        (
            "the position says the supplies are spent (the game is over), but a piece may "
            "still be placed: red could place a wall at A3"
        ),
    ),
    (
        P1LooksReachable.Neutral(2, 1),
        "MED-P1",
        "2 neutral roofs stand in the city; the supplies hold 1",
    ),
]


@pytest.mark.parametrize(("fault", "rule", "sentence"), SENTENCES)
def test_a_fault_words_itself(fault: Fault, rule: str, sentence: str) -> None:
    assert fault.rule == rule
    assert fault.words() == sentence
    assert fault.at(None).message == sentence


def _fault_classes() -> set[type[Fault]]:
    found: set[type[Fault]] = set()
    kinds: list[type[Fault]] = [Fault]
    while kinds:
        kind = kinds.pop()
        kinds.extend(kind.__subclasses__())
        # (``dataclass(slots=True)`` makes a new class: the one it replaced has no slots)
        made = "words" in vars(kind) and "__slots__" in vars(kind)
        if made and kind.__module__.startswith("meridina.rules.medina."):
            found.add(kind)
    return found - {Fault, type(UNWORDED)}


def test_every_fault_class_has_its_sentence_here() -> None:
    assert _fault_classes() == {type(fault) for fault, _, _ in SENTENCES}


def test_a_fault_of_a_written_position_is_a_copy_told_as_such() -> None:
    fault = StableAlone((2, 3))
    written = fault.in_position()
    assert written.position and not fault.position
    assert written.words() != fault.words() and written == StableAlone((2, 3), position=True)


def test_faults_are_slotted_and_name_their_facts() -> None:
    fault = B1Field.Taken((2, 3), "building", "wall")
    assert not hasattr(fault, "__dict__") and not hasattr(fault, "facts")
    assert (fault.cell, fault.what, fault.piece) == ((2, 3), "building", "wall")
