"""What Pebbles declares to the registry: all the program learns of the game comes from here."""

from __future__ import annotations

from pathlib import Path

from deckeditor.format_catalog import FormatFamily
from deckeditor.games.declaration import GameDeclaration
from tests.support.thirdgame import files

FORMAT_FILE = Path(__file__).with_name("pebbles.json")


def variant_of_word(words: list[str], i: int) -> str | None:
    return "pebbles" if words[i] == "pebbles" else None


DECLARATION = GameDeclaration(
    code="pebbles",
    title="Pebbles",
    new_deck_label="Pebbles deck",
    deck_noun="a Pebbles deck",
    sections=files.SECTIONS,
    default_format=str(FORMAT_FILE),
    game_module="tests.support.thirdgame.game",
    formats=FormatFamily(
        variants=("pebbles",), variant_of_word=variant_of_word, fallback_variant="pebbles"
    ),
    file_kinds=files.KINDS,
    text_kind=files.KIND,
    search_keys="tests.support.thirdgame.search_keys",
    card_sources="tests.support.thirdgame.card_sources",
    order=100,
)
