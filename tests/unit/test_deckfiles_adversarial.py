"""Issue 15's classes fixed by rule, not by case: variants of each loss the real files showed
(other marker shapes, other collector numbers, other sections, commanders and flags), found by a
sweep that converts every real deck file to every kind and back with three card pools (the MTGJSON
pool, the Forge pool and an empty one). Each either round-trips or is reported by `export_losses`;
nothing is silently changed.
"""

from __future__ import annotations

import re
import tarfile
from collections import Counter

import pytest

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, Entry, Printing, Section
from deckeditor.deckio import DeckFileError, export_losses, read_deck, write_deck
from tests.conftest import shared_data

EMPTY = CardPool("mtg")


def deck(*sections, **fields) -> Deck:
    return Deck(
        game="mtg",
        name=fields.pop("name", "Adv"),
        sections=tuple(Section(n, tuple(e)) for n, e in sections),
        **fields,
    )


def back(d: Deck, kind: str, pool=EMPTY, **options) -> tuple[str, Deck]:
    text = write_deck(d, kind, pool, **options)
    return text, read_deck(text.encode(), pool, name="x").deck


# --- printings a text kind cannot write are reported, or written so they read back ---------------


def test_hyphenated_promo_set_codes_survive_text_with_printings():
    # MTGGoldfish's promo groups (`[PRM-MSC]`, seen in the 2026 Commander feeds)
    src = b"1 Fabled Passage [PRM-MSC] (F)\n1 Reliquary Tower [PRM-WPN]\n"
    d = read_deck(src, EMPTY).deck
    text, again = back(d, "text", with_printings=True)
    assert "1 Fabled Passage (PRM-MSC) *F*\n" in text
    assert [(e.card, e.printing) for e in again.section("Main").entries] == [
        ("Fabled Passage", Printing(set="PRM-MSC", finish="foil")),
        ("Reliquary Tower", Printing(set="PRM-WPN")),
    ]
    assert write_deck(again, "text", EMPTY, with_printings=True) == text


@pytest.mark.parametrize("number", ["12 34", "12(a)", "<12>", '12"'])
@pytest.mark.parametrize("kind, options", [("arena", {}), ("text", {"with_printings": True})])
def test_a_collector_number_that_would_not_read_back_is_a_reported_loss(number, kind, options):
    d = deck(("Main", [Entry("Island", 1, Printing(set="M11", number=number))]))
    _text, again = back(d, kind, **options)
    assert [e.card for e in again.section("Main").entries] == ["Island"]
    if again.section("Main").entries[0].printing != Printing(set="M11", number=number):
        assert any(
            x.startswith("Island: printing not written")
            for x in export_losses(d, kind, EMPTY, **options)
        )


@pytest.mark.parametrize("number", ["158†", "12★", "12a", "Φ1", "ELD-329", "*12", "A-12", "s12"])
def test_collector_number_tokens_round_trip_in_arena(number):
    d = deck(
        (
            "Main",
            [
                Entry("Island", 1, Printing(set="M11", number=number)),
                Entry("Caesar (PIP)", 1, Printing(set="M11", number=number)),
            ],
        )
    )
    _, again = back(d, "arena")
    assert [(e.card, e.printing) for e in again.section("Main").entries] == [
        ("Island", Printing(set="M11", number=number)),
        ("Caesar (PIP)", Printing(set="M11", number=number)),
    ]


def test_other_losses_of_a_card_named_like_a_loss_word_are_reported():
    # `Sprinting Warbrute` holds "printing": the Arena report filtered its id loss out by text
    # (MTGJSON's RelentlessRush_DTK)
    d = deck(
        ("Main", [Entry("Sprinting Warbrute", 2, Printing(set="DTK", number="157", mtgo=56336))])
    )
    assert "Sprinting Warbrute: card ids not written" in export_losses(d, "arena", EMPTY)


# --- per-card flags: kept by Forge, reported by the kinds without them -----------------------------


def test_mtggoldfish_variant_is_kept_by_forge_and_reported_elsewhere():
    d = read_deck(b"1 Y'shtola, Night's Blessed <surge foil> [FIC] (F)\n", EMPTY).deck
    _, again = back(d, "forge")
    assert dict(again.section("Main").entries[0].flags) == {"variant": "surge foil"}
    for kind, options in [
        ("cod", {}),
        ("arena", {}),
        ("mtgo", {}),
        ("dek", {}),
        ("text", {"with_printings": True}),
    ]:
        assert "Y'shtola, Night's Blessed: card flags not written (variant)" in export_losses(
            d, kind, EMPTY, **options
        ), kind


