"""What the empty catalog says when a search finds nothing (issue 24 walkthrough): a name no
source holds sends the player to File › Import cards…; a keyed search that matches nothing says
which term matched nothing, or that the terms find nothing together, with no import button (an
import does not make `o:zzzz` match). Printing terms joined by AND need one printing for all
(`set:mh3 r:mythic`): where the pool's sources give no rarity for a set's printings, the note
says for how many of them it is known."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import Qt

from deckeditor.carddb.store import import_sources
from deckeditor.paths import AppPaths
from tests.conftest import shared_data
from tests.support.player_window import open_window, show_active


def _type_search(win, qtbot, text: str) -> None:
    """Alt+1 to the search box, select what is there, type the query as keys."""
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    box = win.catalog.search_box
    assert box.hasFocus()
    qtbot.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(box, Qt.Key.Key_Delete)
    qtbot.keyClicks(box, text)
    win.catalog.refresh()  # an `o:` term waits for a pause in typing; the test does not wait


def _note(win) -> tuple[str, bool]:
    catalog = win.catalog
    assert catalog.model.rowCount() == 0 and catalog.empty_box.isVisible()
    return catalog.empty_label.text(), catalog.import_button.isVisible()


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    return win


@pytest.mark.gui
@pytest.mark.parametrize(
    "query, said",
    [
        ("o:zzzz", "No card in your card pool matches “o:zzzz”"),
        ("set:xyz", "No card in your card pool matches “set:xyz”"),
        ("t:elf set:xyz", "No card in your card pool matches “set:xyz”"),
        ("o:zzzz set:xyz", "No card in your card pool matches “o:zzzz” nor “set:xyz”"),
        (
            "t:otter c:r",
            "No card matches “t:otter” and “c:r” together — each finds cards on its own",
        ),
    ],
)
def test_a_keyed_search_that_finds_nothing_says_what_and_offers_no_import(
    window, qtbot, query, said
):
    _type_search(window, qtbot, query)
    assert _note(window) == (said, False)


@pytest.mark.gui
def test_a_name_in_no_source_still_offers_the_import(window, qtbot):
    _type_search(window, qtbot, "zzyzx t:elf")  # the name is what no card has
    text, offered = _note(window)
    assert text.startswith("“zzyzx”: not in your card pool — File › Import cards…")
    assert offered


@pytest.mark.gui
@pytest.mark.parametrize("typed", ["Raised by Gnomes", "Will, the Unwise"])
def test_a_name_of_several_words_in_no_source_offers_the_import(window, qtbot, typed):
    # each word finds cards ("by", "the"): the name as a whole is what no source holds
    _type_search(window, qtbot, typed)
    text, offered = _note(window)
    assert text.startswith(f"“{typed}”: not in your card pool — File › Import cards…")
    assert offered


@pytest.mark.gui
def test_printing_terms_no_one_printing_holds_say_so(window, qtbot):
    # Counterspell was uncommon in Alpha: the LEA printings the table knows are not mythic
    _type_search(window, qtbot, "s:lea r:mythic")
    assert _note(window) == (
        "No one printing matches “s:lea” and “r:mythic” together — each finds cards on its own",
        False,
    )
    _type_search(window, qtbot, "s:lea r:uncommon")
    assert window.catalog.model.rowCount() >= 1 and not window.catalog.empty_box.isVisible()


@pytest.mark.gui
def test_a_set_whose_rarities_no_source_gives_says_so(window, qtbot):
    # the starter pool lists 27 cards printed in MB2 (Mystery Booster 2); no source here has
    # their rarity
    _type_search(window, qtbot, "s:mb2 r:rare")
    assert _note(window) == (
        "No one printing matches “s:mb2” and “r:rare” together — each finds cards on its own; "
        "your card sources give the rarity of none of the 27 printings “s:mb2” finds",
        False,
    )


# --- the MTGJSON pool: MH3 came out after the 2022 set files that give most rarities ----------


@pytest.fixture(scope="module")
def mtgjson_home(tmp_path_factory):
    source = shared_data("mtg", "cards.json.xz")
    root = tmp_path_factory.mktemp("mtgjson")
    import_sources([source], app_paths=AppPaths.resolve(root / "home").ensure())
    return root


@pytest.mark.realdata
@pytest.mark.gui
def test_set_and_rarity_on_the_mtgjson_pool(mtgjson_home, qtbot, tmp_path):
    shutil.copytree(mtgjson_home / "home", tmp_path / "home")
    win = open_window(qtbot, tmp_path)
    show_active(qtbot, win)
    _type_search(win, qtbot, "set:mh2 r:mythic")  # a set the data gives rarities for
    names = {win.catalog.model.index(r, 0).data() for r in range(win.catalog.model.rowCount())}
    assert {"Archon of Cruelty", "Chatterfang, Squirrel General"} <= names
    _type_search(win, qtbot, "set:mh3 r:common")  # the MH3 printings the 2026 deck files hold
    assert {"Forest", "Accursed Marauder"} <= {
        win.catalog.model.index(r, 0).data() for r in range(win.catalog.model.rowCount())
    }
    _type_search(win, qtbot, "set:mh3 r:mythic")
    text, offered = _note(win)
    assert not offered
    assert text.startswith(
        "No one printing matches “set:mh3” and “r:mythic” together — each finds cards on its "
        "own; your card sources give the rarity of only 20 of the "
    )
    assert text.endswith(" printings “set:mh3” finds")


@pytest.mark.gui
def test_a_key_s_words_typed_without_quotes_are_offered_in_quotes(window, qtbot):
    # `o:~ deals 3` is `o:~` and two name words; the phrase is `o:"~ deals 3"` (search.md §9)
    from deckeditor.search import Searcher

    _type_search(window, qtbot, "o:~ deals 3")
    text, offered = _note(window)
    phrase = Searcher(window.session.pool, "mtg").search('o:"~ deals 3"')
    names = {window.session.pool.cards[r].name for r in phrase}
    assert "Lightning Bolt" in names
    plural = "card" if len(names) == 1 else "cards"
    assert text == (
        'No card matches “o:~ deals 3” as typed; in quotes, “o:"~ deals 3"” finds '
        f"{len(names)} {plural}"
    )
    assert not offered
    _type_search(window, qtbot, "t:otter c:r")  # in quotes it finds nothing: no suggestion
    assert _note(window)[0].endswith("each finds cards on its own")
