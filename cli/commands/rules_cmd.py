"""``meridina rules``: a rule's text and rulings, the list of rules with their titles, or the
named rule sets."""

from __future__ import annotations

import click
from meridina.notation.suggest import did_you_mean
from meridina.rules.codes import CODES, title
from meridina.rules.games import GAMES, rules_game

from ..formats.exits import EXIT_UNREADABLE
from ..formats.output import emit_json
from ..formats.rule_texts import matching, plain, rule_body, rule_page, rule_text
from .options import format_option

RULESETS_SCHEMA = "meridina/rulesets/1"


@click.command()
@click.argument("rule", required=False, default="")
@click.option(
    "--rulesets",
    is_flag=True,
    help="List the named rule sets (set=NAME in a Rulings tag): what each decides, and its source.",
)
@format_option
def rules(rule: str, rulesets: bool, output_format: str) -> None:
    """Show the rule RULE (such as MER-R3), or list the rules whose IDs start with it.

    Without RULE, every rule is listed with its one-line title. The texts are the
    rules as meridina checks them, from the digests installed with meridina. With
    --rulesets, the named rule sets are listed instead.
    """
    if rulesets:
        if rule:
            raise click.UsageError("--rulesets lists every set: give it no RULE")
        _rule_sets(output_format)
        return
    code = rule.strip().upper()
    if code and title(code) is not None:
        _show(code, output_format)
        return
    codes = matching(code)
    if not codes:
        hint = did_you_mean(code, CODES)
        click.echo(f"meridina: no rule {rule!r}{hint} (see 'meridina rules')", err=True)
        raise SystemExit(EXIT_UNREADABLE)
    if output_format == "json":
        emit_json({"rules": [{"id": c, "title": title(c)} for c in codes]})
        return
    width = max(len(c) for c in codes)
    for listed in codes:
        click.echo(f"{listed:<{width}}  {title(listed)}")


def _show(code: str, output_format: str) -> None:
    if output_format != "json":
        click.echo(rule_page(code))
        return
    found = rule_text(code)
    assert found is not None  # the code is in the registry
    emit_json(
        {
            "id": found.code,
            "title": found.title,
            "text": rule_body(found),
            "rulings": [plain(ruling) for ruling in found.rulings],
            "source": found.source,
        }
    )


def _rule_sets(output_format: str) -> None:
    """Every game's named rule sets: what its source decides, and where it is published."""
    listed = [
        (game.title, one) for game in GAMES for one in rules_game(game.key).rule_sets.values()
    ]
    if output_format == "json":
        emit_json(
            {
                "schema": RULESETS_SCHEMA,
                "rulesets": [
                    {
                        "name": one.name,
                        "game": game,
                        "summary": one.summary,
                        "source": one.source,
                        "decides": [name for name, _ in one.fixed_texts()],
                        "rulings": {
                            key.replace("_", "-"): _ruling_text(choice)
                            for key, choice in one.chosen
                        },
                    }
                    for game, one in listed
                ],
            }
        )
        return
    for number, (game, one) in enumerate(listed):
        if number:
            click.echo()
        click.echo(f"{one.name} ({game}): {one.summary}")
        click.echo(f"  decides: {one.written()}")
        if len(one.fixed) < len(one.chosen):
            click.echo("  other rulings: meridina's defaults")
        click.echo(f"  source: {one.source}")


def _ruling_text(choice: object) -> str:
    value = getattr(choice, "value", choice)
    return str(value)