def test_mtgo_annotation_is_reported_by_forge():
    d = deck(("Main", [Entry("Island", 1, flags={"Annotation": "7"})]))
    assert "Island: card flags not written (Annotation)" in export_losses(d, "forge", EMPTY)
    assert not any("flags" in x for x in export_losses(d, "dek", EMPTY))


def test_text_tags_with_spaces_are_reported_as_written():
    d = deck(("Main", [Entry("Island", 1, tags=("Card Draw", "Ramp"))]))
    text, again = back(d, "text", with_tags=True)
    assert "1 Island #Card_Draw #Ramp\n" in text
    assert again.section("Main").entries[0].tags == ("Card_Draw", "Ramp")
    assert "Island: card tags written as #Card_Draw, #Ramp" in export_losses(
        d, "text", EMPTY, with_tags=True
    )


# --- sections a kind would lose to another -------------------------------------------------------


def test_mtgo_sideboard_only_deck_stays_in_the_sideboard():
    d = deck(("Sideboard", [Entry("Island", 2), Entry("Zed X", 1)]))
    text, again = back(d, "mtgo")
    assert text == "SB: 2 Island\nSB: 1 Zed X\n"
    assert {s.name: s.total for s in again.sections} == {"Sideboard": 3}
    assert write_deck(again, "mtgo", EMPTY) == text


# --- the command zone in the sideboard: the loss report runs the rule itself ----------------------

FILLER = tuple(Entry(f"Filler Card {i}", 1) for i in range(99))


def test_a_commander_that_cannot_lead_comes_back_from_a_cod_file():
    from tests.unit.test_text_decks import make_pool

    pool = make_pool()
    # the .cod writer marks the section of each card it puts into another section's zone
    for name in ("Lightning Bolt", "Korvold, Fae-Cursed King", "Zed, Newer Than The Pool"):
        d = deck(("Commander", [Entry(name, 1)]), ("Main", FILLER))
        _, again = back(d, "cod", pool)
        assert [e.card for e in again.section("Commander").entries] == [name]
        assert not any("cannot tell" in x for x in export_losses(d, "cod", pool))


@pytest.mark.parametrize("kind", ["mtgo", "dek"])
def test_a_commander_that_cannot_lead_is_reported_when_written_into_the_sideboard(kind):
    from tests.unit.test_text_decks import make_pool

    pool = make_pool()
    # an instant in the Commander section (an Oathbreaker's signature spell, a typo'd header):
    # the shape is right, but §6.3 will not move a card that cannot lead
    d = deck(("Commander", [Entry("Lightning Bolt", 1)]), ("Main", FILLER))
    _, again = back(d, kind, pool)
    assert [e.card for e in again.section("Sideboard").entries] == ["Lightning Bolt"]
    assert any("cannot tell them apart" in x for x in export_losses(d, kind, pool))
    # a commander that can lead, and an unknown one, come back, and nothing is reported
    for name in ("Korvold, Fae-Cursed King", "Zed, Newer Than The Pool"):
        d = deck(("Commander", [Entry(name, 1)]), ("Main", FILLER))
        _, again = back(d, kind, pool)
        assert [e.card for e in again.section("Commander").entries] == [name]
        assert not any("cannot tell" in x for x in export_losses(d, kind, pool))


@pytest.mark.parametrize("kind", ["cod", "mtgo", "dek"])
def test_a_partner_pair_with_an_unknown_half_keeps_its_order(kind):
    from tests.unit.test_text_decks import make_pool

    pool = make_pool()
    d = deck(
        ("Commander", [Entry("Zed, Newer Than The Pool", 1), Entry("Thrasios, Triton Hero", 1)]),
        ("Main", FILLER[:98]),
    )
    first, again = back(d, kind, pool)
    assert [e.card for e in again.section("Commander").entries] == [
        "Zed, Newer Than The Pool",
        "Thrasios, Triton Hero",
    ]
    assert write_deck(again, kind, pool) == first


# --- sections whose written name reads back as another section ---------------------------------


