"""Printings (issue 24.5): a printing is shown by set name, year and collector number, picking one
fills its number, and the printing keys `s:`/`e:`/`set:`/`edition:`, `r:`/`rarity:`, `a:`/`artist:`,
`game:` and `year:` find a card when one of its printings matches (Scryfall's meaning,
`docs/spec-notes.md`); a key that exists on Scryfall but not here empties the catalog with its
message instead of keeping the previous results."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from deckeditor.carddb.starter import starter_pool
from deckeditor.games.mtg.set_table import describe, facts, set_name
from deckeditor.search import Searcher, SearchError


@pytest.fixture(scope="module")
def find():
    pool = starter_pool("mtg")
    searcher = Searcher(pool, "mtg")
    return lambda query: {pool.cards[r].name for r in searcher.search(query)}


def test_the_set_table_names_sets_and_printings():
    assert set_name("C16") == "Commander 2016" and set_name("lea") == "Limited Edition Alpha"
    assert describe("C16", "29") == "Commander 2016 (C16) · 2016 · #29"
    assert describe("ZZZ") == "ZZZ"  # a code nobody names: the code alone
    sol = facts("2ED", "Sol Ring")
    assert (sol.number, sol.rarity, sol.artist) == ("270", "u", "Mark Tedin")
    assert facts("ZZZ", "Sol Ring").number == ""


@pytest.mark.parametrize("key", ["s", "set", "e", "edition"])
def test_set_keys_find_a_card_printed_in_the_set(find, key):
    found = find(f"{key}:c16")
    assert {"Thrasios, Triton Hero", "Atraxa, Praetors' Voice"} <= found
    assert "Tolabow, Loch Rascal" not in found  # no printing known
    assert find(f"{key}:C16") == found  # codes compare case-insensitively


def test_a_negated_set_key_is_a_card_with_no_printing_there(find):
    assert "Thrasios, Triton Hero" not in find("-s:c16")
    assert "Tolabow, Loch Rascal" in find("-s:c16")


def test_rarity_keys_compare_in_scryfalls_order(find):
    assert "Atraxa, Praetors' Voice" in find("r:mythic")
    assert find("r:mythic") == find("rarity:m")
    rare_up = find("r>=rare")
    assert "Atraxa, Praetors' Voice" in rare_up and find("r:mythic") <= rare_up
    assert "Sol Ring" in find("r:uncommon") and "Sol Ring" in find("r<rare")
    assert "Atraxa, Praetors' Voice" not in find("r<uncommon")


def test_artist_key_matches_words_of_the_name(find):
    assert "Sol Ring" in find('a:"mark tedin"') and "Sol Ring" in find("artist:tedin")
    assert "Sol Ring" not in find('a:"rebecca guay"')


def test_game_key_names_paper_mtgo_or_arena(find):
    assert "Sol Ring" in find("game:paper")
    assert "Sol Ring" not in find("game:arena")  # never on Arena
    assert "Abrade" in find("game:arena")


def test_year_key_is_any_printings_year(find):
    assert {"Sol Ring", "Counterspell", "Dark Ritual"} <= find("year<=1994")
    assert "Atraxa, Praetors' Voice" not in find("year<=1994")
    assert "Atraxa, Praetors' Voice" in find("year=2016")


# --- one printing satisfies a conjunction (issue 24: `set:mh3 r:mythic`) ---------------------


@pytest.mark.parametrize(
    "query, found, not_found",
    [
        # Counterspell: uncommon in Alpha (LEA), common in Eternal Masters (EMA)
        ("s:lea r:uncommon", "Counterspell", None),
        ("s:lea r:common", None, "Counterspell"),
        ("s:ema r:common", "Counterspell", None),
        ("set:lea rarity>=rare", None, "Counterspell"),
        # Chrome Mox: rare in Mirrodin (MRD), mythic in Eternal Masters
        ("e:mrd r:mythic", None, "Chrome Mox"),
        ("e:ema r:mythic", "Chrome Mox", None),
        # Sol Ring: Mark Tedin's printings are paper only and none after 2019
        ("a:tedin game:mtgo", None, "Sol Ring"),
        ("a:bierek game:mtgo", "Sol Ring", None),
        ("a:tedin year>=2020", None, "Sol Ring"),
        ("a:tedin r:rare year=2005", "Sol Ring", None),
        ("Counterspell s:lea r:uncommon game:paper year=1993 a:poole", "Counterspell", None),
        # an OR of printing terms inside the conjunction is asked of the same printing
        ("s:lea (r:common or r:rare)", None, "Counterspell"),
        ("s:lea (r:common or r:uncommon)", "Counterspell", None),
    ],
)
def test_printing_terms_joined_by_and_need_one_printing_for_all(find, query, found, not_found):
    hits = find(query)
    if found:
        assert found in hits
    if not_found:
        assert not_found not in hits


def test_each_printing_term_alone_still_matches_any_printing(find):
    assert "Counterspell" in find("s:lea") and "Counterspell" in find("r:common")
    assert "Chrome Mox" in find("s:mrd") and "Chrome Mox" in find("r:mythic")


def test_or_and_negation_keep_their_meaning(find):
    """OR is either term on any printing; a negated printing term is "no printing matches" (a
    card-level answer, `docs/spec-notes.md`), so it is not asked of the same printing."""
    assert "Counterspell" in find("s:mrd or r:common")
    assert "Counterspell" not in find("s:lea -r:common")  # it has a common printing elsewhere
    assert "Counterspell" in find("s:lea -r:special") and "Counterspell" in find("s:lea -a:tedin")
    assert find("s:lea -r:common") == find("s:lea") - find("r:common")


def test_the_conjunction_is_what_a_plain_filter_over_each_printing_finds():
    """Every pair of printing terms over the starter pool, against a filter written here over
    the printing table (`printing_records`) with no bitsets."""
    from deckeditor.games.mtg.search_keys.printings import printing_records
    from deckeditor.search import index_for

    pool = starter_pool("mtg")
    record_of = printing_records(index_for(pool, "mtg"))
    records = [record_of(row) for row in range(len(pool))]
    searcher = Searcher(pool, "mtg")
    terms = {
        "s:c16": lambda p: p.set == "c16",
        "s:lea": lambda p: p.set == "lea",
        "r:common": lambda p: p.rank == 0,
        "r>=rare": lambda p: p.rank >= 2,
        "a:bierek": lambda p: "bierek" in p.artist,
        "game:arena": lambda p: bool(p.games & 4),
        "year<=1995": lambda p: 0 < p.year <= 1995,
        "year=2016": lambda p: p.year == 2016,
    }
    for first, test_first in terms.items():
        for second, test_second in terms.items():
            expected = {
                row
                for row, printings in enumerate(records)
                if any(test_first(p) and test_second(p) for p in printings)
            }
            assert set(searcher.search(f"{first} {second}")) == expected, (first, second)


@pytest.mark.realdata
def test_the_real_pool_finds_a_printing_by_set_and_rarity_together():
    """Bloodstained Mire over the MTGJSON pool: printed in MH3 (a printing the shipped table does
    not describe, so of no known rarity), mythic in Zendikar Expeditions (EXP, ZNE), rare in
    Khans of Tarkir. `set:mh3 r:mythic` listed it (an MH3 printing, a mythic one elsewhere)."""
    from deckeditor.carddb.pool import CardPool
    from deckeditor.games.mtg.mtgjson import load_mtgjson
    from tests.conftest import shared_data

    cards, _ = load_mtgjson(shared_data("mtg", "cards.json.xz"))
    pool = CardPool("mtg", cards)
    searcher = Searcher(pool, "mtg")

    def names(query: str) -> set[str]:
        return {pool[r].name for r in searcher.search(query)}

    assert "Bloodstained Mire" in names("set:mh3") and "Bloodstained Mire" in names("r:mythic")
    assert "Bloodstained Mire" not in names("set:mh3 r:mythic")
    assert "Bloodstained Mire" in names("set:ktk r:rare")
    assert "Bloodstained Mire" not in names("set:ktk r:mythic")
    assert "Bloodstained Mire" in names("set:exp r:mythic")
    mythic_mh3 = names("set:mh3 r:mythic")
    assert mythic_mh3 < names("set:mh3") & names("r:mythic")  # fewer, and all of them in both


@pytest.mark.parametrize(
    "query, message",
    [
        ("r:legendary", 'unknown rarity "legendary"'),
        ("year:soon", '"soon" is not a year'),
        ("game:xbox", 'unknown game "xbox"'),
        ("s:c-16", '"c-16" is not a set code'),
    ],
)
def test_bad_printing_values_are_errors_at_the_value(query, message):
    searcher = Searcher(starter_pool("mtg"), "mtg")
    with pytest.raises(SearchError) as caught:
        searcher.search(query)
    assert caught.value.message.startswith(message)
    assert caught.value.position == query.index(":") + 1


def test_a_scryfall_key_not_supported_is_marked_so():
    searcher = Searcher(starter_pool("mtg"), "mtg")
    with pytest.raises(SearchError) as caught:
        searcher.search("cn:12")
    assert caught.value.message == '"cn:" is not supported yet' and caught.value.unsupported
    with pytest.raises(SearchError) as caught:
        searcher.search("foo:bar")
    assert not caught.value.unsupported


# --- in the window -------------------------------------------------------------------------------


@pytest.fixture
def window(make_window):
    win = make_window()
    win.show()
    return win


def _type(win, qtbot, text: str) -> None:
    box = win.catalog.search_box
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(box, Qt.Key.Key_Delete)
    qtbot.keyClicks(box, text)


def _names(win) -> list[str]:
    model = win.catalog.model
    return [model.card_at(r).name for r in range(model.rowCount())]


@pytest.mark.gui
def test_typing_a_printing_key_lists_the_cards_printed_there(window, qtbot):
    _type(window, qtbot, "s:c16 t:legend")
    names = _names(window)
    assert "Thrasios, Triton Hero" in names and "Tolabow, Loch Rascal" not in names
    assert not window.catalog.error_label.isVisible()
    assert window.catalog.count_label.text().startswith(f"{len(names)} of ")


@pytest.mark.gui
def test_an_unsupported_key_empties_the_list_with_its_message(window, qtbot):
    _type(window, qtbot, "t:legend")
    assert window.catalog.model.rowCount() > 0
    _type(window, qtbot, "cn:1")
    catalog = window.catalog
    assert catalog.model.rowCount() == 0  # not the previous results
    assert (
        catalog.error_label.isVisible()
        and '"cn:" is not supported yet' in catalog.error_label.text()
    )
    assert catalog.count_label.text().startswith("0 of ")
    _type(window, qtbot, "t:legend (")  # a malformed query still keeps the last good results
    assert catalog.model.rowCount() == 0 or catalog.error_label.isVisible()


@pytest.mark.gui
def test_the_printing_list_names_set_year_and_number_with_set_symbols(window, qtbot):
    window.session.add_card("Sol Ring", "Main")
    window.deck_pane.select_cards(["Sol Ring"])
    view = window.card_view
    texts = [view.printing_box.itemText(i) for i in range(view.printing_box.count())]
    assert (
        "Commander 2016 (C16) · 2016 · #272" in texts
        and "Limited Edition Alpha (LEA) · 1993 · #269" in texts
    )
    c16 = texts.index("Commander 2016 (C16) · 2016 · #272")
    assert not view.printing_box.itemIcon(c16).isNull()  # Keyrune's set symbol
    view.open_printings("Sol Ring")
    html = view.text.toHtml()
    assert "Commander 2016 (C16) · 2016 · #272" in html and "setsymbol:set:C16" in html
    # a printing's link shows that printing's picture
    asked = []
    view.images = type(
        "Images",
        (),
        {
            "request": lambda self, *a: asked.append(a[3]),
            "pending": lambda self: False,
            "forget": lambda self, o: None,
            "downloads": False,
            "pictures_folder": "",
        },
    )()
    from PySide6.QtCore import QUrl

    view._on_link(QUrl("printing:0"))
    assert asked and asked[-1].set == view.session.game.printing_choices(view.card)[0].set


def test_a_promo_set_nobody_names_is_named_after_its_set():
    assert set_name("PCMR") == "Commander Legends Promos"  # "P" + CMR, as MTGJSON codes promos
    assert set_name("PZZZ") == ""
