"""The deck pane's model is updated in place after an edit (issue 17: the rows an edit touched,
not the whole tree); whatever the edits, it must then hold exactly what a tree filled afresh
from the same snapshot holds — every row, text, count, colour and role."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckeditor.carddb.starter import starter_pool
from deckeditor.deck import new_deck
from deckeditor.games import registry
from deckeditor.ui.deck_model import CARD_ROLE, INDEX_ROLE, KIND_ROLE, SECTION_ROLE, DeckModel

POOL = starter_pool("mtg")
NAMES = sorted(c.name for c in POOL.cards)[:30] + ["Not A Real Card"]
GAME = registry.game("mtg")
SECTIONS = tuple(GAME.sections) if hasattr(GAME, "sections") else ("Commander", "Main", "Sideboard")
ROLES = (SECTION_ROLE, INDEX_ROLE, CARD_ROLE, KIND_ROLE)


def dump(model, parent=None):
    from PySide6.QtCore import QModelIndex

    parent = parent or QModelIndex()
    rows = []
    for r in range(model.rowCount(parent)):
        cells = []
        for c in range(model.columnCount(parent)):
            idx = model.index(r, c, parent)
            brush = idx.data(9)  # ForegroundRole
            font = idx.data(6)  # FontRole
            cells.append(
                (
                    idx.data(0),
                    idx.data(3),  # display, tooltip
                    brush.color().name() if brush is not None else None,
                    (font.bold(), font.italic()) if font is not None else None,
                    *(idx.data(role) for role in ROLES),
                )
            )
        rows.append((cells, dump(model, model.index(r, 0, parent))))
    return rows


edits = st.lists(
    st.tuples(
        st.sampled_from(["add", "add", "remove", "move", "count"]),
        st.integers(0, len(NAMES) - 1),
        st.sampled_from(SECTIONS[:3]),
        st.sampled_from(SECTIONS[:3]),
        st.integers(1, 4),
    ),
    max_size=25,
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    edits=edits,
    grouping=st.sampled_from(["Type", "Mana value", "None"]),
    sort=st.sampled_from(["Name", "Cost", "Count"]),
    flag_every=st.integers(2, 5),
)
def test_updated_in_place_equals_filled_afresh(qapp, edits, grouping, sort, flag_every):
    deck = new_deck("mtg")
    kept = DeckModel()
    for op, n, section, target, count in edits:
        entries = deck.section(section).entries
        if op == "add":
            deck = deck.add_card(section, NAMES[n], count)
        elif entries and op == "remove":
            deck = deck.remove(section, n % len(entries), 1)
        elif entries and op == "move" and target != section:
            deck = deck.move(section, n % len(entries), target, 1)
        elif entries and op == "count":
            i = n % len(entries)
            deck = deck.replace_entry(section, i, entries[i].with_count(count))
        flagged = {name for i, name in enumerate(NAMES) if (i + len(edits)) % flag_every == 0}
        args = (deck, SECTIONS, POOL, grouping, sort, flagged, GAME)
        kept.rebuild(*args)
        fresh = DeckModel()
        assert fresh.rebuild(*args) is False
        assert dump(kept) == dump(fresh)


def test_an_edit_updates_in_place_and_a_new_grouping_fills_afresh(qapp):
    deck = new_deck("mtg").add_card("Main", NAMES[0])
    model = DeckModel()
    assert model.rebuild(deck, SECTIONS, POOL, "Type", "Name", set(), GAME) is False
    first = model.index(0, 0)
    assert model.rebuild(
        deck.add_card("Main", NAMES[1]), SECTIONS, POOL, "Type", "Name", set(), GAME
    )
    assert model.index(0, 0) == first  # the section row is the same item
    assert model.rebuild(deck, SECTIONS, POOL, "None", "Name", set(), GAME) is False
