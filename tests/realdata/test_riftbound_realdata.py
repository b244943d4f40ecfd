"""Real data end to end: for every Legend of the reference gallery, build a legal deck from the
rules themselves (independently of the checker) and see the checker agree; the shipped starter
pool and sample deck load and are legal."""

from __future__ import annotations

import json
from datetime import date

import pytest

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, Entry, Printing, Section
from deckeditor.games.registry import game
from deckeditor.games.riftbound import rules
from deckeditor.games.riftbound.attachment import AttachError, Board
from deckeditor.games.riftbound.card import from_record
from deckeditor.games.riftbound.deckcode import decode, encode_deck
from deckeditor.games.riftbound.gallery import load_gallery
from deckeditor.games.riftbound.pool import by_code
from deckeditor.names import slug
from deckeditor.paths import resources_dir
from deckeditor.problems import ProblemKind as K
from tests.conftest import shared_data
from tests.support.riftbound import SNAPSHOTS, format_info, gallery_pool, vector_deck

DAY = date(2026, 8, 1)
BANNED = {card_id for _, ids in SNAPSHOTS for card_id in ids}


@pytest.fixture(scope="module")
def pool():
    return gallery_pool(shared_data("riftbound", "cards.json"))


def entry(card, count=1):
    return Entry(card.name, count, Printing(code=card.reference_printing.code))


