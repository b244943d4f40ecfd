"""Issue 22 point 4: a card whose name ends in what a reader takes for a printing (a real
Cockatrice file names `Caesar, Legion's Emperor (PIP)`) keeps its name through every kind the app
writes, or the export says it does not.

How each reader takes a trailing `(…)`: the plain-text family (text, Arena, MTGO) reads `(SET)`
and `(SET) CN` at the end of a card line as the printing, SET being 2-6 letters or digits with an
optional `-` part (`deck-files.md` §7 step 6), and `[SET]`, `<CN> [SET]` too; a Riftbound list
reads a final `(OGN-007)` or `[OGN-007]` as the card code. The writers put the name in double
quotes when it would otherwise lose its end (the readers take them off again), or write the
entry's own printing after it, which is then the part read as a printing. Forge, `.cod`, `.dek`
and the own file hold the name in a field of its own.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, Entry, Printing, Section
from deckeditor.deckio import export_losses, read_deck, write_deck
from tests.unit.test_text_decks import make_pool

POOL = make_pool()
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

word = st.from_regex(r"[A-Z][a-z]{2,7},?", fullmatch=True)
base = st.one_of(
    st.lists(word, min_size=1, max_size=3).map(" ".join),
    st.sampled_from(["Caesar, Legion's Emperor", "Sol Ring", "Fire // Ice"]),
)
token = st.one_of(
    st.from_regex(r"[A-Za-z0-9]{1,7}", fullmatch=True),  # PIP, pip, 12, ABCDEFG
    st.from_regex(r"[A-Z]{2,4}-[A-Za-z0-9]{1,4}", fullmatch=True),  # PRM-MSC, OGN-007a
)
# what may follow a parenthesised token on a card line: nothing, a collector number, a finish
after = st.sampled_from(["", " 12", " ELD-329", " 7★", " *F*", " x2", " #Ramp"])
tail = st.builds(
    lambda t, a, b: f" {b[0]}{t}{b[1]}{a}",
    token,
    after,
    st.sampled_from([("(", ")"), ("[", "]"), ("<", "> [PIP]")]),
)
set_like_name = st.builds(
    lambda b, tails: b + "".join(tails), base, st.lists(tail, min_size=1, max_size=2)
)
printing = st.one_of(
    st.none(),
    st.builds(
        Printing,
        set=st.sampled_from(["M11", "PIP", "PLST"]),
        number=st.sampled_from([None, "12", "ELD-329"]),
        finish=st.sampled_from([None, "foil"]),
    ),
)

# kind, options, what of the printing the kind keeps
KINDS = [
    ("text", {}, lambda p: None),
    (
        "text",
        {"with_printings": True},
        lambda p: p and Printing(set=p.set, number=p.number if p.set else None, finish=p.finish),
    ),
    ("arena", {}, lambda p: p and p.set and p.number and Printing(set=p.set, number=p.number)),
    ("mtgo", {}, lambda p: None),
    ("dek", {}, lambda p: None),
    ("cod", {}, lambda p: p and Printing(set=p.set, number=p.number)),
    ("forge", {}, None),  # printings as Forge keeps them (deck-files.md §4): the name is checked
    ("json", {}, lambda p: p),
]


def _same_or_reported(deck: Deck, kind: str, options: dict, keep, pool) -> None:
    text = write_deck(deck, kind, pool, **options)
    back = read_deck(text.encode(), pool).deck
    lost = export_losses(deck, kind, pool, **options)
    got = [(e.card, e.count, e.printing) for _, e in back.entries()]
    for _, e in deck.entries():
        if any(line.startswith(f"{e.card}:") for line in lost):
            continue  # the export says what it could not write
        want = keep(e.printing) or None if keep is not None else None
        if keep is None:  # Forge: the name and count
            assert (e.card, e.count) in [(c, n) for c, n, _ in got], (kind, options, text)
        else:
            assert (e.card, e.count, want) in got, (kind, options, text)


@SETTINGS
@given(
    st.lists(
        st.tuples(set_like_name, st.integers(1, 4), printing),
        min_size=1,
        max_size=3,
        unique_by=lambda t: t[0],
    )
)
def test_a_name_ending_in_a_printing_like_token_survives_every_kind(rows):
    deck = Deck(
        game="mtg",
        name="Names",
        sections=(Section("Main", tuple(Entry(n, c, p) for n, c, p in rows)),),
    )
    for kind, options, keep in KINDS:
        _same_or_reported(deck, kind, options, keep, POOL)


def test_the_real_name_reads_back_in_every_text_kind():
    caesar = "Caesar, Legion's Emperor (PIP)"
    deck = Deck(
        game="mtg",
        name="Hail",
        sections=(
            Section(
                "Main",
                (
                    Entry(caesar),
                    Entry("Caesar, Legion's Emperor", 1, Printing(set="PIP", number="7")),
                ),
            ),
        ),
    )
    for kind, options in (("text", {}), ("arena", {}), ("mtgo", {})):
        text = write_deck(deck, kind, POOL, **options)
        assert f'1 "{caesar}"\n' in text, kind
        back = read_deck(text.encode(), POOL).deck
        assert [e.card for _, e in back.entries()] == [caesar, "Caesar, Legion's Emperor"], kind
    # with the printing known, Arena's own `Name (SET) CN` form: the last `(SET) CN` is the
    # printing, everything before it the name
    pip = Deck(
        game="mtg",
        name="Hail",
        sections=(Section("Main", (Entry(caesar, 1, Printing(set="PIP", number="7")),)),),
    )
    text = write_deck(pip, "arena", POOL)
    assert f"1 {caesar} (PIP) 7\n" in text
    (entry,) = read_deck(text.encode(), POOL).deck.section("Main").entries
    assert (entry.card, entry.printing) == (caesar, Printing(set="PIP", number="7"))


# --- Riftbound lists: a final `(OGN-007)` is the card code ----------------------------------------

rb_token = st.from_regex(r"[A-Za-z]{2,4}-[A-Za-z]{0,2}[0-9]{1,4}[ab]?", fullmatch=True)
rb_name = st.builds(
    lambda b, t, br: f"{b} {br[0]}{t}{br[1]}",
    base,
    rb_token,
    st.sampled_from([("(", ")"), ("[", "]"), ("( ", " )")]),
)


@SETTINGS
@given(
    st.lists(
        st.tuples(rb_name, st.integers(1, 3), st.sampled_from([None, "OGN-001"])),
        min_size=1,
        max_size=3,
        unique_by=lambda t: t[0],
    ),
    st.booleans(),
)
def test_riftbound_list_names_ending_in_a_card_code(rows, with_printings):
    pool = CardPool("riftbound")
    deck = Deck(
        game="riftbound",
        name="Codes",
        sections=(
            Section(
                "Main",
                tuple(Entry(n, c, Printing(code=code) if code else None) for n, c, code in rows),
            ),
        ),
    )
    text = write_deck(deck, "text", pool, with_printings=with_printings)
    back = read_deck(text.encode(), pool).deck
    lost = export_losses(deck, "text", pool, with_printings=with_printings)
    got = [(e.card, e.count, e.printing) for _, e in back.entries()]
    for _, e in deck.entries():
        if any(line.startswith(f"{e.card}:") for line in lost):
            continue
        want = e.printing if with_printings else None
        assert (e.card, e.count, want) in got, text


def test_riftbound_name_ending_in_a_card_code_is_quoted():
    pool = CardPool("riftbound")
    deck = Deck(
        game="riftbound",
        name="Codes",
        sections=(
            Section(
                "Main",
                (
                    Entry("Get Excited! (OGN-007)", 3),
                    Entry("Long Sword", 2, Printing(code="OGN-001")),
                ),
            ),
        ),
    )
    text = write_deck(deck, "text", pool, with_printings=True)
    assert text == '// Codes\nMainDeck:\n3 "Get Excited! (OGN-007)"\n2 Long Sword (OGN-001)\n'
    back = read_deck(text.encode(), pool).deck
    assert [(e.card, e.count, e.printing) for e in back.section("Main").entries] == [
        ("Get Excited! (OGN-007)", 3, None),
        ("Long Sword", 2, Printing(code="OGN-001")),
    ]
    assert export_losses(deck, "text", pool, with_printings=True) == []
