from __future__ import annotations

import pytest

from deckeditor.deck import Entry, new_deck
from deckeditor.games.mtg import colors
from deckeditor.names import name_key, slug


def test_slug_of_product_md():
    assert slug("Lim-Dûl's Vault") == "lim-dul-s-vault"
    assert slug("Fire // Ice") == "fire-ice"
    assert slug("Nazgûl") == "nazgul"


def test_name_key_folds_quotes_case_marks_space():
    assert name_key("Lim-Dûl’s  VAULT") == "lim-dul's vault"


def test_colour_masks_print_in_wubrg_order():
    assert colors.letters(colors.mask("RU")) == "UR"
    assert colors.mask("wubrg") == colors.ALL
    assert colors.is_valid_choice("UR") and not colors.is_valid_choice("RU")


def test_deck_edits_are_new_values_and_merge_lines():
    d0 = new_deck()
    d1 = d0.add_card("Main", "Island", 3).add_card("Main", "Island", 2)
    assert d0.count() == 0
    assert d1.section("Main").entries == (Entry("Island", 5),)
    d2 = d1.add_card("Commander", "Thrasios, Triton Hero")
    assert d2.section_names() == ["Commander", "Main"]
    d3 = d2.move("Main", 0, "Sideboard", 2)
    assert d3.count("Main") == 3 and d3.count("Sideboard") == 2


def test_entry_count_bounds():
    with pytest.raises(ValueError):
        Entry("Island", 0)
    with pytest.raises(TypeError):
        Entry("Island", True)
