"""riftbound.md §5.5: every worked case of the attachment model, on the real printed values."""

from __future__ import annotations

from collections import Counter

import pytest

from deckeditor.games.riftbound.attachment import (
    AttachError,
    Board,
    active_keywords,
    activity,
    card_text_view,
    card_view,
    effective_might,
    effective_text,
    equip_offered,
    equipped,
    hand_keywords,
    has,
    keywords_present,
    might_text,
    preview,
    repeat_plan,
    temporary_kills,
    total_cost,
    weaponmaster_cost,
)
from deckeditor.games.riftbound.card import Cost, has_keyword
from deckeditor.games.riftbound.pool import by_code
from tests.conftest import shared_data
from tests.support.riftbound import gallery_pool


@pytest.fixture(scope="module")
def C():
    pool = gallery_pool(shared_data("riftbound", "cards.json"))

    def card(code):
        found = by_code(pool, code)
        assert found is not None, code
        return found

    return card


def names(kws):
    return {k.name for k in kws}


def test_case1_long_sword_on_rearguard(C):
    board = Board()
    rear = board.put(C("OGN-010"))
    sword = board.put(C("SFD-022"))
    board.attach(sword, rear)
    assert effective_might(rear) == 4
    assert might_text(rear) == "4 (2 +2)"
    assert [b.source for b in effective_text(rear)] == ["Legion Rearguard"]
    assert not equip_offered(sword)
    assert {"Quick-Draw", "Equip"} <= names(keywords_present(sword))
    assert active_keywords(sword) == []
    assert rear.top_most and equipped(rear)
    assert activity(sword) == {"rules": "inactive", "effect": "active", "bonus": "applied"}


def test_case2_serrated_dirk_assault(C):
    board = Board()
    adept = board.put(C("SFD-008"))
    board.attach(board.put(C("SFD-009")), adept)
    assert effective_might(adept) == 3
    assert effective_might(adept, attacking=True) == 5
    texts = [b.text for b in effective_text(adept)]
    assert texts[-1] == "[Assault 2] (+2 [S] while I'm an attacker.)"
    assert texts[0].startswith("[Weaponmaster]")


@pytest.mark.parametrize("order", [("SFD-033", "SFD-161"), ("SFD-161", "SFD-033")])
def test_case3_and_4_two_gear_then_detach(C, order):
    board = Board()
    poro = board.put(C("SFD-099"))
    gear = {code: board.put(C(code)) for code in order}
    for g in gear.values():
        board.attach(g, poro)
    assert effective_might(poro) == 6
    assert has_keyword(active_keywords(poro), "Tank")
    sword, shield = gear["SFD-161"], gear["SFD-033"]
    board.detach(sword)  # Angle Shot
    assert effective_might(poro) == 3
    assert has_keyword(active_keywords(poro), "Tank")
    assert not sword.attached and sword.zone == poro.zone
    assert equip_offered(sword) and sword.card.keyword("Equip").cost == Cost(0, Counter("Y"))
    # case 4
    board.detach(shield)
    assert effective_might(poro) == 2
    assert not has_keyword(active_keywords(poro), "Tank")
    assert not poro.top_most and not equipped(poro)


def test_case5_gearhead_doubles_bonus_not_shield(C):
    v = preview(C("SFD-068"), [C("SFD-022"), C("SFD-064")])
    assert v.might == 7
    assert v.might_defending == 9


def test_case6_spinning_axe_unattached(C):
    board = Board()
    axe = board.put(C("SFD-186"))
    assert activity(axe) == {"rules": "active", "effect": "inactive", "bonus": "not applied"}
    assert temporary_kills(axe)
    assert equip_offered(axe)
    assert card_view(C("SFD-186")).bonus_badge == "+3"
    assert effective_might(axe) is None


def test_case7_axe_attached_temporary_inactive_but_present(C):
    board = Board()
    rear = board.put(C("OGN-010"))
    axe = board.put(C("SFD-186"))
    board.attach(axe, rear)
    assert effective_might(rear) == 5
    assert not temporary_kills(axe)
    assert has(axe, "Temporary")  # a "gear with [Temporary]" filter still finds it


def test_case8_bonus_on_card_without_might(C):
    board = Board()
    disc = board.put(C("OGN-021"))
    board.attach(board.put(C("SFD-161")), disc)  # an effect may attach to any card
    assert effective_might(disc) is None


def test_case9_unit_dies_gear_stays(C):
    board = Board()
    adept = board.put(C("SFD-008"), "battlefield:1")
    warmog = board.put(C("SFD-108"), "battlefield:1", exhausted=True)
    board.attach(warmog, adept)
    board.kill(adept)
    assert adept.zone == "trash" and effective_might(adept) == 3
    assert warmog.zone == "battlefield:1" and not warmog.attached and warmog.exhausted
    assert activity(warmog) == {"rules": "active", "effect": "inactive", "bonus": "not applied"}
    board.cleanup()
    assert warmog.zone == "base"


def test_case10_move_carries_attachment_and_triggers(C):
    board = Board()
    poro = board.put(C("SFD-099"))
    eye = board.put(C("SFD-153"))
    board.attach(eye, poro)
    events = board.move(poro, "battlefield:2")
    assert eye.zone == "battlefield:2"
    assert [e.kind for e in events if e.card == "Eye of the Herald"] == []  # not a Move for it
    triggers = [e for e in events if e.kind == "trigger"]
    assert (
        len(triggers) == 1
        and "Recruit" in triggers[0].detail
        and triggers[0].zone == "battlefield:2"
    )
    assert effective_might(poro) == 2
    with pytest.raises(AttachError):
        board.move(eye, "base")