@pytest.mark.parametrize(
    "kind, section, reads_as",
    [
        ("cod", "Side", "Sideboard"),
        ("cod", "Commanders", "Commander"),
        ("cod", "main", "Main"),
        ("forge", "planes", "Planes"),
        ("forge", "COMMANDER", "Commander"),
        ("forge", "metadata", "metadata cards"),
        ("forge", "a]b", "a)b"),
    ],
)
def test_a_section_named_like_another_is_merged_into_it_and_reported(kind, section, reads_as):
    d = deck(("Commander", [Entry("Zed X", 1)]), ("Main", FILLER), (section, [Entry("Forest", 1)]))
    first, again = back(d, kind)
    where = {s.name: [e.card for e in s.entries] for s in again.sections}
    # (a Commander written into `side` may stay there: reported on its own, as tested above)
    assert "Forest" in where.get(reads_as, []) + where.get("Sideboard", [])
    assert f"section {section!r} (1 card) written as {reads_as!r}" in export_losses(d, kind)
    assert write_deck(again, kind) == first


# --- names and deck names that would read back as something else ---------------------------------


@pytest.mark.parametrize(
    "name",
    ["Sideboard", "Commander", "NAME: Precon", "99 Maindeck", "Deck (60)", "About", "unparsed: x"],
)
def test_text_deck_name_that_a_comment_cannot_hold_is_written_as_about_name(name):
    d = deck(("Main", [Entry("Island", 2)]), name=name)
    text, again = back(d, "text")
    assert text.startswith(f"About\nName {name}\n\nDeck\n2 Island\n")
    assert again.name == name and again.section("Main").total == 2
    assert write_deck(again, "text", EMPTY) == text
    assert back(deck(("Main", [Entry("Island", 2)]), name="Korvold"), "text")[0].startswith(
        "// Korvold\nDeck\n"
    )


@pytest.mark.parametrize("kind", ["text", "arena", "mtgo"])
def test_a_card_line_that_looks_like_xmage_is_quoted(kind):
    # `1 [ABC:1] Foo` would make the whole file read as an XMage deck
    d = deck(("Main", [Entry("[ABC:1] Foo", 2), Entry("Island", 1)]))
    text, again = back(d, kind)
    assert '2 "[ABC:1] Foo"\n' in text
    assert read_deck(text.encode(), EMPTY).kind == "text"
    assert [(e.card, e.count) for e in again.section("Main").entries] == [
        ("[ABC:1] Foo", 2),
        ("Island", 1),
    ]


@pytest.mark.parametrize("kind", ["cod", "dek", "forge", "text", "arena", "mtgo"])
def test_names_no_line_of_a_kind_can_hold_are_reported_and_the_file_reads(kind):
    d = deck(
        ("Main", [Entry("Island", 2), Entry("Foo\x01Bar", 1)]), ("Sideboard", [Entry("Baz\x02", 1)])
    )
    text, again = back(d, kind)
    assert [e.card for _, e in again.entries()] == ["Island"]
    losses = export_losses(d, kind)
    assert any(x.startswith("Foo\x01Bar: not written") for x in losses), losses
    assert write_deck(again, kind) == text


@pytest.mark.parametrize("kind", ["cod", "dek", "forge"])
def test_a_name_with_spaces_around_it_is_written_trimmed_and_reported(kind):
    d = deck(("Main", [Entry(" Foo ", 2)]))
    text, again = back(d, kind)
    assert [e.card for e in again.section("Main").entries] == ["Foo"]
    assert f" Foo : written as 'Foo' ({kind} trims the spaces around names)" in export_losses(
        d, kind
    )
    assert write_deck(again, kind) == text


# --- Forge: segments that would not read back, companions, deck tags ----------------------------


@pytest.mark.parametrize(
    "entry",
    [
        Entry("Island", 1, Printing(set="[SET]", number="12")),
        Entry("Island", 1, Printing(set="M|11")),
        Entry("Island", 1, Printing(set="M11", number="1|2")),
    ],
)
def test_forge_printing_that_would_not_read_back_is_dropped_and_reported(entry):
    d = deck(("Main", [entry]))
    text, again = back(d, "forge")
    assert [(e.card, e.printing) for e in again.section("Main").entries] == [("Island", None)]
    assert any(x.startswith("Island: printing not written") for x in export_losses(d, "forge"))
    assert write_deck(again, "forge") == text


