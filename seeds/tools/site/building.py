"""A club's static site (``meridina site``): the standings, the latest games, a replay page
per game (``replay_page``'s, with the site's links above it), the record of each game as
typed, and a page per player.

The site is plain files with relative links: it opens from disk and on any static host,
and needs no network. File names are ids (``model``). A page is written only when its
text differs from the file on disk, through a temporary file and a rename; a game's replay
page, the costly part, is drawn only when what it is made of changed (its ``key``); files
of games no longer in the collection are removed. ``SiteCache`` keeps, in the site's folder,
each record file's games (``cache``), so a rebuild checks only the files that changed.
"""

from __future__ import annotations

import dataclasses
import io
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from meridina.notation.driver import GameReport

from ...api import Game
from ...files.atomic_file import replacing
from ...shown import problem_line
from ..ratings import rate
from ..replay_page import hidden_folders, page_ends, page_name, write_game
from ..statistics import gather
from ..summaries import game_summary
from .cache import CACHE_NAME, SiteCache, page_key
from .model import Collection, SiteGame, Unreadable
from .pages import (
    all_games_page,
    game_nav,
    home_page,
    player_page,
    player_ratings,
    players_page,
    ratings_section,
    statistics_section,
)

__all__ = [
    "Built",
    "SiteError",
    "build_site",
    "drawn_block",
    "hidden_folders",
    "replay_block",
    "shown_file",
    "site_game",
    "unhidden",
]

FOLDERS = ("games", "players", "records")
# the files of ``FOLDERS`` the site writes, the only ones a rebuild removes
OWN_FILE = re.compile(r"[0-9a-f]{20}\.(?:html|mrec)\Z")
# a game's block in its replay page (``replay_page``): base 85 holds no "<"
REPLAY_BLOCK = re.compile(
    r'<script type="application/octet-stream" class="replay-game"[^<>]*>[^<]*</script>\n'
)
LARGEST_PAGE = 64 * 1024 * 1024


class SiteError(Exception):
    """The site cannot be written there: the sentence says why."""


@dataclass
class Built:
    """What a build did: the files written (paths inside the site), how many stood as they
    were, and the files removed."""

    written: list[str] = field(default_factory=list)
    unchanged: int = 0
    removed: list[str] = field(default_factory=list)


def replay_block(report: GameReport, name: str, hide: Sequence[tuple[str, str]] = ()) -> str:
    """A game's block of its replay page (``replay_page.write_game``), for the record file
    ``name``; ``hide`` as ``hidden_folders`` gives it."""
    stream = io.StringIO()
    write_game(stream, report, page_name(name), hide)
    return stream.getvalue()


def unhidden(text: str, hide: Sequence[tuple[str, str]]) -> str:
    """``text`` with each folder of ``hide`` said as the site shows it."""
    for hidden, shown in hide:
        text = text.replace(hidden, shown)
    return text


def site_game(game: Game, settings: str = "") -> SiteGame:
    """A game the API read, as the site shows it: its problems all kept; its file named as
    read when that is a path inside the current folder, else by its name alone."""
    report = game._report  # the API's own modules share the checked game
    file = game.file or "record"
    shown = shown_file(file)
    hide = hidden_folders(file, shown)
    summary = dataclasses.replace(game_summary(game), file=shown)
    return SiteGame(
        summary,
        report.source,
        tuple(unhidden(problem_line(shown, problem), hide) for problem in report.problems),
        page_key(settings, file, report.index, report.first_line, report.source),
        replay_block(report, file, hide),
    )


def shown_file(path: str) -> str:
    """``path`` as a site shows it: as given when it lies inside the current folder (no
    ``..``), else by its name alone, so that no path of this machine is shown."""
    given = Path(os.path.normpath(path))
    return given.as_posix() if not given.is_absolute() and ".." not in given.parts else given.name


