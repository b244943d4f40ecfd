"""The search help (F1 / "?" by the search box), generated from the game's key table so it lists
exactly the keys this build answers: every alias of a key, its operators, what it matches and
examples, then the syntax shared by all keys and the keys that are recognised but not supported."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from deckeditor.search.keys import GameSearch, game_search
from deckeditor.search.keys.kinds import KeySpec


@dataclass(frozen=True, slots=True)
class KeyHelp:
    aliases: tuple[str, ...]  # the canonical alias first
    ops: tuple[str, ...]
    text: str
    examples: tuple[str, ...]


_OP_ORDER = (":", "=", "!=", "<", "<=", ">", ">=")


def _identity(spec: KeySpec[Any]) -> tuple[str, object]:
    """Aliases of one key: the same spec, or specs of one kind reading the same column/field."""
    return (type(spec).__name__, spec.help_group())


def key_help(search: GameSearch) -> list[KeyHelp]:
    groups: dict[tuple[str, object], list[str]] = {}
    for alias, spec in search.keys.items():
        groups.setdefault(_identity(spec), []).append(alias)
    out = []
    for aliases in groups.values():
        canonical = next((a for a in aliases if a in search.help), None)
        if canonical is None:
            raise KeyError(f"search help: no entry for the key {'/'.join(aliases)} ({search.game})")
        text, examples = search.help[canonical]
        ops = search.keys[canonical].ops
        ordered = tuple(o for o in _OP_ORDER if o in ops)
        out.append(
            KeyHelp(
                (canonical, *(a for a in aliases if a != canonical)), ordered, text, tuple(examples)
            )
        )
    return out


SYNTAX = (
    ("words", "Cards whose name has every word", ("bolt", '"jace the"')),
    ("!name", "Exactly this name (or a face's name)", ('!"Sol Ring"', "!fire")),
    ("a b", "Both (“and” may be written)", ("t:instant c:r",)),
    ("or", "Either", ("t:instant or t:sorcery",)),
    ("-term", "Not", ("-t:land", "-(c:r or c:g)")),
    ("( )", "Grouping", ("(t:instant or t:sorcery) mv<=2",)),
)


def help_html(game: str) -> str:
    """The help as HTML for a QTextBrowser."""
    search = game_search(game)

    def code(text: str) -> str:
        return f"<code>{html.escape(text)}</code>"

    rows = []
    for k in key_help(search):
        keys = ", ".join(code(a + ":") for a in k.aliases)
        ops = " ".join(code(o) for o in k.ops)
        examples = "<br>".join(code(e) for e in k.examples)
        rows.append(
            f"<tr><td>{keys}</td><td>{ops}</td><td>{html.escape(k.text)}</td><td>{examples}</td></tr>"
        )
    syntax = "".join(
        f"<tr><td>{code(form)}</td><td>{html.escape(text)}</td><td>{'<br>'.join(code(e) for e in ex)}</td></tr>"
        for form, text, ex in SYNTAX
    )
    later = ", ".join(code(k + ":") for k in sorted(search.unsupported))
    return (
        "<h3>Search syntax</h3>"
        "<p>Type in the search box; the catalog follows every keystroke. Keys are case-insensitive.</p>"
        f"<table cellspacing=0 cellpadding=4 border=1 style='border-collapse:collapse'>"
        "<tr><th>Key</th><th>Operators</th><th>Matches</th><th>Examples</th></tr>"
        f"{''.join(rows)}</table>"
        "<h4>Combining terms</h4>"
        f"<table cellspacing=0 cellpadding=4 border=1 style='border-collapse:collapse'>{syntax}</table>"
        + (f"<p style='color:#666'>Recognised but not supported yet: {later}</p>" if later else "")
    )