def test_forge_flags_that_would_not_read_back_are_dropped_and_reported():
    d = deck(("Main", [Entry("Island", 1, Printing(set="M11"), flags={"a\tb": "c"})]))
    _text, again = back(d, "forge")
    assert [(e.printing, dict(e.flags)) for e in again.section("Main").entries] == [
        (Printing(set="M11"), {})
    ]
    assert any(
        x.startswith("Island: colour choice and flags not written")
        for x in export_losses(d, "forge")
    )


def test_forge_restores_one_companion_and_reports_the_rest():
    d = deck(
        ("Main", [Entry("Island", 2)]),
        ("Companion", [Entry("Lurrus of the Dream-Den", 1), Entry("Zed X", 1)]),
    )
    _, again = back(d, "forge")
    assert [e.card for e in again.section("Companion").entries] == ["Lurrus of the Dream-Den"]
    assert [e.card for e in again.section("Sideboard").entries] == ["Zed X"]
    assert any(x.startswith("Companion (2 cards): only Lurrus") for x in export_losses(d, "forge"))


@pytest.mark.parametrize("kind", ["forge", "cod"])
def test_deck_tags_the_kind_reads_back_otherwise_are_reported(kind):
    d = deck(("Main", [Entry("Island", 2)]), tags=("a,b", " c"))
    text, again = back(d, kind)
    assert write_deck(again, kind) == text
    losses = export_losses(d, kind)
    assert "deck tag ' c' is read back as 'c'" in losses
    if kind == "forge":
        assert again.tags == ("a", "b", "c") and "deck tag 'a,b' is read back as 'a', 'b'" in losses


def test_cod_reports_the_forge_art_index():
    d = read_deck(b"[Main]\n1 Island|M11|3\n").deck
    assert "Island: Forge art index not written" in export_losses(d, "cod")


@pytest.mark.parametrize("kind, prefix", [("forge", "# unparsed: "), ("text", "// unparsed: ")])
def test_unparsed_lines_lose_both_kinds_of_prefix(kind, prefix):
    from deckeditor.deck import Unparsed

    d = deck(
        ("Main", [Entry("Island", 2)]),
        unparsed=(
            Unparsed("text", 3, "# unparsed: // unparsed: 0 Sol Ring", "r"),
            Unparsed("text", 4, "", "r"),
        ),
    )
    text, again = back(d, kind)
    assert text.endswith(f"{prefix}0 Sol Ring\n")
    assert [u.text for u in again.unparsed] == ["0 Sol Ring"]


# --- the sweep: every kind on real files, with pools that lack their cards -----------------------

VARIANTS = [
    ("forge", {}),
    ("cod", {}),
    ("arena", {}),
    ("mtgo", {}),
    ("dek", {}),
    ("text", {}),
    ("text", {"with_printings": True, "with_tags": True}),
    ("json", {}),
]
CANON = ("Commander", "Companion", "Main", "Sideboard", "Maybeboard")
KEPT = {
    "json": lambda s: True,
    "forge": lambda s: True,
    "cod": lambda s: s != "Maybeboard",
    "text": lambda s: s in CANON,
    "arena": lambda s: s in CANON[:4],
    "mtgo": lambda s: s in CANON[:4],
    "dek": lambda s: s in CANON[:4],
}
_FOLD = re.compile(r"section '(.*)' \(.*\) written as '(.*)'$")


def _where(d: Deck, keep, fold=None, by_card=False) -> Counter:
    """(section, card, everything else the entry holds) -> count, sections mapped by `fold`."""
    out: Counter = Counter()
    for s in d.sections:
        name = (fold or {}).get(s.name, s.name)
        if keep(name):
            for e in s.entries:
                rest = (e.printing, e.colors, e.tags, tuple(sorted(e.flags.items())))
                out[(None if by_card else name, e.card, rest)] += e.count
    return out