def drawn_block(folder: Path, game_id: str) -> str | None:
    """The replay block of the game page ``game_id`` the site holds, None without one: a
    game that did not change keeps it, under links and words written again."""
    path = folder / "games" / f"{game_id}.html"
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size > LARGEST_PAGE:
            return None
        blocks = REPLAY_BLOCK.findall(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError):
        return None
    return blocks[0] if len(blocks) == 1 else None


def prepare(folder: Path) -> None:
    """Make the site's folder and its own folders; refuse a folder that holds other files
    (a site is only written where one was, or where nothing is) and any link among them."""
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise SiteError(f"{folder.name or folder}: not a folder")
    # a site's folder holds its cache; one whose first build stopped, only its own folders
    if (
        folder.exists()
        and not (folder / CACHE_NAME).is_file()
        and any(entry.name not in FOLDERS for entry in folder.iterdir())
    ):
        raise SiteError(
            f"{folder.name or folder}: the folder holds other files; give an empty or new "
            "folder, or one a site was written to"
        )
    folder.mkdir(parents=True, exist_ok=True)
    for name in FOLDERS:
        inner = folder / name
        if inner.is_symlink() or (inner.exists() and not inner.is_dir()):
            raise SiteError(f"{name}: not a folder in the site")
        inner.mkdir(exist_ok=True)


class Writer:
    """Writes the site's files, each only when its text differs from the file's."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.built = Built()
        self.expected: set[str] = set()

    def write(self, name: str, content: str) -> None:
        self.expected.add(name)
        path = self.folder / name
        data = content.encode("utf-8", "surrogateescape")
        try:
            if not path.is_symlink() and path.is_file() and path.read_bytes() == data:
                self.built.unchanged += 1
                return
        except OSError:
            pass
        with replacing(path) as stream:
            stream.buffer.write(data)  # a record's text as read, whatever it holds
        self.built.written.append(name)

    def prune(self) -> None:
        """Remove the site's own files that no game or player needs now."""
        for folder in FOLDERS:
            for entry in sorted(os.listdir(self.folder / folder)):
                name = f"{folder}/{entry}"
                if OWN_FILE.match(entry) and name not in self.expected:
                    os.unlink(self.folder / name)
                    self.built.removed.append(name)


def build_site(
    games: Iterable[Game | SiteGame],
    out: str | Path,
    unreadable: Sequence[Unreadable] = (),
    *,
    cache: SiteCache | None = None,
) -> Built:
    """Write the site of ``games`` (in the order read) to the folder ``out``: made if
    missing; else it must be empty or hold a site. A game given as a ``SiteGame`` with no
    replay block keeps that of the page the last build wrote for it. ``unreadable``: the files that
    could not be read, listed on the home page; ``cache``, what to keep for the next build
    (saved in the folder; an empty one marks the folder as a site's). Raises ``SiteError``
    for a folder it will not write to, OSError when a file cannot be written."""
    folder = Path(out)
    prepare(folder)
    shown = [game if isinstance(game, SiteGame) else site_game(game) for game in games]
    collection = Collection(shown, unreadable)
    writer = Writer(folder)
    for game in collection.games:
        writer.write(f"records/{game.id}.mrec", game.text)
        block = game.replay if game.replay is not None else drawn_block(folder, game.id)
        head, tail = page_ends(page_name(game.summary.file), game_nav(game, collection))
        writer.write(f"games/{game.id}.html", head + (block or "") + tail)
    summaries = [game.summary for game in collection.games]
    rated = rate(summaries)
    for player in collection.players.values():
        ratings = player_ratings(rated, player)
        writer.write(f"players/{player.id}.html", player_page(collection, player, ratings))
    sections = (ratings_section(rated), statistics_section(gather(summaries)))
    writer.write("index.html", home_page(collection, sections))
    writer.write("games.html", all_games_page(collection))
    writer.write("players.html", players_page(collection))
    writer.prune()
    (cache or SiteCache("")).save(folder)
    return writer.built
