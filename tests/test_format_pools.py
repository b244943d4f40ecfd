"""Format card pools over the real 29,521-card pool (issue 12): the catalog and `check` agree with
MTGJSON's own legality on the data's date, and every kind of card that never belongs (joke,
non-deck, digital-only, oversized) is kept out with a reason naming the source."""

from __future__ import annotations

import json
import lzma
from datetime import date

import pytest

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, Entry, Section
from deckeditor.format_catalog import load_format
from deckeditor.games.mtg.conformance import check
from deckeditor.games.mtg.mtgjson import load_mtgjson
from deckeditor.games.mtg.predicate import make_predicate
from deckeditor.problems import ProblemKind as K
from deckeditor.problems import Severity
from tests.conftest import shared_data

pytestmark = pytest.mark.realdata

WUBRG = "Kenrith, the Returned King"
# Built-in format -> (MTGJSON legality key, the five-colour commander or None).
FORMATS = {
    "commander": ("commander", WUBRG),
    "oathbreaker": ("oathbreaker", None),
    "vintage": ("vintage", None),
    "brawl": ("standardbrawl", WUBRG),
}


@pytest.fixture(scope="module")
def raw():
    path = shared_data("mtg", "cards.json.xz")
    return json.loads(lzma.decompress(path.read_bytes()))["data"]


@pytest.fixture(scope="module")
def pool():
    cards, _ = load_mtgjson(shared_data("mtg", "cards.json.xz"))
    return CardPool("mtg", cards)


def _stated(faces: list[dict], key: str) -> tuple[str, bool] | None:
    """(data day, allowed) from the card's own front-face legalities; None where the data says
    nothing: an empty map, or a map from a day when MTGJSON had no such key."""
    front = faces[0] if faces[0].get("legalities") else next(
        (f for f in faces if f.get("legalities")), None
    )
    if front is None:
        return None
    day = front["_sourcePrinting"]["dataDate"]
    status = front["legalities"].get(key)
    if status is None and key in ("oathbreaker", "standardbrawl") and day < "2023-01-01":
        return None  # the 2022 data had no such format key
    return day, status in ("Legal", "Restricted")


def _deck(code: str, commander: str | None, main: list[str]) -> Deck:
    sections = []
    if commander:
        sections.append(Section("Commander", (Entry(commander, 1),)))
    sections.append(Section("Main", tuple(Entry(n, 1) for n in main)))
    return Deck(game="mtg", name="pool", format=code, sections=tuple(sections))


@pytest.mark.parametrize("code", list(FORMATS))
def test_catalog_and_check_agree_with_mtgjson(code, raw, pool):
    key, commander = FORMATS[code]
    info = load_format(code)
    by_day: dict[str, dict[str, bool]] = {}
    for name, faces in raw.items():
        said = _stated(faces, key)
        if said is not None:
            by_day.setdefault(said[0], {})[name] = said[1]
    assert "2026-01-03" in by_day
    for day_text, truth in by_day.items():
        day = date.fromisoformat(day_text)
        names = [n for n in truth if n != commander]
        # The catalog for the Main section of a (five-colour) deck.
        pred = make_predicate(_deck(code, commander, []), info, day, pool, "Main")
        visible = {pool.cards[r].name for r in pred.visible_rows()}
        let_in = sorted(n for n in names if n in visible and not truth[n])
        refused = sorted(n for n in names if n not in visible and truth[n])
        assert (let_in[:10], refused[:10]) == ([], []), (code, day_text, len(let_in), len(refused))
        # `check` on one deck holding every such card once.
        problems = check(_deck(code, commander, names), info, day, pool)
        flagged = {
            c for p in problems if p.severity is Severity.ERROR
            and p.kind in (K.BANNED, K.NOT_IN_FORMAT) for c in p.cards
        }  # fmt: skip
        let_in = sorted(n for n in names if n not in flagged and not truth[n])
        refused = sorted(n for n in names if n in flagged and truth[n])
        assert (let_in[:10], refused[:10]) == ([], []), (code, day_text, len(let_in), len(refused))


def _reasons(pool, code: str, name: str, day=date(2026, 1, 3)) -> list[str]:
    pred = make_predicate(_deck(code, WUBRG, []), load_format(code), day, pool, "Main")
    return [f"{r.code}: {r.text}" for r in pred.why_hidden(pool.get(name))]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Ashnod's Coupon", "joke card"),  # an Un-set card the data does not flag
        ("Gnomeball Machine", "joke card"),
        ("Tazeem", "not a card that goes in a deck"),  # Plane
        ("Pools of Becoming", "not a card that goes in a deck"),
        ("Gix's Command", ""),  # a plain legal card, for contrast
        ("A-Blood Artist", "not legal"),  # Alchemy rebalanced: MTGJSON says so
        ("Benalish Knight-Counselor", "not legal"),  # Alchemy: Dominaria
        ("1996 World Champion", "oversized"),
        ("Altar of Mogis", "oversized"),  # challenge deck
    ],
)
def test_cards_that_never_belong(pool, name, words):
    reasons = _reasons(pool, "commander", name)
    if not words:
        assert reasons == []
        return
    assert any(r.startswith("NOT_IN_FORMAT: Not part of Commander") and words in r for r in reasons), reasons
    assert any("MTGJSON" in r for r in reasons), reasons


def test_alchemy_card_reason_names_alchemy(pool):
    card = pool.get("A-Blood Artist")
    assert "rebalanced" in card.traits and "digital" in card.traits


def test_standard_brawl_pool_size(pool):
    info = load_format("brawl")
    pred = make_predicate(_deck("brawl", None, []), info, date(2026, 1, 3), pool, "Main")
    shown = len(pred.visible_rows())
    assert 2900 <= shown <= 3200
    leaders = make_predicate(_deck("brawl", None, []), info, date(2026, 1, 3), pool, "Commander")
    assert 250 <= len(leaders.visible_rows()) <= 400


def test_standard_brawl_before_the_data_is_a_warning(pool):
    info = load_format("brawl")
    d = _deck("brawl", None, ["Abrade"])
    problems = check(d, info, date(2024, 1, 1), pool)
    warn = [p for p in problems if p.kind is K.NOT_IN_FORMAT]
    assert warn and all(p.severity is Severity.WARNING for p in warn), problems
    assert "cannot be known" in warn[0].message
