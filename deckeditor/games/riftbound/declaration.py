"""What Riftbound declares to the registry (`deckeditor.games.registry`): its sections, deck-file
kinds and format family. Light: nothing of the game's rules is loaded here."""

from __future__ import annotations

from deckeditor.format_catalog import FormatFamily
from deckeditor.games.declaration import GameDeclaration
from deckeditor.games.riftbound import file_kinds
from deckeditor.games.riftbound.section_names import SECTIONS

CODE = "riftbound"
VARIANT = "riftbound"  # one rule set, in two modes
MODES = ("competitive", "casual")


def variant_of_word(words: list[str], i: int) -> str | None:
    return VARIANT if words[i] == VARIANT else None


DECLARATION = GameDeclaration(
    code=CODE,
    title="Riftbound",
    new_deck_label="Riftbound deck",
    deck_noun="a Riftbound deck",
    sections=SECTIONS,
    default_format="riftbound",
    game_module="deckeditor.games.riftbound.game",
    formats=FormatFamily(
        variants=(VARIANT,),
        variant_of_word=variant_of_word,
        fallback_variant=VARIANT,
        modes=MODES,
        file_variant=VARIANT,
        file_mode="competitive",
    ),
    search_keys="deckeditor.games.riftbound.search_keys",
    file_kinds=file_kinds.KINDS,
    card_sources="deckeditor.games.riftbound.card_sources",
    text_kind=file_kinds.TEXT_KIND,
    order=10,
)
