"""The site's cache: each record file's games, kept in the site's folder between builds,
so that a rebuild checks only the files that changed; and the digests it keys them by.

The cache is input like any other: one that is not what this writes (another format,
version or build settings, too large, a link, not JSON of the expected shape) is not read,
and the site is built as if there were none.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from ..._version import VERSION
from ...files.atomic_file import replacing
from ...json_values import JsonObject
from .model import SiteGame

__all__ = ["CACHE_NAME", "SiteCache", "content_digest", "page_key"]

CACHE_NAME = ".meridina-site.json"
SITE_FORMAT = 2  # raised when what a cached game holds changes
LARGEST_CACHE = 256 * 1024 * 1024


def _digest(*parts: str) -> str:
    joined = "\x1f".join(parts).encode("utf-8", "surrogatepass")
    return hashlib.sha256(joined).hexdigest()


def page_key(settings: str, path: str, number: int, line: int, text: str) -> str:
    """What a game's replay page is made of, digested: the build's settings, its file, its
    place there and its text."""
    return _digest("page", settings, path, str(number), str(line), text)


def content_digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class SiteCache:
    """Each record file's games, by the digest of its path and of its content, kept in the
    site's folder between builds. A cache that is not what this writes is not read."""

    def __init__(self, settings: str) -> None:
        self.settings = settings
        self.files: dict[str, tuple[str, list[SiteGame]]] = {}
        self.kept: dict[str, tuple[str, list[SiteGame]]] = {}

    @classmethod
    def load(cls, folder: Path, settings: str) -> SiteCache:
        """The cache of the site in ``folder`` for a build under ``settings`` (the
        digest of what decides the pages); empty when there is none, when it was written
        under other settings, or when it is not what this writes."""
        cache = cls(settings)
        path = folder / CACHE_NAME
        try:
            if path.is_symlink() or not path.is_file() or path.stat().st_size > LARGEST_CACHE:
                return cache
            data = json.loads(path.read_bytes())
            if not isinstance(data, dict) or data.get("meridina_site") != SITE_FORMAT:
                return cache
            if data.get("version") != VERSION or data.get("settings") != settings:
                return cache
            entries = data.get("files")
            if not isinstance(entries, dict):
                return cache
            for key, entry in entries.items():
                if not isinstance(entry, dict) or not isinstance(entry.get("digest"), str):
                    return cls(settings)
                games = entry.get("games")
                if not isinstance(games, list):
                    return cls(settings)
                cache.files[key] = (entry["digest"], [SiteGame.from_data(g) for g in games])
        except (OSError, ValueError, UnicodeDecodeError, RecursionError):
            return cls(settings)
        return cache

    def games_of(self, path: str, digest: str) -> list[SiteGame] | None:
        """The games of the file ``path`` whose content has ``digest``, when kept."""
        found = self.files.get(_digest("file", path))
        if found is None or found[0] != digest:
            return None
        return found[1]

    def drawn(self, paths: Iterable[str], is_drawn: Callable[[str], bool]) -> frozenset[str]:
        """The keys of the games kept of ``paths``, whatever their content now, whose replay
        page the site holds (``is_drawn``, asked with a game's id): a game whose key is still
        the same needs no new page."""
        keys: set[str] = set()
        for path in paths:
            found = self.files.get(_digest("file", path))
            if found is not None:
                games = found[1]
                keys.update(g.key for g in games if is_drawn(g.id))
        return frozenset(keys)

    def keep(self, path: str, digest: str, games: Sequence[SiteGame]) -> None:
        """Keep the games of ``path`` (read when its content had ``digest``) for the next
        build; only the files kept this build are saved."""
        self.kept[_digest("file", path)] = (digest, list(games))

    def save(self, folder: Path) -> None:
        files: JsonObject = {
            key: {"digest": digest, "games": [game.data() for game in games]}
            for key, (digest, games) in self.kept.items()
        }
        document = {
            "meridina_site": SITE_FORMAT,
            "version": VERSION,
            "settings": self.settings,
            "files": files,
        }
        with replacing(folder / CACHE_NAME) as stream:
            stream.write(json.dumps(document, ensure_ascii=False, separators=(",", ":")))
