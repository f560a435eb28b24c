"""The pages of a club site, as HTML text: the home page (standings, latest games, games
left out), the list of all games, the list of players, a page per player, and the links
put above each game's replay page.

Every link is relative (``ROOT`` up to the site's top), so the site opens from disk and
on any static host; every name, tag and reason is escaped (``text``); a file name is an id
(``model``), never a name.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Sequence
from importlib.resources import files

from meridina.rules.wording import counted

from ...shown import visible_in_markup
from ...stand_in import stand_in_sentence
from ..counting import player_key
from ..ratings import PlayerRating, Ratings
from ..standings import edition_words
from ..statistics import CONFIDENCE, Spread, Statistics
from ..summaries import Placing
from .model import Collection, Player, SiteGame, player_id

__all__ = [
    "all_games_page",
    "game_nav",
    "home_page",
    "player_page",
    "players_page",
    "rating_chart",
    "ratings_section",
    "statistics_section",
]

TEMPLATE = "templates/site-page.html"
RANKING_RULE = (
    "Ranked by wins, then points, then average points a game; equal players share a rank."
)
COUNTING_RULE = (
    "Only valid, finished games count, the same game recorded twice once; each game, edition "
    "and number of players has its own table, for their points are not on one scale."
)
LATEST = 20  # games on the home page


def text(value: str) -> str:
    """``value`` fit for HTML text or an attribute: what markup forbids made visible, and
    ``<``, ``&`` and quotes escaped."""
    return html.escape(visible_in_markup(value), quote=True)


@functools.cache
def _template() -> tuple[str, str]:
    before, after = (
        files("meridina.tools").joinpath(TEMPLATE).read_text("utf-8").split("__SITE_BODY__")
    )
    return before, after


def page(title: str, body: str, root: str = "") -> str:
    """A whole page: the site's frame around ``body``; ``root``, the way up to the top."""
    before, after = _template()
    before = before.replace("__SITE_TITLE__", text(title)).replace("__SITE_ROOT__", root)
    return before + body + after.replace("__SITE_ROOT__", root)


def game_link(game: SiteGame, root: str = "") -> str:
    return f"{root}games/{game.id}.html"


def player_link(name: str, root: str = "") -> str:
    return f'<a href="{root}players/{player_id(name)}.html">{text(" ".join(name.split()))}</a>'


def game_name(game: SiteGame) -> str:
    """``Medina, 2nd edition`` or ``Meridian``; the file's place when the game is unknown."""
    summary = game.summary
    if summary.title is None:
        return "Unknown game"
    edition = summary.standing.edition
    return summary.title + (f", {edition_words(edition)}" if edition else "")


def ranked(placings: Sequence[Placing], root: str = "") -> str:
    return ", ".join(
        f"{placing.rank}. {player_link(placing.name, root)} {placing.points}"
        for placing in placings
    )


def game_rows(games: Sequence[SiteGame], collection: Collection, root: str = "") -> str:
    """A table of games: date, game, event, players ranked, counted or why not."""
    rows = []
    for game in games:
        summary = game.summary
        players = ranked(summary.placings, root) or ", ".join(
            player_link(name, root) for name in summary.players if name.strip()
        )
        reason = collection.reasons.get(game.id)
        standing = (
            "counted" if reason is None else f'<span class="not-counted">{text(reason)}</span>'
        )
        rows.append(
            "<tr>"
            f"<td>{text(summary.tag('Date') or '')}</td>"
            f'<td><a href="{game_link(game, root)}">{text(game_name(game))}</a></td>'
            f"<td>{text(summary.tag('Event') or '')}</td>"
            f"<td>{players}</td>"
            f"<td>{standing}</td>"
            "</tr>"
        )
    head = "<tr><th>Date</th><th>Game</th><th>Event</th><th>Players</th><th>Standings</th></tr>"
    return f"<table>\n<thead>{head}</thead>\n<tbody>\n" + "\n".join(rows) + "\n</tbody></table>"


