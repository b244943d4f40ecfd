"""The MTG search box's placeholder and key list (search.md §4), for the window's help."""

from __future__ import annotations

from deckeditor.games.interface import SearchHelp

HELP = SearchHelp(
    "Search cards, e.g. t:instant c:r mv<=2",  # whole in a 1366-pixel-wide window
    (
        ("name, plain words", "card name contains the words"),
        ("c: color:", "colours (c:r, c>=ub, c:azorius, c:colorless)"),
        ("id: ci: identity:", "colour identity (id:ub fits a Dimir commander)"),
        ("t: type:", "type line word (t:creature, t:goblin)"),
        ("o: oracle:", "rules text contains"),
        ("fo: fulloracle:", "rules text with reminder text"),
        ("kw: keyword:", "keyword ability (kw:flying)"),
        ("mv: cmc:", "mana value (mv<=2)"),
        ("pow: tou: loy: def:", "power, toughness, loyalty, defense"),
        (
            "is:",
            "commander, partner, companion, permanent, spell, legendary, basic, rulebreaker, dfc …",
        ),
        ("f: format: legal:", "legal in a format (f:commander)"),
        ("banned: restricted:", "banned or restricted in a format"),
        ("-term, or, ( )", "negate, either, grouping"),
    ),
    (("t:creature c:g mv<=3", "cheap green creatures"), ('o:"draw a card" id:u', "blue card draw")),
)
