"""Joke and digital-only cards (issue 23.5): which printings decide what a card is.

A promo reprint says nothing of what a card is (Rules Lawyer, an Unstable card, was also a 2017
judge gift), and a card is one card under every spelling of its name (Forge's old editions print
`AEther Storm`, its Masters Edition II file `Aether Storm`)."""

from __future__ import annotations

import tarfile

import pytest

from deckeditor.games.mtg.legality import DIGITAL, JOKE, traits_from_facts
from deckeditor.games.mtg.set_calendar import promo_sets
from tests.conftest import shared_data


def _traits(*printings: str) -> frozenset[str]:
    return traits_from_facts(name="Some Card", types=["Creature"], printings=printings)


def test_a_promo_reprint_does_not_make_an_un_card_a_tournament_card():
    assert "J17" in promo_sets() and "UST" not in promo_sets()
    assert _traits("J17", "UST") == {JOKE}  # Rules Lawyer
    assert _traits("UST") == {JOKE}


def test_a_promo_only_card_or_a_paper_reprint_stays_a_card():
    assert _traits("J17") == frozenset()  # a promo alone is a paper card (Nalathni Dragon)
    assert _traits("J17", "UST", "M19") == frozenset()  # also printed in a paper set
    assert _traits("ME2", "HML") == frozenset()  # Aether Storm: Homelands and an MTGO set
    assert _traits("ME2") == {DIGITAL}


@pytest.mark.realdata
def test_rules_lawyer_is_a_joke_card_in_the_mtgjson_pool():
    from deckeditor.games.mtg.mtgjson import load_mtgjson

    cards, _ = load_mtgjson(shared_data("mtg", "cards.json.xz"))
    by_name = {c.name: c for c in cards}
    assert set(by_name["Rules Lawyer"].printings) == {"J17", "UST"}
    assert JOKE in by_name["Rules Lawyer"].traits
    assert not by_name["Aether Storm"].traits
    assert not by_name["Avacyn, Angel of Hope"].traits  # another J17 card, from a paper set


def _forge_res(tmp_path, scripts: dict[str, str], editions: dict[str, str]):
    res = tmp_path / "res"
    for rel, text in scripts.items():
        (res / "cardsfolder" / rel).parent.mkdir(parents=True, exist_ok=True)
        (res / "cardsfolder" / rel).write_text(text, encoding="utf-8")
    (res / "editions").mkdir()
    for name, text in editions.items():
        (res / "editions" / name).write_text(text, encoding="utf-8")
    return res / "cardsfolder"


AETHER_STORM = """Name:Aether Storm
ManaCost:3 U
Types:Enchantment
S:Mode$ CantBeCast | ValidCard$ Creature | Description$ Creature spells can't be cast.
Oracle:Creature spells can't be cast.
"""


def test_an_old_spelling_in_an_edition_file_is_the_same_card(tmp_path):
    from deckeditor.games.mtg.forge_script import load_forge

    folder = _forge_res(tmp_path, {"a/aether_storm.txt": AETHER_STORM}, {
        "Homelands.txt": "[metadata]\nCode=HML\nDate=1995-10-01\nType=Expansion\n[cards]\nU AEther Storm\n",
        "Masters Edition II.txt": "[metadata]\nCode=ME2\nDate=2008-09-22\nType=Online\n[cards]\n"
                                  "39 U Aether Storm\n",
    })  # fmt: skip
    (card,), _ = load_forge(folder)
    assert card.printings == ("HML", "ME2") and card.released == "1995-10-01"
    assert DIGITAL not in card.traits


@pytest.mark.realdata
def test_aether_storm_of_the_forge_2020_data_is_not_digital_only(tmp_path):
    from deckeditor.games.mtg.forge_script import load_forge

    res = tmp_path / "res"
    (res / "cardsfolder" / "a").mkdir(parents=True)
    with tarfile.open(shared_data("forge", "reeforge-2020-cardsfolder.tar.xz")) as tf:
        script = tf.extractfile("cardsfolder/a/aether_storm.txt").read()
    (res / "cardsfolder" / "a" / "aether_storm.txt").write_bytes(script)
    with tarfile.open(shared_data("forge", "reeforge-2020-editions.tar.xz")) as tf:
        tf.extractall(res, filter="data")
    (card,), _ = load_forge(res / "cardsfolder")
    assert {"HML", "5ED", "ME2"} <= set(card.printings)
    assert DIGITAL not in card.traits