def standings_section(collection: Collection) -> str:
    parts = ["<h2>Standings</h2>", f"<p>{text(COUNTING_RULE)}</p>"]
    tables = collection.standings.ordered_tables()
    if not tables:
        parts.append("<p>No games counted.</p>")
    last_of_game = {table.name: table for table in tables}
    for table in tables:
        parts.append(
            f"<h3>{text(table.title)}</h3>"
            f'<p class="hint">{counted(table.games, "game")} counted. {text(RANKING_RULE)}</p>'
        )
        rows = "\n".join(
            f'<tr><td class="number">{rank}</td><td>{player_link(standing.name)}</td>'
            f'<td class="number">{standing.games}</td><td class="number">{standing.wins}</td>'
            f'<td class="number">{standing.points}</td>'
            f'<td class="number">{standing.average:.2f}</td></tr>'
            for rank, standing in table.ranked()
        )
        parts.append(
            '<table class="standings"><thead><tr><th>Rank</th><th>Player</th><th>Games</th>'
            f"<th>Wins</th><th>Points</th><th>Average</th></tr></thead>\n<tbody>\n{rows}\n"
            "</tbody></table>"
        )
        if last_of_game[table.name] is table:  # the game's stand-in boards, under its tables
            for board, game in collection.standings.stand_ins.items():
                if game == table.name:
                    parts.append(f'<p class="hint">{text(stand_in_sentence(board))}</p>')
    return "\n".join(parts)


def ratings_section(rated: Ratings) -> str:
    """Each game's ratings (``ratings.rate``), as ``meridina ratings`` shows them."""
    parts = ["<h2>Ratings</h2>"]
    if not rated.tables:
        parts.append("<p>No games rated.</p>")
    for table in rated.tables:
        rows = "\n".join(
            f'<tr><td class="number">{rank}</td><td>{player_link(p.name)}</td>'
            f'<td class="number">{p.games}</td><td class="number">{p.wins}</td>'
            f'<td class="number">{p.ordinal:.2f}</td><td class="number">{p.mu:.2f}</td>'
            f'<td class="number">{p.sigma:.2f}</td></tr>'
            for rank, p in table.ranked()
        )
        parts.append(
            f"<h3>{text(table.name)}</h3>"
            f'<p class="hint">{counted(table.games, "game")} rated.</p>'
            '<table class="ratings"><thead><tr><th>Rank</th><th>Player</th><th>Games</th>'
            "<th>Wins</th><th>Rating</th><th>mu</th><th>sigma</th></tr></thead>\n"
            f"<tbody>\n{rows}\n</tbody></table>"
        )
    parts.append(f'<p class="hint">Method: {text(rated.method)}.</p>')
    return "\n".join(parts)


def statistics_section(found: Statistics) -> str:
    """Each table's statistics (``statistics.gather``), as ``meridina stats`` shows them."""
    parts = ["<h2>Statistics</h2>"]
    if not found.tables:
        parts.append("<p>No games counted.</p>")
    for table in found.tables:
        rows = "\n".join(
            f'<tr><td class="number">{s.seat}</td><td class="number">{s.games}</td>'
            f'<td class="number">{s.wins}</td><td class="number">{s.rate:.1%}</td>'
            f'<td class="number">{s.low:.1%} to {s.high:.1%}</td></tr>'
            for s in table.seats
        )
        parts.append(
            f"<h3>{text(table.title)}</h3>"
            f'<p class="hint">{counted(table.games, "game")} counted.</p>'
            '<table class="seats"><thead><tr><th>Seat</th><th>Games</th><th>Wins</th>'
            f"<th>Win rate</th><th>{CONFIDENCE:.0%} interval</th></tr></thead>\n"
            f"<tbody>\n{rows}\n</tbody></table>"
            f"<p>Winning score: {spread_words(table.winning_score)}; winning margin: "
            f"{spread_words(table.winning_margin)}.<br>Ended: {ends_words(table.ends)}; "
            f"shared first place: {table.shared_first}.</p>"
        )
    parts.append(f"<p>Every game read, each once: {ends_words(found.ends)}.</p>")
    parts.append(f'<p class="hint">Method: {text(found.method)}.</p>')
    return "\n".join(parts)


def spread_words(spread: Spread) -> str:
    if spread.mean is None:
        return "none"
    deviation = "n/a" if spread.deviation is None else f"{spread.deviation:.2f}"
    return f"mean {spread.mean:.2f}, spread {deviation}"


def ends_words(ends: Sequence[tuple[str, int]]) -> str:
    return text(", ".join(f"{word} {number}" for word, number in ends))


def player_ratings(rated: Ratings, player: Player) -> list[tuple[str, PlayerRating]]:
    """The player's rating in each game they are rated in."""
    key = player_key(player.name)
    return [
        (table.name, rating)
        for table in rated.tables
        for rating in table.players
        if player_key(rating.name) == key
    ]


