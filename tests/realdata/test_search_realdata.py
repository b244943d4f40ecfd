"""Search over the 18,294 real Forge scripts (`../shared/data/forge/reeforge-2020-cardsfolder`):
each query's hits equal what a plain, independent Python filter written here finds."""

from __future__ import annotations

import copy
import re
import unicodedata
from collections import OrderedDict

import pytest

from deckeditor.games.mtg.card import Layout
from deckeditor.search import SearchIndex, compile_query
from deckeditor.search import bits as bitsets
from tests.conftest import shared_data

pytestmark = pytest.mark.realdata

W, U, B, R, G = 1, 2, 4, 8, 16


@pytest.fixture(scope="module")
def cards():
    path = shared_data("forge", "reeforge-2020-cardsfolder.tar.xz")
    from deckeditor.games.mtg.forge_script import load_forge

    loaded, _issues = load_forge(path)
    assert len(loaded) > 18_000
    return loaded


@pytest.fixture(scope="module")
def index(cards):
    return SearchIndex("mtg", cards)


# --- the independent filter's helpers (deliberately simple, written apart from the engine) --------


def plain(text: str) -> str:
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return text.lower()


def name_words(text: str) -> str:
    text = plain(text).replace("\u2019", "'")
    for ch in "'\",.!?:;":
        text = text.replace(ch, "")
    for ch in "-/\u2014":
        text = text.replace(ch, " ")
    return " ".join(text.split())


def no_reminder(text: str) -> str:
    while True:
        stripped = re.sub(r"\([^()]*\)", "", text)
        if stripped == text:
            return text
        text = stripped


def text_words(text: str) -> str:
    return " ".join(plain(text).split())


def type_words(face) -> list[str]:
    return name_words(" ".join((*face.supertypes, *face.types, *face.subtypes))).split()


def colour_sets(card) -> list[int]:
    if card.layout is Layout.SPLIT:
        m = 0
        for f in card.faces:
            m |= f.colors
        return [m]
    return [f.colors for f in card.faces]


def ones(m: int) -> int:
    return sum(1 for i in range(5) if m >> i & 1)


def stat(printed):
    if printed is None:
        return None
    m = re.match(r"[+-]?\d+(\.\d+)?", printed.strip())
    return float(m.group()) if m else 0.0


def any_face(card, test) -> bool:
    return any(test(f) for f in card.faces)


def has_type(card, word) -> bool:
    return any_face(card, lambda f: word in type_words(f))


def type_prefix(card, prefix) -> bool:
    return any_face(card, lambda f: any(w.startswith(prefix) for w in type_words(f)))


def rules_has(card, phrase) -> bool:
    return any_face(card, lambda f: phrase in text_words(no_reminder(f.oracle_text)))


def kw(card, word) -> bool:
    return any(k.lower() == word for k in card.keywords) or any_face(
        card, lambda f: any(k.lower() == word for k in f.keywords)
    )


def pw(card, test) -> bool:
    return any_face(card, lambda f: f.power is not None and test(stat(f.power)))


