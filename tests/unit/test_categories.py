"""Deck categories and the template (`deckeditor.games.categories`), the own file's `categories` and
`template` keys, and the kinds that write categories (Archidekt, text with #tags)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckeditor import deckio
from deckeditor.deck import Deck, Entry, Section
from deckeditor.deckfile import read_json_deck, write_json_deck
from deckeditor.format_catalog import load_format
from deckeditor.games import categories
from deckeditor.games.registry import game
from deckeditor.problems import ProblemKind, Severity
from tests.support.mtg_cards import POOL as _unused  # noqa: F401  (the rules tests' pool module loads)

MTG = game("mtg")


@pytest.fixture(scope="module")
def pool():
    from deckeditor.carddb.store import starter_pool

    return starter_pool("mtg")


@pytest.fixture(scope="module")
def fmt():
    return load_format("commander")


def deck_of(*main, template=None):
    return Deck(
        game="mtg",
        name="Cats",
        format="commander",
        sections=(
            Section("Commander", (Entry("Thrasios, Triton Hero"),)),
            Section("Main", tuple(e if isinstance(e, Entry) else Entry(*e) for e in main)),
        ),
        template=template,
    )


def test_a_line_takes_its_cards_roles_until_the_player_sets_them(pool):
    deck = deck_of(("Sol Ring", 1), ("Cultivate", 1), ("Forest", 30))
    counts = categories.category_counts(deck, MTG, pool)
    assert counts["Ramp"] == 2 and counts["Lands"] == 30 and counts["Removal"] == 0
    assert list(counts)[:9] == [r.title for r in MTG.roles]
    # renamed: every line listed as Ramp is listed as Mana, defaults included
    renamed = categories.rename_category(deck, MTG, pool, "Ramp", "Mana")
    after = categories.category_counts(renamed, MTG, pool)
    assert "Ramp" not in after and after["Mana"] == 2
    assert renamed.category_names == {"Ramp": "Mana"}
    # a card added later takes the deck's name for its role, and the catalog still finds them
    later = renamed.add_card("Main", "Arcane Signet")
    assert categories.category_counts(later, MTG, pool)["Mana"] == 3
    assert categories.queries(MTG, later)["Mana"] == "otag:ramp"
    assert categories.find_category(MTG, later, pool, "ramp") == "Mana"
    assert categories.template_of(later, MTG, load_format("commander"))["Mana"] == 10
    # renamed back: the deck keeps no name of its own
    assert categories.rename_category(renamed, MTG, pool, "Mana", "Ramp").category_names is None
    # added and removed on one line
    added = categories.add_category(deck, MTG, pool, "Main", 1, "Rocks")
    assert added.section("Main").entries[1].categories == ("Ramp", "Rocks")
    removed = categories.remove_category(added, MTG, pool, "Main", 1, "Ramp")
    assert removed.section("Main").entries[1].categories == ("Rocks",)
    assert categories.category_counts(removed, MTG, pool)["Ramp"] == 1
    # back to the defaults
    again = categories.with_line_categories(removed, "Main", 1, None)
    assert categories.category_counts(again, MTG, pool) == counts


def test_a_card_in_two_categories_counts_in_each(pool):
    deck = deck_of(("Growth Spiral", 2))
    counts = categories.category_counts(deck, MTG, pool)
    assert counts["Ramp"] == 2 and counts["Draw"] == 2
    assert categories.category_cards(deck, MTG, pool, "Draw") == ["Growth Spiral"]


def test_imported_tags_stand_for_categories(pool):
    deck = deck_of(Entry("Sol Ring", 1, tags=("Rocks",)))
    assert categories.category_counts(deck, MTG, pool)["Rocks"] == 1
    assert categories.category_counts(deck, MTG, pool)["Ramp"] == 0


def test_the_template_warns_only_once_the_deck_carries_one(pool, fmt):
    deck = deck_of(("Sol Ring", 1), ("Forest", 36))
    assert categories.template_of(deck, MTG, fmt) == {
        "Ramp": 10,
        "Draw": 10,
        "Removal": 10,
        "Boardwipes": 3,
        "Lands": 37,
    }
    status = {s.category: s for s in categories.template_status(deck, MTG, fmt, pool)}
    assert status["Ramp"].label == "Ramp 1/10" and not status["Ramp"].ok
    assert status["Ramp"].query == "otag:ramp" and status["Lands"].query == "t:land"
    assert categories.template_problems(deck, MTG, fmt, pool) == []
    built = categories.with_target(deck, MTG, fmt, "Lands", 36)
    problems = categories.template_problems(built, MTG, fmt, pool)
    assert [p.extra["category"] for p in problems] == ["Ramp", "Draw", "Removal", "Boardwipes"]
    assert all(
        p.kind is ProblemKind.CATEGORY_TARGET and p.severity is Severity.WARNING for p in problems
    )
    assert problems[0].cards == ("Sol Ring",) and problems[0].message.startswith(
        "Ramp 1/10: 9 more"
    )
    # the game's checker reports them last, as warnings: they never make a deck illegal
    from datetime import date

    found = MTG.check(built, fmt, date(2026, 1, 1), pool)
    assert [p.kind for p in found][-4:] == [ProblemKind.CATEGORY_TARGET] * 4
    assert ProblemKind.CATEGORY_TARGET not in [
        p.kind for p in MTG.check(deck, fmt, date(2026, 1, 1), pool)
    ]


def test_the_own_file_keeps_categories_and_template():
    deck = deck_of(
        Entry("Sol Ring", 1, categories=("Rocks", "Ramp")),
        Entry("Cultivate", 1, categories=()),
        template={"Ramp": 12, "Rocks": 4},
    ).with_category_names({"Draw": "Cards"})
    text = write_json_deck(deck)
    doc = json.loads(text)
    assert doc["template"] == {"Ramp": 12, "Rocks": 4}
    assert doc["category_names"] == {"Draw": "Cards"}
    assert doc["sections"][1]["entries"][0]["categories"] == ["Rocks", "Ramp"]
    assert doc["sections"][1]["entries"][1]["categories"] == []
    back = read_json_deck(text)
    assert back == deck
    # an old file (no keys) reads as before: defaults, no template
    old = json.loads(text)
    del old["template"]
    del old["category_names"]
    for e in old["sections"][1]["entries"]:
        e.pop("categories")
    plain = read_json_deck(json.dumps(old))
    assert plain.template is None and plain.category_names is None
    assert all(e.categories is None for _, e in plain.entries())


@pytest.mark.parametrize(
    "patch, error",
    [
        (lambda d: d.update(template={"Ramp": -1}), "template"),
        (lambda d: d.update(template={"": 3}), "template"),
        (lambda d: d.update(category_names={"Ramp": " Mana"}), "category_names"),
        (lambda d: d["sections"][0]["entries"][0].update(categories=["A", "A"]), "categories"),
        (lambda d: d["sections"][0]["entries"][0].update(categories="Ramp"), "categories"),
    ],
)
def test_bad_categories_and_templates_name_their_key(patch, error):
    from deckeditor.deckfile_errors import DeckFileError

    doc = json.loads(write_json_deck(deck_of(("Sol Ring", 1))))
    patch(doc)
    with pytest.raises(DeckFileError) as err:
        read_json_deck(json.dumps(doc))
    assert error in str(err.value)


def test_archidekt_export_writes_categories_and_reads_them_back(pool):
    deck = deck_of(
        ("Sol Ring", 1), Entry("Cultivate", 1, categories=("Ramp", "Lands matter")), ("Forest", 30)
    ).with_section(Section("Maybeboard", (Entry("Counterspell"),)))
    out = deckio.write_deck(deck, "archidekt", pool)
    lines = out.splitlines()
    assert lines[0] == "1x Thrasios, Triton Hero [Commander{top},Ramp,Draw]"
    assert "1x Sol Ring [Ramp]" in lines and "1x Cultivate [Ramp,Lands matter]" in lines
    assert "30x Forest [Lands]" in lines
    assert "1x Counterspell [Maybeboard{noDeck}{noPrice},Counterspells]" in lines
    back = deckio.read_deck(out.encode(), pool).deck
    assert back.section_names() == ["Commander", "Main", "Maybeboard"]
    assert categories.category_counts(back, MTG, pool) == categories.category_counts(
        deck, MTG, pool
    )
    assert deckio.export_losses(deck, "archidekt", pool) == [
        "deck name not written",
        "format not written",
    ]


def test_a_line_left_without_categories_is_a_loss_where_categories_are_written(pool):
    deck = deck_of(Entry("Sol Ring", 1, categories=()))
    line = "Sol Ring: no categories not written (it reads back with its roles)"
    assert line in deckio.export_losses(deck, "archidekt", pool)
    assert line in deckio.export_losses(deck, "text", pool, with_tags=True)
    assert "Sol Ring: categories not written" in deckio.export_losses(deck, "arena", pool)


def test_text_with_tags_writes_categories_as_moxfield_tags(pool):
    deck = deck_of(("Sol Ring", 1), Entry("Cultivate", 1, categories=("Ramp", "Value")))
    out = deckio.write_deck(deck, "text", pool, with_tags=True)
    assert "1 Cultivate #Ramp #Value" in out.splitlines()
    back = deckio.read_deck(out.encode(), pool).deck
    assert categories.category_counts(back, MTG, pool)["Value"] == 1


def test_kinds_without_categories_report_the_players_and_the_template(pool, fmt):
    deck = deck_of(
        ("Sol Ring", 1), Entry("Cultivate", 1, categories=("Value",)), template={"Ramp": 10}
    )
    lost = deckio.export_losses(deck, "forge", pool)
    assert "Cultivate: categories not written" in lost
    assert "template (targets per category) not written" in lost
    assert not any("Sol Ring: categories" in line for line in lost)  # its roles come back
    named = deck.with_category_names({"Ramp": "Mana"})
    assert "the deck's names for its categories (Ramp as Mana) not written" in deckio.export_losses(
        named, "forge", pool
    )
    assert not any(
        "names for its categories" in line
        for line in deckio.export_losses(named, "archidekt", pool)
    )
    assert deckio.export_losses(deck, "json", pool) == []


def test_convert_to_archidekt_names_its_losses(tmp_path, home, capsys):
    from deckeditor.cli import main

    src = tmp_path / "cats.deck.json"
    src.write_text(write_json_deck(deck_of(("Sol Ring", 1), ("Forest", 30))), encoding="utf-8")
    out = tmp_path / "cats.txt"
    assert main(["convert", str(src), str(out), "--to", "archidekt"]) == 0
    assert out.read_text(encoding="utf-8").splitlines()[:3] == [
        "1x Thrasios, Triton Hero [Commander{top},Ramp,Draw]",
        "1x Sol Ring [Ramp]",
        "30x Forest [Lands]",
    ]
    err = capsys.readouterr().err
    assert "deck name not written" in err and "format not written" in err


def test_renaming_reaches_every_section(pool):
    deck = deck_of(("Sol Ring", 1))
    renamed = categories.rename_category(deck, MTG, pool, "Draw", "Cards")
    thrasios = renamed.section("Commander").entries[0]
    assert thrasios.categories is None  # its roles, named by the deck
    assert categories.line_categories(thrasios, pool.get(thrasios.card), MTG, pool, renamed) == (
        "Ramp",
        "Cards",
    )
    # a category the player set, in the Commander section, is renamed there too
    own = categories.with_line_categories(deck, "Commander", 0, ["Engine"])
    again = categories.rename_category(own, MTG, pool, "Engine", "Value engine")
    assert again.section("Commander").entries[0].categories == ("Value engine",)
    with pytest.raises(ValueError, match="needs a name"):
        categories.rename_category(deck, MTG, pool, "Draw", "  ")


_names = st.text(
    alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zs", "Zl", "Zp")),
    min_size=1,
    max_size=12,
)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.one_of(st.none(), st.lists(_names, max_size=4, unique=True)), min_size=1, max_size=6
    ),
    st.one_of(st.none(), st.dictionaries(_names, st.integers(0, 9999), max_size=5)),
    st.booleans(),
)
def test_categories_and_templates_round_trip_through_the_own_file(lines, template, odd):
    """Any categories and template survive a save and a reopen, on the plain-Python path and
    through the models (an unknown key sends the file there)."""
    entries = tuple(
        Entry(f"Card {i}", 1, categories=None if c is None else tuple(c))
        for i, c in enumerate(lines)
    )
    deck = Deck(
        game="mtg",
        name="Cats",
        format="commander",
        sections=(Section("Main", entries),),
        template=template,
    )
    doc = json.loads(write_json_deck(deck))
    if odd:
        doc["from_a_newer_version"] = 1
    back = read_json_deck(json.dumps(doc))
    assert back.template == deck.template
    assert [e.categories for e in back.section("Main").entries] == [e.categories for e in entries]
