"""riftbound.md §1–2: card codes, keywords and costs, the gallery importer and its acceptance
figures on the reference data, records."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckeditor.games.riftbound.card import (
    Cost,
    Keyword,
    any_number_clause,
    from_record,
    parse_code,
    parse_keywords,
    to_record,
)
from deckeditor.games.riftbound.gallery import (
    GalleryError,
    apply_supertypes,
    html_to_text,
    load_document,
    load_gallery,
    parse_might_bonus,
    read_supertypes,
)
from deckeditor.paths import resources_dir
from tests.conftest import shared_data
from tests.support.riftbound import gallery_result

# --- codes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("OGN-007", "OGN-007"),
        ("ogn-7", "OGN-007"),
        ("OGN-007a/298", "OGN-007a"),
        ("SFD-228s", "SFD-228*"),
        ("SFD-228*", "SFD-228*"),
        ("VEN-R1", "VEN-R01"),
        ("VEN-SP3/006", "VEN-SP3"),
        ("VEN-sp03", "VEN-SP3"),
        ("UNL-T01", "UNL-T01"),
        ("OGN-0310", "OGN-310"),
    ],
)
def test_canonical_codes(text, canonical):
    assert str(parse_code(text)) == canonical


@pytest.mark.parametrize(
    "bad", ["", "OGN", "OGN-", "OGNXX-007", "O-007", "OGN-007c", "OGN-X07", "OGN-007 a"]
)
def test_bad_codes(bad):
    with pytest.raises(ValueError):
        parse_code(bad)


def test_overnumbered_and_prefix():
    assert parse_code("OGN-299").overnumbered and not parse_code("OGN-298").overnumbered
    assert parse_code("UNL-T01").is_token and parse_code("VEN-R01").prefix == "R"


# --- keywords and costs (§1.4) -------------------------------------------------------------


def test_keywords_open_lines_and_values():
    kws = parse_keywords(
        "[Level 6][>] I have +1.\n[Assault 2] (+2 [S] while I'm an attacker.)\n[Tank]"
    )
    assert [(k.name, k.value) for k in kws] == [("Level", 6), ("Assault", 2), ("Tank", None)]


def test_reminder_text_is_ignored():
    kws = parse_keywords("[Weaponmaster] (When you play me, you may [Equip] one of your Equipment)")
    assert [k.name for k in kws] == ["Weaponmaster"]


def test_reference_inside_sentence_is_not_a_keyword():
    assert (
        parse_keywords("While you control this battlefield, friendly [Repeat] costs cost [1] less.")
        == ()
    )


def test_unbracketed_equip_opens_a_line():
    (k,) = parse_keywords("Equip [O] ([O]: Attach this to a unit you control.)")
    assert k.name == "Equip" and k.cost == Cost(0, Counter("O"))


@pytest.mark.parametrize(
    "text, cost",
    [
        ("[Equip] [R] ([R]: Attach this.)", Cost(0, Counter("R"))),
        ("[Repeat] [4][B] (You may pay.)", Cost(4, Counter("B"))),
        (
            "[Equip] — [Y], Kill a friendly unit (Pay the cost.)",
            Cost(0, Counter("Y"), other="Kill a friendly unit"),
        ),
        ("[Equip] [1][G]", Cost(1, Counter("G"))),
    ],
)
def test_costs(text, cost):
    assert parse_keywords(text)[0].cost == cost


def test_cost_of_another_shape_is_text_only():
    (k,) = parse_keywords("[Repeat] — [1] / [A] / [1][A] (You may pay each additional cost.)")
    assert k.cost is None and k.cost_text == "[1] / [A] / [1][A]"


def test_might_bonus_forms():
    assert [parse_might_bonus(v) for v in ("+2", "+0", "-1", "\u22121", None, "")] == [
        2,
        0,
        -1,
        -1,
        None,
        None,
    ]
    with pytest.raises(GalleryError):
        parse_might_bonus("two")


def test_html_to_text():
    html = "<p>[Equip] :rb_rune_fury: (:rb_energy_2::rb_might:)<br />Choose &quot;one&quot; &gt;</p><ul><li>Draw 1.</li><li>Kill a gear.</li></ul>"
    assert html_to_text(html) == '[Equip] [R] ([2][S])\nChoose "one" >\n- Draw 1.\n- Kill a gear.'
    assert html_to_text("<p>[NO TEXT]</p>") == ""
    assert (
        html_to_text(
            ":rb_exhaust: :rb_rune_rainbow: :rb_rune_calm::rb_rune_mind::rb_rune_body::rb_rune_chaos::rb_rune_order:"
        )
        == "[T] [A] [G][B][O][P][Y]"
    )


@given(st.text(max_size=200))
def test_keyword_parser_never_raises(text):
    for k in parse_keywords(text):
        assert isinstance(k, Keyword)


def test_any_number_clause():
    assert (
        any_number_clause("Your deck can have any number of cards named Spiderling.")
        == "Spiderling"
    )


# --- synthetic gallery documents (§2.1) ----------------------------------------------------


def entry(**over):
    base = {
        "id": "ogn-001-298", "code": "OGN-001/298", "name": "Test Unit", "setId": "OGN",
        "type": "Unit", "rarity": "Common", "domains": ["Fury"], "energy": "2", "power": "1",
        "might": "3", "mightBonus": None, "tags": [], "rulesText": "Riftbound Unit: Test Unit. x",
        "abilityHtml": "<p>x</p>", "effectHtml": None,
    }  # fmt: skip
    base.update(over)
    return base


@pytest.mark.parametrize(
    "bad, message",
    [
        ({"energy": "x"}, 'cards[1].energy: "x" is not an integer'),
        ({"domains": ["Purple"]}, "cards[1].domains[0]: unknown domain"),
        ({"tags": "Jinx"}, "cards[1].tags: expected a list"),
        ({"might": 3}, "cards[1].might: expected"),
        ({"code": "nonsense"}, "cards[1].code:"),
        ({"mightBonus": "+x"}, "cards[1].mightBonus:"),
    ],
)
def test_bad_entries_abort_with_key_path(bad, message):
    doc = {"cards": [entry(), entry(**{"code": "OGN-002/298", **bad})]}
    with pytest.raises(GalleryError) as err:
        load_document(doc)
    assert message in str(err.value)


def test_missing_key_aborts():
    e = entry()
    del e["effectHtml"]
    with pytest.raises(GalleryError, match=r"cards\[0\]\.effectHtml: missing required key"):
        load_document({"cards": [e]})


def test_duplicate_code_later_wins_with_warning():
    doc = {
        "cards": [entry(name="First"), entry(name="Second")],
        "generatedAt": "t",
        "source": "s",
        "other": 1,
    }
    result = load_document(doc)
    assert [c.name for c in result.cards] == ["Second"]
    assert any("appears twice" in i.message for i in result.issues)
    assert (result.generated_at, result.source) == ("t", "s")


def test_unknown_keys_ignored_and_colorless_empty():
    result = load_document({"cards": [entry(domains=["Colorless"], extra=1)]})
    assert result.cards[0].domains == frozenset()


def test_types_widened_by_rules_text_prefix():
    e = entry(rulesText="Riftbound Unit, Gear: Test Unit. x")
    assert load_document({"cards": [e]}).cards[0].types == ("Unit", "Gear")


def test_unparsable_file(tmp_path):
    p = tmp_path / "g.json"
    p.write_text('{"cards": [', encoding="utf-8")
    with pytest.raises(GalleryError, match=r"g\.json:1:"):
        load_gallery(p)


# --- the reference data (§2.6 acceptance) --------------------------------------------------


@pytest.fixture(scope="module")
def real():
    return gallery_result(str(shared_data("riftbound", "cards.json")))


def test_acceptance_counts(real):
    assert real.printings_read == 1178
    # 10 token printings, and the Origins tokens OGN-271–274 with a plain number (issue 13)
    assert len(real.tokens) == 14
    assert sorted(p.code for p in real.tokens if p.prefix != "T" and p.types) == [
        "OGN-271",
        "OGN-272",
        "OGN-273",
        "OGN-274",
    ]
    assert sum(len(c.printings) for c in real.cards) == 1164
    assert len(real.cards) == 924
    by_type = Counter(", ".join(c.types) for c in real.cards)
    assert by_type == {
        "Legend": 49,
        "Unit": 465,
        "Unit, Gear": 1,
        "Gear": 106,
        "Spell": 233,
        "Rune": 6,
        "Battlefield": 64,
    }


def test_acceptance_supertypes(real):
    assert sum(c.is_champion for c in real.cards) == 152
    sig = [c for c in real.cards if c.is_signature]
    assert len(sig) == 51 and {c.reference_printing.rarity for c in sig} == {"Epic"}
    assert sorted(c.name for c in real.cards if not c.supertypes_known) == [
        "Allay, Eager Admirer",
        "Masa, Crashing Thunder",
    ]
    assert all(c.champion_tag for c in real.cards if c.is_legend)


def by_name(real, name):
    return next(c for c in real.cards if c.name == name)


def test_named_facts(real):
    assert by_name(real, "Jinx, Loose Cannon").champion_tag == "Jinx"
    assert by_name(real, "Kennen, Heart of the Tempest").champion_tag == "Kennen"
    assert by_name(real, "Master Yi, Wuju Bladesman").printings  # `- Starter` dropped
    assert (
        by_name(real, "Karma, Channeler").tags
        == by_name(real, "Karma, Channeler").reference_printing.tags
    )
    assert "Karma" in by_name(real, "Karma, Channeler").tags  # the SFD correction wins
    assert by_name(real, "Patched Porobot").types == ("Unit", "Gear")
    assert by_name(real, "Spiderling").own_copy_limit == 999
    for name in ("Forgefire Cape", "Rabadon's Deathcrown", "Shurelya's Requiem"):
        assert by_name(real, name).own_copy_limit == 1
    assert by_name(real, "Long Sword").keyword("Equip").cost == Cost(0, Counter("R"))
    assert by_name(real, "Blade of the Ruined King").keyword("Equip").cost == Cost(
        0, Counter("Y"), other="Kill a friendly unit"
    )
    assert by_name(real, "Tibbers").is_signature and by_name(real, "Spinning Axe").is_signature
    assert sum(c.is_equipment for c in real.cards) == 40
    assert by_name(real, "Shadows of the Past").effect_text == "1"
    assert any("Shadows of the Past" == i.where and "not a Gear" in i.message for i in real.issues)


def test_ban_ids_resolve(real):
    ids = {c.id: c for c in real.cards}
    codes = {
        "fight-or-flight": "OGN-168", "reaver-s-row": "OGN-285", "scrapheap": "OGN-182",
        "called-shot": "SFD-122", "draven-vanquisher": "SFD-020", "obelisk-of-power": "OGN-284",
        "the-dreaming-tree": "OGN-292", "aspirant-s-climb": "OGN-276", "stealthy-pursuer": "OGN-177",
        "the-arena-s-greatest": "OGN-290",
    }  # fmt: skip
    for card_id, code in codes.items():
        assert code in {p.code for p in ids[card_id].printings}


def test_no_slug_collisions(real):
    assert len({c.id for c in real.cards}) == len(real.cards)


def test_records_round_trip_real(real):
    for card in real.cards:
        rec = to_record(card)
        assert from_record(json.loads(json.dumps(rec))) == card


def test_shipped_supertype_file(real):
    table = read_supertypes(
        json.loads((resources_dir() / "riftbound" / "supertypes.json").read_text("utf-8"))
    )
    cards, issues = apply_supertypes(real.cards, table)
    allay = next(c for c in cards if c.name == "Allay, Eager Admirer")
    assert allay.supertypes == frozenset() and allay.supertypes_known and not issues


def test_supertype_file_errors():
    with pytest.raises(GalleryError, match=r"supertypes.X\[0\]"):
        read_supertypes({"supertypes": {"X": ["Token"]}})
    with pytest.raises(GalleryError, match="other: unknown key"):
        read_supertypes({"supertypes": {}, "other": 1})