CASES = [
    ("t:creature", lambda c: has_type(c, "creature")),
    ("t:legend", lambda c: type_prefix(c, "legend")),
    (
        't:"legendary creature"',
        lambda c: any_face(c, lambda f: "legendary creature" in " ".join(type_words(f))),
    ),
    ("t:gob", lambda c: type_prefix(c, "gob")),
    ("-t:land", lambda c: not has_type(c, "land")),
    ("c:r", lambda c: any(m & R for m in colour_sets(c))),
    ("c:wu", lambda c: any(m & (W | U) == W | U for m in colour_sets(c))),
    ("c=ur", lambda c: any(m == U | R for m in colour_sets(c))),
    ("c:c", lambda c: any(m == 0 for m in colour_sets(c))),
    ("c:m", lambda c: any(ones(m) >= 2 for m in colour_sets(c))),
    ("c<=ub", lambda c: any(m & ~(U | B) == 0 for m in colour_sets(c))),
    ("-c:g", lambda c: not any(m & G for m in colour_sets(c))),
    ("id:u", lambda c: c.identity & ~U == 0),
    ("id:esper", lambda c: c.identity & ~(W | U | B) == 0),
    ("id>=wubrg", lambda c: c.identity == 31),
    ("id=0", lambda c: c.identity == 0),
    ("id!=g", lambda c: c.identity != G),
    ("mv=3", lambda c: c.mana_value == 3),
    ("mv>=7", lambda c: c.mana_value >= 7),
    ("mv:even", lambda c: c.mana_value % 2 == 0),
    ("pow>=5", lambda c: pw(c, lambda p: p >= 5)),
    (
        "pow>tou",
        lambda c: any_face(
            c,
            lambda f: (
                f.power is not None
                and f.toughness is not None
                and stat(f.power) > stat(f.toughness)
            ),
        ),
    ),
    ("loy>=5", lambda c: any_face(c, lambda f: f.loyalty is not None and stat(f.loyalty) >= 5)),
    ('o:"draw a card"', lambda c: rules_has(c, "draw a card")),
    ('o:"enters the battlefield tapped"', lambda c: rules_has(c, "enters the battlefield tapped")),
    (
        'o:"~ deals 3 damage"',
        lambda c: any_face(
            c,
            lambda f: (
                "~ deals 3 damage"
                in text_words(no_reminder(f.oracle_text))
                .replace(plain(f.name), "~")
                .replace(plain(f.name.split(",")[0]) if "," in f.name else "\0", "~")
            ),
        ),
    ),
    ("fo:flying", lambda c: any_face(c, lambda f: "flying" in text_words(f.oracle_text))),
    ("kw:flying", lambda c: kw(c, "flying")),
    ('kw:"first strike"', lambda c: kw(c, "first strike")),
    ("bolt", lambda c: "bolt" in name_words(c.name)),
    ("lim-dul", lambda c: "lim dul" in name_words(c.name)),
    (
        '!"lightning bolt"',
        lambda c: "lightning bolt" in {name_words(n) for n in (c.name, *c.face_names)},
    ),
    ("name:/^kor /", lambda c: any(re.search("^kor ", n, re.I) for n in (c.name, *c.face_names))),
    ("is:split", lambda c: c.layout is Layout.SPLIT),
    ("is:dfc", lambda c: c.layout in (Layout.TRANSFORM, Layout.MODAL_DFC, Layout.MELD)),
    ("is:legendary", lambda c: "Legendary" in c.faces[0].supertypes),
    ("is:basic", lambda c: any_face(c, lambda f: "Basic" in f.supertypes)),
    (
        "t:creature c:g pow>=4 -kw:trample",
        lambda c: (
            has_type(c, "creature")
            and any(m & G for m in colour_sets(c))
            and pw(c, lambda p: p >= 4)
            and not kw(c, "trample")
        ),
    ),
    (
        "(t:angel or t:demon) -c:w",
        lambda c: (
            (has_type(c, "angel") or has_type(c, "demon"))
            and not any(m & W for m in colour_sets(c))
        ),
    ),
    (
        'o:"draw a card" -t:creature id<=ub',
        lambda c: (
            rules_has(c, "draw a card")
            and not has_type(c, "creature")
            and c.identity & ~(U | B) == 0
        ),
    ),
    (
        "t:elf or t:goblin c:r",
        lambda c: (
            has_type(c, "elf") or (has_type(c, "goblin") and any(m & R for m in colour_sets(c)))
        ),
    ),
]


@pytest.mark.parametrize("query,expected", CASES, ids=[c[0] for c in CASES])
def test_query_agrees_with_a_plain_filter(cards, index, query, expected):
    got = bitsets.to_rows(compile_query(query).bits(index))
    want = [row for row, card in enumerate(cards) if expected(card)]
    assert got == want, (
        f"{query}: {len(got)} vs {len(want)}; only engine: "
        f"{[cards[r].name for r in sorted(set(got) - set(want))[:5]]}, only filter: "
        f"{[cards[r].name for r in sorted(set(want) - set(got))[:5]]}"
    )
    assert want, f"{query} should match some of the real cards"


def test_is_commander_on_real_cards(cards, index):
    got = {cards[r].name for r in bitsets.to_rows(compile_query("is:commander").bits(index))}
    assert {"Atraxa, Praetors' Voice", "Kaalia of the Vast"} <= got
    assert "Serra Angel" not in got and "Lightning Bolt" not in got


def test_growing_query_matches_fresh_search(cards, index):
    """Narrowed and restricted scans (one more letter typed) give what a cold index gives."""
    from deckeditor.search import Searcher, SearchError

    searcher = Searcher(index)
    typed = "t:legend c:g o:draw -kw:flying bolt"
    for i in range(1, len(typed) + 1):
        try:
            rows = searcher.search(typed[:i])
        except SearchError:
            continue
        assert rows == bitsets.to_rows(compile_query(typed[:i]).bits(_cold(index))), typed[:i]


def _cold(index):
    """The same columns with empty caches."""
    clone = copy.copy(index)
    clone.narrowing, clone._leaves, clone._derived = {}, OrderedDict(), {}
    return clone
