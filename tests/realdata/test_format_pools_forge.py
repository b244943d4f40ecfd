"""A Forge pool (Reeforge 2020 scripts with their editions beside them) states no legality: its
formats' pools come from the format's sets on the day and the editions' rarities (issue 23
point 3). The answers agree with the MTGJSON pool's wherever both pools can know them."""

from __future__ import annotations

import tarfile
from datetime import date

import pytest

from deckeditor.carddb.pool import CardPool
from deckeditor.carddb.sources import load_source
from deckeditor.games.mtg.legality import RULES, verdict
from deckeditor.games.mtg.mtgjson import load_mtgjson
from tests.conftest import shared_data

pytestmark = pytest.mark.realdata


@pytest.fixture(scope="module")
def forge(tmp_path_factory):
    res = tmp_path_factory.mktemp("forge") / "res"
    res.mkdir()
    for name in ("reeforge-2020-cardsfolder.tar.xz", "reeforge-2020-editions.tar.xz"):
        with tarfile.open(shared_data("forge", name)) as tf:
            tf.extractall(res, filter="data")
    return CardPool("mtg", load_source(res / "cardsfolder").cards)


@pytest.fixture(scope="module")
def mtgjson():
    cards, _ = load_mtgjson(shared_data("mtg", "cards.json.xz"))
    return CardPool("mtg", cards)


def _shown(pool, code, day):
    return {c.name for c in pool.cards if verdict(c, RULES[code], day).in_pool}


def test_brawl_over_forge_scripts_is_its_sets_not_every_card(forge):
    # Before: 15,189 of 18,294 scripts were let in (no legality stated, so nothing kept out).
    shown = _shown(forge, "brawl", date(2020, 11, 8))
    assert 1000 < len(shown) < 3000
    assert "Lightning Bolt" not in shown and "Llanowar Elves" in shown  # Dominaria (2018)


def test_standard_on_a_forge_day_agrees_with_the_mtgjson_pool(forge, mtgjson):
    """2018-05-01: Standard is Kaladesh to Dominaria (Forge's own format file of 2018-04-27);
    both pools decide by their printings' sets and agree on every card they share."""
    day = date(2018, 5, 1)
    both = [c for c in forge.cards if mtgjson.get(c.name) is not None]
    assert len(both) > 18000
    rule = RULES["standard"]
    differ = [
        c.name
        for c in both
        if verdict(c, rule, day).in_pool != verdict(mtgjson.get(c.name), rule, day).in_pool
    ]
    assert differ == []
    shown = _shown(forge, "standard", day)
    assert "Walking Ballista" in shown and "Lightning Bolt" not in shown


def test_pauper_over_forge_scripts_takes_commons_from_the_editions(forge):
    shown = _shown(forge, "pauper", date(2020, 11, 8))
    assert "Lightning Bolt" in shown and "Counterspell" in shown
    assert "Black Lotus" not in shown and "Tarmogoyf" not in shown
    reason = verdict(forge.get("Tarmogoyf"), RULES["pauper"], date(2020, 11, 8)).reason
    assert "never printed at common" in reason and "Forge editions" in reason
