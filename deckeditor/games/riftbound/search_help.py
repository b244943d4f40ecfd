"""The Riftbound search box's placeholder and key list (search.md §5), for the window's help."""

from __future__ import annotations

from deckeditor.games.interface import SearchHelp

HELP = SearchHelp(
    "Search cards, e.g. t:unit d:fury might>=3",  # whole in a 1366-pixel-wide window
    (
        ("name, plain words", "card name contains the words"),
        (
            "d: domain:",
            "domains (d:fury, d:fury,chaos, d:rp, d:colorless, d:m several, d:2 a count)",
        ),
        ("id: identity:", "fits a legend's domains (id:fury,chaos or id:rp)"),
        ("t: type:", "type (t:unit, t:gear, t:spell, t:rune, t:battlefield, t:legend)"),
        ("tag:", "tag (tag:jinx, tag:equipment, tag:yordle)"),
        ("kw: keyword:", "keyword (kw:assault, kw:quick-draw, kw:equip)"),
        ("o: oracle:", "rules text contains"),
        ("effect:", "Effect Text contains (what gear gives when attached)"),
        ("energy: power: might:", "numbers (energy<=2, might>=4)"),
        ("is:", "champion, signature, unique, equipment, token"),
        ("set: r: a:", "a printing's set, rarity, artist (set:sfd r:epic, a:kudos)"),
        ("f: format: legal:", "legal in a format (f:riftbound)"),
        ("banned: restricted:", "banned or restricted in a format"),
        ("-term, or, ( )", "negate, either, grouping"),
    ),
    (
        ("t:unit d:fury might>=3", "strong Fury units"),
        ("tag:equipment effect:shield", "gear that shields"),
    ),
)
