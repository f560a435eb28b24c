"""``meridina rules``: a rule's text and rulings, or the list of rules with their titles."""

from __future__ import annotations

import click
from meridina.notation.suggest import did_you_mean
from meridina.rules.codes import CODES, title

from .options import format_option
from .output import EXIT_UNREADABLE, emit_json
from .rule_texts import matching, plain, rule_body, rule_page, rule_text


@click.command()
@click.argument("rule", required=False, default="")
@format_option
def rules(rule: str, output_format: str) -> None:
    """Show the rule RULE (such as MER-R3), or list the rules whose IDs start with it.

    Without RULE, every rule is listed with its one-line title. The texts are the
    rules as meridina checks them, from the digests installed with meridina.
    """
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