def left_out_section(collection: Collection) -> str:
    parts = ["<h2>Games left out</h2>"]
    if not collection.left_out and not collection.unreadable:
        parts.append("<p>None: every game counts.</p>")
    if collection.left_out:
        items = "\n".join(
            f'<li><a href="{game_link(game)}">{text(game.summary.place)}</a>: '
            f"game {game.summary.number}"
            + (f", {text(game.summary.title)}" if game.summary.title else "")
            + f": {text(reason)}</li>"
            for game, reason in collection.left_out
        )
        parts.append(f'<ul class="left-out">\n{items}\n</ul>')
    if collection.unreadable:
        items = "\n".join(
            f"<li>{text(item.file)}: {text(item.reason)}</li>" for item in collection.unreadable
        )
        parts.append(
            f'<p>Files that could not be read:</p>\n<ul class="unreadable">\n{items}\n</ul>'
        )
    return "\n".join(parts)


def home_page(collection: Collection, sections: Sequence[str] = ()) -> str:
    """The home page: standings, the latest games, ``sections`` (the ratings and the
    statistics, as HTML), and the games left out with their reasons."""
    games = collection.games
    latest = collection.latest()[:LATEST]
    body = [
        "<h1>Club games</h1>",
        f"<p>{counted(len(games), 'game')}, {counted(len(collection.players), 'player')}.</p>",
        standings_section(collection),
        "<h2>Latest games</h2>",
        '<p class="hint">By date, the latest first. '
        f'<a href="games.html">All {counted(len(games), "game")}</a>.</p>',
        game_rows(latest, collection) if latest else "<p>No games.</p>",
        *sections,
        left_out_section(collection),
    ]
    return page("Club games", "\n".join(body))


def all_games_page(collection: Collection) -> str:
    """Every game, in the order read."""
    body = [
        f"<h1>All games ({len(collection.games)})</h1>",
        '<p class="hint">In the order the records were read.</p>',
        game_rows(collection.games, collection),
    ]
    return page("All games", "\n".join(body))


def players_page(collection: Collection) -> str:
    """Every player, by name."""
    players = sorted(collection.players.values(), key=lambda p: (p.name.casefold(), p.name))
    items = "\n".join(
        f'<li><a href="players/{player.id}.html">{text(player.name)}</a> '
        f'<span class="hint">{counted(len(player.games), "game")}</span></li>'
        for player in players
    )
    body = f"<h1>Players ({len(players)})</h1>\n<ul>\n{items}\n</ul>"
    return page("Players", body)


def player_page(
    collection: Collection, player: Player, ratings: Sequence[tuple[str, PlayerRating]] = ()
) -> str:
    """A player's page: each standings table's line with the best points, their rating in
    each game (``ratings``: the game's name and the rating) with a chart of it over time,
    and every game played with its result."""
    root = "../"
    tables = collection.player_tables(player)
    rows = "\n".join(
        f'<tr><td>{text(title)}</td><td class="number">{games}</td>'
        f'<td class="number">{wins}</td><td class="number">{points}</td>'
        f'<td class="number">{average:.2f}</td><td class="number">{best}</td></tr>'
        for title, games, wins, points, average, best in tables
    )
    body = [f"<h1>{text(player.name)}</h1>", "<h2>Points</h2>"]
    if tables:
        body.append(
            f'<p class="hint">In the games the standings count. {text(COUNTING_RULE)}</p>'
            "<table><thead><tr><th>Table</th><th>Games</th><th>Wins</th><th>Points</th>"
            f"<th>Average</th><th>Best</th></tr></thead>\n<tbody>\n{rows}\n</tbody></table>"
        )
    else:
        body.append("<p>No game of this player is counted in the standings.</p>")
    for title, rating in ratings:
        history = [
            (f"{point.date or point.place}, rank {point.rank}", point.ordinal)
            for point in rating.history
        ]
        body.extend(
            [
                f"<h2>Rating, {text(title)}</h2>",
                f'<p class="rating">{rating.ordinal:.2f} after {counted(rating.games, "game")} '
                f"({rating.wins} won; mu {rating.mu:.2f}, sigma {rating.sigma:.2f})</p>",
                rating_chart(history, f"Rating of {player.name} at {title} after each game"),
            ]
        )
    order = collection.latest_order()
    games = sorted(player.games, key=lambda item: order[item[0].id])
    lines = []
    for game, placing in games:
        summary = game.summary
        result = (
            f"{ordinal(placing.rank)} of {len(summary.players)}, {placing.points} points"
            if placing is not None
            else "not scored"
        )
        reason = collection.reasons.get(game.id)
        lines.append(
            "<tr>"
            f"<td>{text(summary.tag('Date') or '')}</td>"
            f'<td><a href="{game_link(game, root)}">{text(game_name(game))}</a></td>'
            f"<td>{text(summary.tag('Event') or '')}</td>"
            f"<td>{result}</td>"
            f"<td>{'counted' if reason is None else text(reason)}</td>"
            "</tr>"
        )
    body.append(f"<h2>Games ({len(games)})</h2>")
    body.append(
        "<table><thead><tr><th>Date</th><th>Game</th><th>Event</th><th>Result</th>"
        "<th>Standings</th></tr></thead>\n<tbody>\n" + "\n".join(lines) + "\n</tbody></table>"
    )
    return page(player.name, "\n".join(body), root)


