"""`DeckRule:` parsing and branch-list matching (`mtg-rules.md` §3)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deckeditor.games.mtg.deckrule import (
    ColorIdentityRule,
    CopiesRule,
    SizeRule,
    UnknownRule,
    parse_branch_list,
    parse_rule,
    rules_of,
    summarize_warnings,
)
from tests.support.mtg_cards import (
    POOL,
    TOLABOW,
    TOLABOW_LEGACY,
    TOLABOW_MERGED,
    TOLABOW_MERGED_CARD,
    card,
)


def matches(text, name, face="X"):
    return parse_branch_list(text, face).matches(POOL.get(name))


def test_legacy_and_merged_forms_give_equal_rules():
    legacy = parse_rule(TOLABOW_LEGACY, "Tolabow, Loch Rascal")
    merged = parse_rule(TOLABOW_MERGED, "Tolabow, Loch Rascal")
    assert legacy == merged
    assert isinstance(legacy, ColorIdentityRule)
    assert legacy.additional == 1 and legacy.active_section == "Commander"
    assert rules_of(TOLABOW) == rules_of(TOLABOW_MERGED_CARD)
    assert parse_rule("ColorIdentity:Exempt$ Type:Artifact.Creature,Equipment,Basic.Land") == (
        parse_rule("ColorIdentity:Exempt$ Artifact.Creature,Equipment,Basic.Land")
    )
    assert parse_rule("Copies:Limit$ 3 | Affected$ Name:CARDNAME", "Foo") == parse_rule(
        "Copies:Limit$ 3 | Affected$ namedCARDNAME", "Foo"
    )


def test_line_grammar_details():
    r = parse_rule("DeckRule:ColorIdentity: Disable$ TRUE | junk | Exempt$ Land | Exempt$ Aura")
    assert r.disable
    assert r.exempt == parse_branch_list("Aura", "")  # repeated key: the last wins
    assert any("no '$'" in w for w in r.warnings)
    assert any("repeated" in w for w in r.warnings)
    assert not parse_rule("ColorIdentity:Disable$ yes").disable
    empty = parse_rule("ColorIdentity:Exempt$ Land || ActiveSection$ Main |")
    assert empty.active_section == "Main" and any("empty piece" in w for w in empty.warnings)
    assert parse_rule("Size:AdjustMax$ +1").warnings == ()


def test_active_section():
    assert parse_rule("ColorIdentity:Exempt$ Land").active_in("Commander")
    assert not parse_rule("ColorIdentity:Exempt$ Land").active_in("Main")
    assert parse_rule("ColorIdentity:Exempt$ Land | ActiveSection$ main").active_in("Main")
    bad = parse_rule("ColorIdentity:Exempt$ Land | ActiveSection$ Library")
    assert not any(bad.active_in(s) for s in ("Commander", "Main", "Sideboard", "Maybeboard"))
    copies = parse_rule("Copies:Limit$ 4")
    assert all(copies.active_in(s) for s in ("Commander", "Companion", "Main", "Sideboard"))
    assert not copies.active_in("Maybeboard")


def test_size_and_copies_values():
    assert parse_rule("Size:AdjustMax$ unlimited").unlimited
    assert parse_rule("Size:AdjustMax$ +5").adjust == 5
    assert parse_rule("Size:AdjustMax$ -3").adjust == -3
    assert parse_rule("Size:AdjustMax$ 7").adjust == 7
    lots = parse_rule("Size:AdjustMax$ lots")
    assert isinstance(lots, SizeRule) and lots.adjust == 0 and not lots.unlimited and lots.warnings
    assert parse_rule("Copies:Limit$ Unlimited").limit == 999
    assert parse_rule("Copies:Limit$ abc").limit is None
    assert parse_rule("Copies:Affected$ Island").limit is None
    own = parse_rule("Copies:Limit$ 0", "Gleemox")
    assert isinstance(own, CopiesRule) and own.affected.matches(POOL.get("Gleemox"))
    two = parse_rule("ColorIdentity:AllowedAdditionalColor$ two")
    assert two.additional == 0 and two.warnings


def test_explicit_type_key_wins_with_a_warning():
    r = parse_rule(
        "ColorIdentity:AllowedAdditionalColor$ 1:Type:Creature | AllowedAdditionalColorType$ Instant"
    )
    assert r.additional_types == parse_branch_list("Instant", "")
    assert any("explicit key wins" in w for w in r.warnings)
    no_types = parse_rule("ColorIdentity:AllowedAdditionalColor$ 1")
    assert not no_types.additional_types.branches and no_types.warnings


def test_unknown_classes_and_keys_are_kept_and_summarised():
    a = card("Odd One", rules=["Commander:Foo$ Bar", "Size:AdjustMin$ 5", "FormatPool:X$ Y"])
    b = card("Odd Two", rules=["Commander:Whatever$ 1"])
    assert isinstance(rules_of(a)[0], UnknownRule)
    summary = {w.key: (w.cards, w.examples) for w in summarize_warnings([a, b, TOLABOW])}
    assert summary["Commander"] == (2, ("Odd One", "Odd Two"))
    assert summary["Size.AdjustMin"] == (1, ("Odd One",))
    assert summary["FormatPool"] == (1, ("Odd One",))
    assert "Tolabow" not in str(summary)


def test_branch_matching_examples():
    assert matches("Basic.Land", "Island")
    assert matches("Basic.Land", "Snow-Covered Island")
    assert not matches("Basic.Land", "Hallowed Fountain")
    assert matches("Artifact.Creature", "The Everforger")
    assert not matches("Artifact.Creature", "Aether Spellbomb")
    assert matches("Permanent.Legendary", "Jhoira, Weatherlight Captain")
    assert not matches("Permanent.Legendary", "Kamahl's Druidic Vow")
    assert matches("Creature.powerGE4", "Serra Angel")
    assert not matches("Creature.powerGE4", "Lord of Extinction")  # * counts 0
    assert not matches("Creature.powerNE4", "Sol Ring")  # no printed power: never passes
    assert matches("Creature.cmcGE7", "Griselbrand")
    assert matches("Creature.powerGE4+cmcGE7", "Griselbrand")
    assert not matches("Creature.powerGE8+cmcGE7", "Griselbrand")
    assert matches("Instant,Sorcery", "Emeria's Call // Emeria, Shattered Skyclave")
    assert not matches("Instant,Sorcery", "Beanstalk Giant // Fertile Footsteps")
    assert matches("Instant", "Fire // Ice")
    assert matches("Phyrexian", "Elesh Norn, Mother of Machines")
    assert matches("Phyrexian", "Taurean Mauler")  # Changeling
    assert matches("Angel", "Nameless Inversion")  # Changeling on a kindred instant
    assert not matches("Equipment", "Taurean Mauler")  # not a creature type
    assert not matches("Phyrexian", "Phyrexian Purge")  # a name is not a type
    assert matches("Time.Lord", "The Tenth Doctor") and matches("Time Lord", "The Tenth Doctor")
    assert matches("Legendary.Creature+Time Lord", "The Tenth Doctor")
    assert matches("type:Land", "Watery Grave")


def test_named_tokens():
    assert matches("namedLightning Bolt", "Lightning Bolt")
    assert matches("Instant.namedlightning bolt", "Lightning Bolt")
    assert not matches("Creature.namedLightning Bolt", "Lightning Bolt")
    assert matches("namedFire", "Fire // Ice")  # a face name
    assert matches("namedCARDNAME", "Sol Ring", face="Sol Ring")
    bfm = card(
        "B.F.M. (Big Furry Monster)",
        "{B}",
        "Creature — The-Biggest-Baddest-Nastiest-Scariest-Creature-You'll-Ever-See",
        "B",
        "99/99",
    )
    assert parse_branch_list("namedB.F.M. (Big Furry Monster)", "").matches(bfm)
    vazal = card("Vazal, the Compleat", "{B}", "Legendary Creature — Phyrexian", "B", "1/1")
    assert parse_branch_list("namedCARDNAME", "Vazal, the Compleat").matches(vazal)


def test_empty_branch_list_matches_nothing():
    assert not parse_branch_list("", "").matches(POOL.get("Island"))
    assert not parse_branch_list(" , ,", "").matches(POOL.get("Island"))


def test_description_text():
    r = parse_rule(TOLABOW_MERGED, "Tolabow, Loch Rascal")
    assert r.description_text("Tolabow, Loch Rascal").startswith(
        "Rulebreaker —  If Tolabow, Loch Rascal is your commander"
    )


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_parsing_never_raises(text):
    rule = parse_rule(text, "Face")
    for c in POOL.cards[:40]:
        for attr in ("exempt", "additional_types", "affected"):
            blist = getattr(rule, attr, None)
            if blist is not None:
                blist.matches(c)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "Basic.Land",
                "Instant",
                "Creature.powerGE4",
                "Artifact.Creature",
                "Angel",
                "Equipment",
            ]
        ),
        min_size=1,
        max_size=4,
    )
)
def test_legacy_prefix_never_changes_meaning(branches):
    text = ",".join(branches)
    assert parse_branch_list("Type:" + text, "") == parse_branch_list(text, "")
    assert parse_rule(f"ColorIdentity:AllowedAdditionalColor$ 2:Type:{text}") == parse_rule(
        f"ColorIdentity:AllowedAdditionalColor$ 2 | AllowedAdditionalColorType$ {text}"
    )


def test_descriptions_are_shown_unless_the_oracle_text_has_them():
    from deckeditor.games.mtg.card import Card as _Card
    from deckeditor.games.mtg.card import DeckRuleLine, Face, Layout
    from deckeditor.games.mtg.deckrule import shown_descriptions

    line = "Size:AdjustMax$ Unlimited | Description$ Rulebreaker —  CARDNAME has no maximum."
    oracle = "Rulebreaker — Whtz, the Bibliophile has no maximum.\n{3}, {T}: Draw a card."
    bare = _Card(
        "Whtz, the Bibliophile",
        Layout.NORMAL,
        (Face("Whtz, the Bibliophile"),),
        deck_rule_lines=(DeckRuleLine("Whtz, the Bibliophile", line),),
    )
    assert shown_descriptions(bare) == ["Rulebreaker —  Whtz, the Bibliophile has no maximum."]
    full = _Card(
        "Whtz, the Bibliophile",
        Layout.NORMAL,
        (Face("Whtz, the Bibliophile", oracle_text=oracle),),
        deck_rule_lines=(DeckRuleLine("Whtz, the Bibliophile", line),),
    )
    assert shown_descriptions(full) == []
