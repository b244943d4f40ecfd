"""What Magic: The Gathering declares to the registry (`deckeditor.games.registry`): its sections,
deck-file kinds and format family. Light: nothing of the game's rules is loaded here."""

from __future__ import annotations

from deckeditor.format_catalog import FormatFamily
from deckeditor.games.declaration import GameDeclaration
from deckeditor.games.mtg import file_kinds
from deckeditor.games.mtg.section_names import SECTIONS

CODE = "mtg"
VARIANTS = ("commander", "brawl", "oathbreaker", "constructed", "paupercommander")
# Words of a format code that name a rule set (`mtg-rules.md` §4 as amended, docs/spec-notes.md).
VARIANT_WORDS = {
    "commander": "commander", "edh": "commander", "duel": "commander", "predh": "commander",
    "brawl": "brawl", "standardbrawl": "brawl", "historicbrawl": "brawl",
    "oathbreaker": "oathbreaker", "paupercommander": "paupercommander", "pdh": "paupercommander",
}  # fmt: skip


def variant_of_word(words: list[str], i: int) -> str | None:
    """The rule set word `i` of a format code names: "pauper" before commander/edh is Pauper
    Commander; else `VARIANT_WORDS`."""
    word = words[i]
    if word == "pauper" and i + 1 < len(words) and words[i + 1] in ("commander", "edh"):
        return "paupercommander"
    return VARIANT_WORDS.get(word)


DECLARATION = GameDeclaration(
    code=CODE,
    title="Magic: The Gathering",
    new_deck_label="Magic: The Gathering deck",
    deck_noun="an MTG deck",
    sections=SECTIONS,
    default_format="commander",
    game_module="deckeditor.games.mtg.game",
    formats=FormatFamily(
        variants=VARIANTS,
        variant_of_word=variant_of_word,
        fallback_variant="constructed",
        index_keys=frozenset({"group", "sideboard"}),
    ),
    search_keys="deckeditor.games.mtg.search_keys",
    file_kinds=file_kinds.KINDS,
    card_sources="deckeditor.games.mtg.card_sources",
    xml_kind=file_kinds.xml_kind,
    order=0,
)