def ordinal(rank: int) -> str:
    ends = {1: "st", 2: "nd", 3: "rd"}
    return f"{rank}{'th' if 10 <= rank % 100 <= 20 else ends.get(rank % 10, 'th')}"


CHART_WIDTH, CHART_HEIGHT, CHART_MARGIN = 360, 140, 12


def rating_chart(history: Sequence[tuple[str, float]], title: str) -> str:
    """A small line chart of ratings over time: one point per (label, rating), the
    labels as each point's tooltip; hand-written SVG, every text escaped."""
    values = [rating for _, rating in history]
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    inner_width = CHART_WIDTH - 2 * CHART_MARGIN
    inner_height = CHART_HEIGHT - 2 * CHART_MARGIN
    step = inner_width / max(len(values) - 1, 1)
    spots = [
        (CHART_MARGIN + index * step, CHART_MARGIN + (high - value) / span * inner_height)
        for index, value in enumerate(values)
    ]
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in spots)
    dots = "".join(
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3"><title>{text(label)}: {value:.2f}</title>'
        "</circle>"
        for (x, y), (label, value) in zip(spots, history, strict=True)
    )
    return (
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="{CHART_WIDTH}" '
        f'height="{CHART_HEIGHT}" viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" role="img" '
        f'aria-label="{text(title)}"><title>{text(title)}</title>'
        f'<polyline fill="none" stroke="#2f3b4a" stroke-width="2" points="{line}"/>'
        f'<g fill="#2f3b4a">{dots}</g>'
        + (
            f'<text x="{CHART_MARGIN}" y="{CHART_HEIGHT - 2}" font-size="10">{low:.2f}</text>'
            if low != high
            else ""
        )
        + f'<text x="{CHART_MARGIN + 8}" y="10" font-size="10">{high:.2f}</text></svg>'
    )


def game_nav(game: SiteGame, collection: Collection) -> str:
    """What a game's replay page shows above its header on the site: the site's links, the
    players with their results, the record, the standings' word and the problems."""
    root = "../"
    summary = game.summary
    players = ranked(summary.placings, root) or ", ".join(
        player_link(name, root) for name in summary.players if name.strip()
    )
    reason = collection.reasons.get(game.id)
    problems = "".join(f"<li>{text(line)}</li>" for line in game.problems)
    return (
        "<style>nav.site { padding: 8px 16px; background: #1f2833; } "
        "nav.site a { color: #fff; margin-right: 16px; } "
        "section.site-game { padding: 4px 16px; background: #fff; border-bottom: 1px solid #ccc; } "
        "section.site-game p { margin: 4px 0; } .problems li { color: #b00020; }</style>\n"
        f'<nav class="site"><a href="{root}index.html">Standings</a>'
        f'<a href="{root}games.html">All games</a><a href="{root}players.html">Players</a></nav>\n'
        '<section class="site-game">'
        f"<p>Players: {players or 'none named'}</p>"
        f'<p>Record: <a href="{root}records/{game.id}.mrec">{text(summary.place)}</a>, '
        f"game {summary.number}</p>"
        f"<p>Standings: {'counted' if reason is None else text(reason)}</p>"
        + (f'<ul class="problems">{problems}</ul>' if problems else "")
        + "</section>\n"
    )