def trip_problems(d: Deck, kind: str, options: dict, pool) -> list[str]:
    """What converting `d` to `kind` and back (A→B→A→B) changes that `export_losses` does not
    report: the second file differs from the first, a card leaves its section or changes its
    count, a name appears, an entry's printing/choices/tags/flags change silently."""
    keep = KEPT[kind]
    losses = export_losses(d, kind, pool, **options)
    try:
        first = write_deck(d, kind, pool, **options)
    except DeckFileError as exc:
        holds = any(s.entries for s in d.sections if keep(s.name))
        return [] if "cannot hold this deck" in str(exc) and not holds else [str(exc)]
    again = read_deck(first.encode(), pool, name="x").deck
    out = []
    if write_deck(again, kind, pool, **options) != first and not any(
        x.startswith("deck name not written") for x in losses
    ):
        out.append("not byte-stable")
    fold = dict(m.groups() for x in losses for m in [_FOLD.match(x)] if m)
    loose = any("cannot tell them apart" in x or x.startswith("Companion (") for x in losses)
    want, got = _where(d, keep, fold, loose), _where(again, lambda s: True, None, loose)
    for key in set(want) | set(got):
        if want[key] != got[key] and not any(x.startswith(f"{key[1]}:") for x in losses):
            out.append(f"{key[1]} in {key[0]}: {want[key]} -> {got[key]}")
    if {e.card for _, e in again.entries()} - {e.card for _, e in d.entries()}:
        out.append("a new name")
    if kind != "json" and any(
        u.text.startswith(("# unparsed:", "// unparsed:")) for u in again.unparsed
    ):
        out.append("an unparsed line kept its prefix")
    return out


def _files(archive: str, keep, every: int):
    with tarfile.open(shared_data("mtg", archive), "r:xz") as tar:
        for i, m in enumerate(m for m in tar if m.isfile() and keep(m.name)):
            if i % every == 0:
                yield m.name, tar.extractfile(m).read()


def _goldfish_lists(every: int):
    """MTGGoldfish's Commander feed decks as text lists in their own notation."""
    import json

    feeds = _files("phase-mtggoldfish-feeds-2026.tar.xz", lambda n: n.endswith("commander.json"), 1)
    lists = [
        "Deck\n" + "".join(f"{c['count']} {c['name']}\n" for c in deck["main"])
        for _, data in feeds
        for deck in json.loads(data).get("decks", [])
    ]
    for i, body in enumerate(dict.fromkeys(lists)):
        if i % every == 0:
            yield f"goldfish #{i}", body.encode()


@pytest.fixture(scope="module")
def forge_pool():
    from deckeditor.games.mtg.forge_script import load_forge

    cards, _ = load_forge(shared_data("forge", "reeforge-2020-cardsfolder.tar.xz"))
    return CardPool("mtg", cards)


@pytest.mark.realdata
@pytest.mark.parametrize("which", ["empty", "forge"])
def test_every_kind_on_real_files_with_a_pool_that_lacks_their_cards(which, forge_pool):
    """The empty pool is how an unseen file with cards newer than the pool behaves; the 2020
    Forge pool lacks every later card and spells some names its own way."""
    pool = EMPTY if which == "empty" else forge_pool
    sources = [
        ("import-samples.tar.xz", lambda n: n.endswith((".cod", ".txt")), 1),
        (
            "taw-magic-preconstructed-decks-20260702.tar.xz",
            lambda n: "/data/" in n and n.endswith(".txt"),
            15,
        ),
        (
            "mtgjson-AllDeckFiles-20260103-no-redemption.tar.xz",
            lambda n: n.startswith("AllDeckFiles/"),
            40,
        ),
    ]
    seen, problems = 0, []
    files = [f for archive, keep, every in sources for f in _files(archive, keep, every)]
    for name, data in files + list(_goldfish_lists(every=25)):
        d = read_deck(data, pool, name="x").deck
        for kind, options in VARIANTS:
            problems += [f"{name} → {kind}: {p}" for p in trip_problems(d, kind, options, pool)]
        seen += 1
    assert seen > 300
    assert problems == []


@pytest.mark.parametrize(
    "kind, options", [("forge", {}), ("cod", {}), ("arena", {}), ("text", {"with_printings": True})]
)
def test_a_lower_case_set_code_is_written_as_it_reads_back(kind, options):
    # readers upper-case set codes; an own file may hold `m11`: written upper-cased, so the
    # second trip gives the same file
    d = deck(("Main", [Entry("Island", 1, Printing(set="m11", number="12"))]))
    first, again = back(d, kind, **options)
    assert again.section("Main").entries[0].printing.set == "M11"
    assert write_deck(again, kind, EMPTY, **options) == first