def test_case11_weaponmaster_takes_axe_for_free(C):
    board = Board()
    rear = board.put(C("OGN-010"))
    axe = board.put(C("SFD-186"))
    board.attach(axe, rear)
    assert effective_might(rear) == 5
    assailant = board.put(C("SFD-002"))
    cost, events = board.weaponmaster(assailant, axe)
    assert cost.is_free
    assert effective_might(rear) == 2 and effective_might(assailant) == 9
    assert "equipped" not in {e.kind for e in events}  # no activation
    with pytest.raises(AttachError):
        board.equip(axe, rear)  # the Axe's own Equip is inactive


def test_case12_weaponmaster_unreduced_cost(C):
    assert weaponmaster_cost(C("SFD-033")) == Cost(0, Counter("G"))
    for pay, might, zone in ((True, 3, "base"), (False, 2, "base")):
        board = Board()
        poro = board.put(C("SFD-099"))
        shield = board.put(C("SFD-033"))
        board.weaponmaster(poro, shield, pay=pay)
        assert effective_might(poro) == might
        assert has_keyword(active_keywords(poro), "Tank") is pay
        assert shield.attached is pay and shield.zone == zone


def test_case13_quick_draw(C):
    sword = C("SFD-022")
    assert has_keyword(hand_keywords(sword, Board()), "Reaction")
    board = Board()
    rear = board.put(C("OGN-010"))
    g = board.put(sword)
    board.play_quick_draw(g, rear)
    assert effective_might(rear) == 4
    board2 = Board()
    g2 = board2.put(sword)
    board2.play_quick_draw(g2, None)
    assert g2.zone == "base" and not g2.attached


def test_case14_jax_gives_quick_draw_in_hand(C):
    board = Board()
    board.put(C("SFD-054"))
    sword = hand_keywords(C("SFD-022"), board)
    assert [k.name for k in sword].count("Quick-Draw") == 1
    dirk = hand_keywords(C("SFD-009"), board)
    assert has_keyword(dirk, "Quick-Draw") and has_keyword(dirk, "Reaction")
    assert not has_keyword(hand_keywords(C("SFD-009"), Board()), "Quick-Draw")


def test_case15_rocket_barrage_repeat(C):
    barrage = C("SFD-077")
    assert total_cost(barrage, 0) == Cost(4, Counter("B"))
    assert total_cost(barrage, 1) == Cost(8, Counter({"B": 2}))
    plan = repeat_plan(barrage, 1)
    assert plan.executions == 2 and plan.spells_played == 1
    with pytest.raises(ValueError):
        total_cost(barrage, 2)


def test_case16_guardian_angel(C):
    board = Board()
    unit = board.put(C("SFD-099"), "battlefield:1")
    angel = board.put(C("SFD-051"), "battlefield:1")
    board.attach(angel, unit)
    assert effective_might(unit) == 3
    board.would_die(unit)
    assert angel.zone == "trash"
    assert unit.zone == "base" and unit.exhausted
    assert effective_might(unit) == 2 and not effective_text(unit)[1:]


def test_case17_reattach_elsewhere(C):
    board = Board()
    poro = board.put(C("SFD-099"))
    rear = board.put(C("OGN-010"), "battlefield:1")
    shield = board.put(C("SFD-033"))
    board.attach(shield, poro)
    board.attach(shield, rear)
    assert effective_might(poro) == 2 and not has_keyword(active_keywords(poro), "Tank")
    assert effective_might(rear) == 3 and has_keyword(active_keywords(rear), "Tank")
    assert shield.zone == "battlefield:1"
    assert board.attach(shield, rear) == []  # same U: nothing


def test_case18_forgefire_cape_view_and_preview(C):
    cape = C("SFD-190")
    view = card_view(cape)
    assert view.rules_text.startswith("[Unique]") and "[Equip] [A]" in view.rules_text
    assert view.effect_text == "When I attack or defend, deal 2 to all enemy units here."
    assert view.effect_dimmed and view.effect_note == "applies only while attached"
    assert view.bonus_badge == "+3" and not view.bonus_applied
    board = Board()
    hand = board.put(cape, "hand")
    blocks = card_text_view(hand)
    assert blocks[1].note == "applies only while attached" and not blocks[1].active
    v = preview(C("SFD-085"), [cape])
    assert v.might == 7
    assert v.text[-1].text == view.effect_text and v.text[-1].source == "Forgefire Cape"


def test_no_chains_and_detach_noop(C):
    board = Board()
    a, b, g = board.put(C("SFD-099")), board.put(C("OGN-010")), board.put(C("SFD-022"))
    board.attach(g, a)
    with pytest.raises(AttachError):
        board.attach(b, g)  # g is attached: cannot be top-most
    with pytest.raises(AttachError):
        board.attach(a, b)  # a is top-most: cannot be attached
    assert board.detach(b) == []


def test_timestamps_lost_and_renewed(C):
    board = Board()
    unit = board.put(C("SFD-099"))
    g = board.put(C("SFD-022"))
    first = g.rules_timestamp
    assert first is not None and g.effect_timestamp is None
    board.attach(g, unit)
    assert g.rules_timestamp is None and g.effect_timestamp is not None
    board.detach(g)
    assert (
        g.rules_timestamp is not None and g.rules_timestamp > first and g.effect_timestamp is None
    )


def test_equip_activation_gives_cost_and_equipped_event(C):
    board = Board()
    rear = board.put(C("OGN-010"))
    sword = board.put(C("SFD-022"))
    cost, events = board.equip(sword, rear)
    assert cost == Cost(0, Counter("R"))
    assert [e.kind for e in events][-1] == "equipped" and equipped(rear)
    disc = board.put(C("OGN-021"))
    other = board.put(C("SFD-161"))
    with pytest.raises(AttachError, match="only to units"):
        board.equip(other, disc)