def build_legal_deck(pool, legend) -> Deck | None:
    """A deck that follows §3.3 by construction: plain Python over the card facts."""
    identity = legend.domains
    tag = legend.champion_tag

    def allowed(c):
        return c.domains <= identity and slug(c.name) not in BANNED

    champions = [c for c in pool if c.is_champion and tag in c.tags and allowed(c)]
    if not champions:
        return None
    champion = champions[0]
    main, size = [], 1
    for c in sorted(pool, key=lambda c: c.name):
        if size == 40:
            break
        if c is champion or c.is_signature or not allowed(c):
            continue
        if not ({"Unit", "Gear", "Spell"} & set(c.types)) or c.is_legend:
            continue
        n = min(3 if c.own_copy_limit is None else min(3, c.own_copy_limit), 40 - size)
        main.append(entry(c, n))
        size += n
    runes = [c for c in pool if "Rune" in c.types and c.domains <= identity]
    battlefields = [c for c in pool if "Battlefield" in c.types and allowed(c)][:3]
    if size != 40 or not runes or len(battlefields) < 3:
        return None
    per = [12 // len(runes) + (1 if i < 12 % len(runes) else 0) for i in range(len(runes))]
    return Deck(
        game="riftbound",
        name=legend.name,
        format="riftbound",
        sections=(
            Section("Legend", (entry(legend),)),
            Section("Champion", (entry(champion),)),
            Section("Main", tuple(main)),
            Section("Runes", tuple(entry(r, n) for r, n in zip(runes, per) if n)),
            Section("Battlefields", tuple(entry(b) for b in battlefields)),
        ),
    )


def test_every_legend_gets_a_legal_deck_and_the_checker_agrees(pool):
    legends = [c for c in pool if c.is_legend]
    assert len(legends) == 49
    built = 0
    for legend in legends:
        deck = build_legal_deck(pool, legend)
        if deck is None:
            continue
        built += 1
        for code in ("riftbound", "riftbound-casual"):
            assert rules.check(deck, format_info(code), DAY, pool) == [], legend.name
        # and it survives the deck code
        again = decode(encode_deck(deck, pool))
        assert sum(n for _, n in again.main) == 1 + 40 + 12 + 3
    assert built >= 40


def test_a_banned_card_breaks_a_legal_deck(pool):
    legend = pool.get("Jinx, Loose Cannon")
    deck = build_legal_deck(pool, legend)
    assert rules.check(deck, format_info("riftbound"), DAY, pool) == []
    main = list(deck.section("Main").entries)
    main[-1] = main[-1].with_count(main[-1].count - 1) if main[-1].count > 1 else main[-1]
    broken = deck.with_entries("Main", main).add("Main", Entry("Fight or Flight", 1))
    kinds = [p.kind.value for p in rules.check(broken, format_info("riftbound"), DAY, pool)]
    assert "BANNED" in kinds


# --- shipped resources ---------------------------------------------------------------------


def starter() -> CardPool:
    records = json.loads((resources_dir() / "riftbound" / "starter-cards.json").read_text("utf-8"))
    return CardPool("riftbound", [from_record(r) for r in records])


def sample_deck() -> Deck:
    from deckeditor.deckfile import read_json_deck

    return read_json_deck(
        (resources_dir() / "decks" / "riftbound-sample.deck.json").read_text("utf-8")
    )


def test_starter_pool_records():
    pool = starter()
    assert len(pool) >= 30
    assert sum(c.is_legend for c in pool) >= 1 and sum(c.is_champion for c in pool) >= 1
    assert (
        sum("Rune" in c.types for c in pool) >= 1
        and sum("Battlefield" in c.types for c in pool) >= 3
    )


@pytest.mark.parametrize("code", ["riftbound", "riftbound-casual"])
@pytest.mark.parametrize("day", [date(2026, 1, 1), date(2026, 7, 20), DAY])
def test_sample_deck_is_legal_with_the_starter_pool(code, day):
    deck = sample_deck()
    assert deck.game == "riftbound" and deck.format == "riftbound"
    assert rules.check(deck, format_info(code), day, starter()) == []


def test_starter_pool_through_the_card_store_loader():
    starter_mod = pytest.importorskip("deckeditor.carddb.starter")
    pool = starter_mod.starter_pool("riftbound")
    assert len(pool) == len(starter())
    assert rules.check(sample_deck(), format_info("riftbound"), DAY, pool) == []


def test_starter_facts_agree_with_the_gallery(pool):
    for card in starter():
        real = pool.get(card.name)
        assert real is not None
        assert (real.types, real.domains, real.supertypes, real.might, real.energy) == (
            card.types, card.domains, card.supertypes, card.might, card.energy)  # fmt: skip


# --- merged from test_riftbound_fixes.py ---
# Issue 13's data fixes and board rules, each on the real gallery (`../shared/data/riftbound/`):
# Origins token cards, champion tags over all printings, unknown sections, gallery warnings printed
# and counted, detaching when a card leaves the board, Quick-Draw's free attach, and the catalog
# hiding Signature cards exactly as `check` reports them.


JUL20 = date(2026, 7, 20)


@pytest.fixture(scope="module")
def real():
    return load_gallery(str(shared_data("riftbound", "cards.json")))


@pytest.fixture(scope="module")
def ex3(pool):
    return vector_deck("ex3", pool)


def one_rune_short(deck):
    """The deck with one rune fewer than its twelve."""
    from dataclasses import replace

    entry = deck.section("Runes").entries[0]
    return deck.replace_entry("Runes", 0, replace(entry, count=entry.count - 1))


# --- data fixes -------------------------------------------------------------------------------


def test_origins_recruits_and_sprite_are_tokens(real, pool, ex3):
    codes = {p.code for p in real.tokens}
    assert {"OGN-271", "OGN-272", "OGN-273", "OGN-274"} <= codes
    for name in ("Recruit (DE)", "Recruit (NX)", "Recruit (ZN)", "Sprite"):
        assert pool.get(name) is None, name
    assert (
        by_code(pool, "OGN-274") is None and by_code(pool, "OGN-275") is not None
    )  # Altar to Unity stays
    deck = game("riftbound").check(
        ex3.add("Main", Entry("Sprite")), format_info("riftbound"), JUL20, pool
    )
    assert any(p.kind is K.UNKNOWN_CARD and p.cards == ("Sprite",) for p in deck)


def test_champion_tags_are_the_union_over_printings(real, pool):
    jinx = pool.get("Jinx, Demolitionist")
    assert jinx.reference_printing.code == "VEN-168" and "Zaun" not in jinx.reference_printing.tags
    assert jinx.tags == ("Jinx", "Zaun")  # the reference printing's first, then the others'
    assert jinx.is_champion
    # a mis-tagged printing of a champion adds nothing (Karma OGN-235 is tagged Vi)
    assert pool.get("Karma, Channeler").tags == ("Karma",)
    # `tag:zaun` finds her
    from deckeditor.search import Searcher

    found = {pool.cards[r].name for r in Searcher(pool, "riftbound").search("tag:zaun")}
    assert "Jinx, Demolitionist" in found


def test_an_unknown_section_is_a_problem(ex3, pool):
    main = ex3.section("Main")
    renamed = ex3.with_entries("Main", []).with_entries("Mainboard", main.entries)
    problems = game("riftbound").check(renamed, format_info("riftbound"), JUL20, pool)
    unknown = [p for p in problems if p.kind is K.UNKNOWN_SECTION]
    assert len(unknown) == 1 and unknown[0].section == "Mainboard" and unknown[0].is_error
    assert "Mainboard" in unknown[0].message and str(main.total) in unknown[0].message
    assert set(unknown[0].cards) == {e.card for e in main.entries}
    assert any(p.kind is K.DECK_TOO_SMALL for p in problems)


def test_an_unknown_section_read_from_a_deck_file_is_reported(ex3, pool, tmp_path):
    from deckeditor.deck_files import read_deck_file
    from deckeditor.deckfile import write_json_deck

    deck = ex3.add("Extras", Entry("Long Sword", 2))
    path = tmp_path / "d.deck.json"
    path.write_text(write_json_deck(deck), encoding="utf-8")
    read = read_deck_file(str(path), pool).deck
    assert read.section("Extras").total == 2
    problems = game("riftbound").check(read, format_info("riftbound"), JUL20, pool)
    assert [p.section for p in problems if p.kind is K.UNKNOWN_SECTION] == ["Extras"]


def test_gallery_warnings_are_printed_and_counted(tmp_path, capsys):
    from deckeditor.cli import main

    doc = json.loads(shared_data("riftbound", "cards.json").read_text(encoding="utf-8"))
    doc["cards"].append(dict(doc["cards"][5]))  # a code that appears twice
    src = tmp_path / "gallery.json"
    src.write_text(json.dumps(doc), encoding="utf-8")
    home = tmp_path / "home"
    assert main(["--home", str(home), "cards", "import", str(src)]) == 0
    out, err = capsys.readouterr()
    code = doc["cards"][5]["code"].split("/")[0]
    assert f"warning: cards[{len(doc['cards']) - 1}].code: {code} appears twice" in err
    # the reference data's own warning (Effect Text on Shadows of the Past) and the duplicate
    assert "Effect Text on a card that is not a Gear" in err
    assert "(riftbound-gallery, 2 warnings)" in out
    assert main(["--home", str(home), "cards", "info"]) == 0
    assert "riftbound-gallery, 924 cards, 2 warnings" in capsys.readouterr().out


# --- the catalog agrees with check on Signature cards -------------------------------------------


def test_catalog_hides_signature_cards_exactly_like_check(ex3, pool):
    """Ornn's deck holds 3 Signature cards: every Signature card is hidden for Main (budget
    full); with one fewer, only the other champions' Signature cards are, each with the reason,
    and adding any shown one gives no SIGNATURE_LIMIT."""
    g, fmt = game("riftbound"), format_info("riftbound")
    signatures = [c for c in pool.cards if c.is_signature]
    pred = g.make_predicate(ex3, fmt, JUL20, pool, "Main")
    assert all(not pred(c) for c in signatures)
    mine = next(e for e in ex3.section("Main").entries if pool.get(e.card).is_signature)
    index = ex3.section("Main").entries.index(mine)
    fewer = ex3.remove("Main", index, 1)
    pred = g.make_predicate(fewer, fmt, JUL20, pool, "Main")
    rows = set(pred.visible_rows(range(len(pool))))
    for card in signatures:
        shown = pred(card)
        assert shown == (pool.row_of(card.name) in rows)
        added = fewer.add("Main", Entry(card.name))
        limit = [
            p
            for p in g.check(added, fmt, JUL20, pool)
            if p.kind is K.SIGNATURE_LIMIT and card.name in p.cards
        ]
        kinds = {r.kind for r in pred.why_hidden(card)}
        if (
            "OUTSIDE_IDENTITY" not in kinds
            and "AT_COPY_LIMIT" not in kinds
            and "BANNED" not in kinds
        ):
            assert shown == (not limit), card.name
        if "Ornn" not in card.tags:
            assert "OTHER_CHAMPION_SIGNATURE" in kinds and not shown


# --- board rules ------------------------------------------------------------------------------


def test_leaving_the_board_detaches_everything_in_any_given_order(pool):
    poro, shield, sword = (
        by_code(pool, "SFD-099"),
        by_code(pool, "SFD-033"),
        by_code(pool, "SFD-161"),
    )
    board = Board()
    u = board.put(poro, "battlefield:1")
    gs = [board.put(shield), board.put(sword)]
    for g in gs:
        board.attach(g, u)
    events = board.leave_board(u, "hand", order=[gs[1]])  # the player orders only the Sword
    assert u.attachments == [] and all(g.attached_to is None for g in gs)
    assert [e.kind for e in events].count("detached") == 2
    assert [g.zone for g in gs] == ["battlefield:1", "battlefield:1"]
    with pytest.raises(AttachError):
        board2 = Board()
        u2 = board2.put(poro)
        board2.leave_board(u2, "trash", order=[board2.put(sword)])


def test_quick_draw_attaches_free_only_for_quick_draw_cards(pool):
    rearguard, sword, dirk, jax = (
        by_code(pool, c) for c in ("OGN-010", "SFD-022", "SFD-009", "SFD-054")
    )
    board = Board()
    u = board.put(rearguard)
    board.play_quick_draw(board.put(sword), u)  # Long Sword has Quick-Draw
    with pytest.raises(AttachError, match="Quick-Draw"):
        board.play_quick_draw(board.put(dirk), u)  # Serrated Dirk has none: Equip is paid
    board.put(jax)  # Jax, Unmatched: each Equipment in your hand has Quick-Draw
    board.play_quick_draw(board.put(dirk), u)
    assert len(u.attachments) == 2


def test_a_one_kind_section_shows_only_what_it_may_hold(ex3, pool):
    """Targeting Chosen Champion, Legend, Runes or Battlefields narrows the catalog as `check`
    would judge the card there; Main still shows every kind (an add goes to its type's section)."""
    g, fmt = game("riftbound"), format_info("riftbound")
    # the deck before its champion is chosen (once chosen, the one-card section offers nothing
    # more: test_riftbound_full_sections); its other copies still count for the copy limit
    champ = g.make_predicate(
        ex3.remove("Champion", 0).add("Main", ex3.section("Champion").entries[0]),
        fmt,
        JUL20,
        pool,
        "Champion",
    )
    shown = [pool.cards[r] for r in champ.visible_rows(range(len(pool)))]
    assert shown and all(c.is_champion and "Ornn" in c.tags for c in shown)
    assert {c.name for c in shown} == {"Ornn, Blacksmith"}  # Ornn, Forge God: 3 of 3 already
    assert [r.kind for r in champ.why_hidden(pool.get("Ornn, Forge God"))] == ["AT_COPY_LIMIT"]
    jinx = pool.get("Jinx, Demolitionist")
    assert any(r.kind == "WRONG_SECTION" for r in champ.why_hidden(jinx))
    # one rune short of the twelve (a full rune deck offers no rune: test_riftbound_full_sections)
    short = one_rune_short(ex3)
    runes = g.make_predicate(short, fmt, JUL20, pool, "Runes")
    assert {t for r in runes.visible_rows(range(len(pool))) for t in pool.cards[r].types} == {
        "Rune"
    }
    main = g.make_predicate(short, fmt, JUL20, pool, "Main")
    assert pool.get("Calm Rune") in [pool.cards[r] for r in main.visible_rows(range(len(pool)))]
