"""Fuzzing `Format.from_json`: whatever the document, the answer is a Format or an InvalidDeck.

Over 10,000 documents come from a seeded generator (mutated valid formats, random nesting, odd
Unicode, huge numbers, broken bytes), and a few hundred more from hypothesis.
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from deckeditor.formats import Format, InvalidDeck

SEED = {
    "code": "league",
    "name": "League",
    "min_size": 40,
    "max_size": 60,
    "copies": 3,
    "banned": ["old-relic", "Fox"],
    "restricted": {"storm-call": 1, "a:b/c": 4},
    "taboo_lists": [
        {
            "code": "autumn",
            "effective_from": "2026-10-01",
            "banned": ["night-owl"],
            "restricted": {"ember-fox": 2},
        },
        {"code": "spring", "effective_from": "2027-04-01", "banned": [], "restricted": {}},
    ],
}

ODD_TEXT = [
    "",
    " ",
    "\u00a0",
    "\u200d",
    "\ufeff",
    "\ud800",
    "\udfff",
    "\x00",
    "\x7f",
    "\x85",
    "\n",
    "é",
    "e\u0301",
    "٣",
    "１",
    "🦊",
    "\U0010ffff",
    "\u2028",
    '"',
    "\\",
    "league\n",
    "a" * 300,
    "Ｌｅａｇｕｅ",
    "2026-10-01T00:00",
    "20261001",
    "2026-W40-4",
    "2026-02-29",
    "0000-00-00",
]
ODD_NUMBERS = [
    0,
    -1,
    1,
    999,
    1000,
    100_000,
    100_001,
    10**30,
    -(10**30),
    1.5,
    4.0,
    1e308,
    -0.0,
    True,
    False,
]
ODD_RAW_NUMBERS = [
    "1e400",
    "-1e400",
    "9" * 5000,
    "1" * 4301,
    "0.0000001",
    "-0",
    "1E2",
    "NaN",
    "Infinity",
    "-Infinity",
    "01",
    "+1",
    ".5",
    "1.",
    "0x10",
]


def random_value(rnd: random.Random, depth: int = 0):
    roll = rnd.random()
    if depth > 20 or roll < 0.35:
        return rnd.choice(ODD_TEXT + ODD_NUMBERS + [None])
    if roll < 0.55:
        return [random_value(rnd, depth + 1) for _ in range(rnd.randint(0, 3))]
    if roll < 0.75:
        return {
            rnd.choice(ODD_TEXT + list(SEED)): random_value(rnd, depth + 1)
            for _ in range(rnd.randint(0, 3))
        }
    return json.loads(json.dumps(rnd.choice(list(SEED.values()))))  # a copy, never SEED's own


def containers(value, path=()):
    """Every (path, container) inside a JSON value, the value itself included."""
    if isinstance(value, (dict, list)):
        yield path, value
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, child in items:
            yield from containers(child, path + (key,))


def mutate_structure(rnd: random.Random, doc):
    """One structural change somewhere in the document."""
    spots = list(containers(doc))
    _, target = rnd.choice(spots)
    action = rnd.random()
    if isinstance(target, dict):
        keys = list(target)
        if keys and action < 0.3:
            del target[rnd.choice(keys)]
        elif keys and action < 0.7:
            target[rnd.choice(keys)] = random_value(rnd)
        else:
            target[rnd.choice(ODD_TEXT + ["extra", "banned", "code"])] = random_value(rnd)
    else:
        if target and action < 0.3:
            target.pop(rnd.randrange(len(target)))
        elif target and action < 0.7:
            target[rnd.randrange(len(target))] = random_value(rnd)
        else:
            target.append(rnd.choice([random_value(rnd), *SEED["banned"]]))
    return doc


def mutate_text(rnd: random.Random, text: str) -> str | bytes:
    roll = rnd.random()
    if roll < 0.15 and text:  # cut it anywhere
        return text[: rnd.randrange(len(text))]
    if roll < 0.3:  # a raw token where a number was
        return text.replace("40", rnd.choice(ODD_RAW_NUMBERS), 1)
    if roll < 0.4:  # a duplicated key
        return text.replace('"copies": 3', '"copies": 3, "copies": 3', 1)
    if roll < 0.5:  # deep nesting around a value
        depth = rnd.randint(10, 40)
        return text.replace('"old-relic"', "[" * depth + '"x"' + "]" * depth, 1)
    if roll < 0.6:  # insert an odd character at a random place
        at = rnd.randrange(len(text) + 1)
        return text[:at] + rnd.choice(ODD_TEXT) + text[at:]
    if roll < 0.7:  # flip bytes of the encoded text
        data = bytearray(text.encode("utf-8", "surrogatepass"))
        for _ in range(rnd.randint(1, 4)):
            if data:
                data[rnd.randrange(len(data))] = rnd.randrange(256)
        return bytes(data)
    if roll < 0.75:
        return "\ufeff" + text
    if roll < 0.8:
        return text.encode(rnd.choice(["utf-16", "utf-16-le", "utf-32", "latin-1"]), "replace")
    if roll < 0.85:  # trailing data
        return text + rnd.choice([" x", "{}", "]", ",", "\x00", " // comment"])
    if roll < 0.9:  # a lone surrogate, escaped or raw
        return text.replace("League", rnd.choice(["L\\ud800", "L\ud800", "L\\udfff\\ud800"]), 1)
    return text


def check(document) -> str:
    try:
        fmt = Format.from_json(document)
    except InvalidDeck as exc:
        assert str(exc), "an InvalidDeck must say why"
        return "refused"
    assert isinstance(fmt, Format)
    assert Format.from_json(fmt.to_json()) == fmt
    return "accepted"


def test_ten_thousand_generated_documents():
    rnd = random.Random(20260923)
    outcomes = {"accepted": 0, "refused": 0}
    for n in range(12_000):
        doc = json.loads(json.dumps(SEED))
        kind = n % 4
        if kind == 0:
            for _ in range(rnd.randint(1, 3)):
                doc = mutate_structure(rnd, doc)
            text = json.dumps(doc, ensure_ascii=rnd.random() < 0.5)
            document = text if rnd.random() < 0.5 else text.encode("utf-8", "surrogatepass")
        elif kind == 1:
            document = mutate_text(rnd, json.dumps(doc, ensure_ascii=False))
        elif kind == 2:
            document = json.dumps(random_value(rnd), ensure_ascii=rnd.random() < 0.5)
        else:
            # Valid documents with random (possibly duplicate or overlapping) ids.
            pool = [f"c{i}" for i in range(8)]
            doc["banned"] = rnd.sample(pool, rnd.randint(0, 4)) + (
                ["c0"] if rnd.random() < 0.1 else []
            )
            doc["restricted"] = {
                i: rnd.choice([1, 2, 999, 0, 1000]) for i in rnd.sample(pool, rnd.randint(0, 4))
            }
            doc["min_size"] = rnd.choice([0, 1, 40, 60, 100_000, 100_001])
            doc["max_size"] = rnd.choice([None, 0, 1, 40, 60, 100_000])
            document = json.dumps(doc)
        outcomes[check(document)] += 1
    # The generator reaches both outcomes in numbers, or it would test too little.
    assert outcomes["accepted"] > 500 and outcomes["refused"] > 5_000, outcomes


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=30,
)


@settings(max_examples=300)
@given(json_values)
def test_arbitrary_json_values(value):
    try:
        text = json.dumps(value)
    except ValueError:
        return
    check(text)


@settings(max_examples=300)
@given(st.one_of(st.text(max_size=300), st.binary(max_size=300)))
def test_arbitrary_text_and_bytes(document):
    check(document)


@settings(max_examples=200)
@given(st.dictionaries(st.sampled_from(list(SEED) + ["x"]), json_values, max_size=9))
def test_documents_with_the_right_keys_and_random_values(doc):
    check(json.dumps(doc))


def test_nesting_bombs():
    for text in ("[" * 100_000, '{"a":' * 50_000, "[" * 15 + "]" * 15, "[[" * 8 + "]]" * 8):
        assert check(text) == "refused"


python_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text()
    | st.binary()
    | st.dates()
    | st.just(object())
    | st.just(float("nan")),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.frozensets(st.integers(), max_size=3)
        | st.dictionaries(st.one_of(st.text(), st.integers(), st.none()), inner, max_size=4)
    ),
    max_leaves=25,
)


@settings(max_examples=200)
@given(st.dictionaries(st.sampled_from(list(SEED)), python_values, max_size=8), python_values)
def test_from_array_with_any_python_values(doc, anything):
    for value in ({**json.loads(json.dumps(SEED)), **doc}, anything):
        try:
            fmt = Format.from_array(value)
        except InvalidDeck:
            continue
        assert Format.from_array(fmt.to_array()) == fmt
