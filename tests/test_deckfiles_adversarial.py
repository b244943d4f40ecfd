"""Issue 15's classes fixed by rule, not by case: variants of each loss the real files showed
(other marker shapes, other collector numbers, other sections, commanders and flags), found by a
sweep that converts every real deck file to every kind and back with three card pools (the MTGJSON
pool, the Forge pool and an empty one). Each either round-trips or is reported by `export_losses`;
nothing is silently changed.
"""

from __future__ import annotations

import pytest

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, Entry, Printing, Section
from deckeditor.deckio import export_losses, read_deck, write_deck

EMPTY = CardPool("mtg")


def deck(*sections, **fields) -> Deck:
    return Deck(game="mtg", name=fields.pop("name", "Adv"),
                sections=tuple(Section(n, tuple(e)) for n, e in sections), **fields)


def back(d: Deck, kind: str, pool=EMPTY, **options) -> tuple[str, Deck]:
    text = write_deck(d, kind, pool, **options)
    return text, read_deck(text.encode(), pool, name="x").deck


# --- printings a text kind cannot write are reported, or written so they read back ---------------


def test_hyphenated_promo_set_codes_survive_text_with_printings():
    # MTGGoldfish's promo groups (`[PRM-MSC]`, seen in the 2026 Commander feeds)
    src = b"1 Fabled Passage [PRM-MSC] (F)\n1 Reliquary Tower [PRM-WPN]\n"
    d = read_deck(src, EMPTY).deck
    text, again = back(d, "text", with_printings=True)
    assert "1 Fabled Passage (PRM-MSC) *F*\n" in text
    assert [(e.card, e.printing) for e in again.section("Main").entries] == [
        ("Fabled Passage", Printing(set="PRM-MSC", finish="foil")),
        ("Reliquary Tower", Printing(set="PRM-WPN"))]
    assert write_deck(again, "text", EMPTY, with_printings=True) == text


@pytest.mark.parametrize("number", ["12 34", "12(a)", "<12>", '12"'])
@pytest.mark.parametrize("kind, options", [("arena", {}), ("text", {"with_printings": True})])
def test_a_collector_number_that_would_not_read_back_is_a_reported_loss(number, kind, options):
    d = deck(("Main", [Entry("Island", 1, Printing(set="M11", number=number))]))
    text, again = back(d, kind, **options)
    assert [e.card for e in again.section("Main").entries] == ["Island"]
    if again.section("Main").entries[0].printing != Printing(set="M11", number=number):
        assert any(x.startswith("Island: printing not written") for x in
                   export_losses(d, kind, EMPTY, **options))


@pytest.mark.parametrize("number", ["158†", "12★", "12a", "Φ1", "ELD-329", "*12", "A-12", "s12"])
def test_collector_number_tokens_round_trip_in_arena(number):
    d = deck(("Main", [Entry("Island", 1, Printing(set="M11", number=number)),
                       Entry("Caesar (PIP)", 1, Printing(set="M11", number=number))]))
    _, again = back(d, "arena")
    assert [(e.card, e.printing) for e in again.section("Main").entries] == [
        ("Island", Printing(set="M11", number=number)),
        ("Caesar (PIP)", Printing(set="M11", number=number))]


def test_other_losses_of_a_card_named_like_a_loss_word_are_reported():
    # `Sprinting Warbrute` holds "printing": the Arena report filtered its id loss out by text
    # (MTGJSON's RelentlessRush_DTK)
    d = deck(("Main", [Entry("Sprinting Warbrute", 2,
                             Printing(set="DTK", number="157", mtgo=56336))]))
    assert "Sprinting Warbrute: card ids not written" in export_losses(d, "arena", EMPTY)


# --- per-card flags: kept by Forge, reported by the kinds without them -----------------------------


def test_mtggoldfish_variant_is_kept_by_forge_and_reported_elsewhere():
    d = read_deck(b"1 Y'shtola, Night's Blessed <surge foil> [FIC] (F)\n", EMPTY).deck
    _, again = back(d, "forge")
    assert dict(again.section("Main").entries[0].flags) == {"variant": "surge foil"}
    for kind, options in [("cod", {}), ("arena", {}), ("mtgo", {}), ("dek", {}),
                          ("text", {"with_printings": True})]:
        assert ("Y'shtola, Night's Blessed: card flags not written (variant)"
                in export_losses(d, kind, EMPTY, **options)), kind


def test_mtgo_annotation_is_reported_by_forge():
    d = deck(("Main", [Entry("Island", 1, flags={"Annotation": "7"})]))
    assert "Island: card flags not written (Annotation)" in export_losses(d, "forge", EMPTY)
    assert not any("flags" in x for x in export_losses(d, "dek", EMPTY))


def test_text_tags_with_spaces_are_reported_as_written():
    d = deck(("Main", [Entry("Island", 1, tags=("Card Draw", "Ramp"))]))
    text, again = back(d, "text", with_tags=True)
    assert "1 Island #Card_Draw #Ramp\n" in text
    assert again.section("Main").entries[0].tags == ("Card_Draw", "Ramp")
    assert "Island: card tags written as #Card_Draw, #Ramp" in export_losses(
        d, "text", EMPTY, with_tags=True)


# --- sections a kind would lose to another -------------------------------------------------------


def test_mtgo_sideboard_only_deck_stays_in_the_sideboard():
    d = deck(("Sideboard", [Entry("Island", 2), Entry("Zed X", 1)]))
    text, again = back(d, "mtgo")
    assert text == "SB: 2 Island\nSB: 1 Zed X\n"
    assert {s.name: s.total for s in again.sections} == {"Sideboard": 3}
    assert write_deck(again, "mtgo", EMPTY) == text
