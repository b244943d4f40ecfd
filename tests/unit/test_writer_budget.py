"""Every writer makes only files its readers accept (issue 26 point 2): unparsed lines past a size
budget are dropped and counted, a deck too large for any file is refused, and `convert` folds its
report instead of printing a line per junk line. The issue's two reproductions are generated
here (not stored): 100,000 lines `1,foo,bar` and 8 MiB of `0 x` lines, each with `1 Island`."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckeditor import deckio
from deckeditor.cli import main
from deckeditor.deck import Deck, Entry, Unparsed
from deckeditor.deckfile import read_json_deck, unparsed_budget, write_json_deck
from deckeditor.deckio import DeckFileError, read_deck, write_deck
from tests.unit.test_deckfiles_properties import POOL, decks

MIB = 1024 * 1024
MTG_KINDS = ("json", "forge", "cod", "arena", "mtgo", "dek", "text")

# one unparsed line's text: plain, full of what JSON escapes six-fold, or one very long line
line_text = st.one_of(
    st.text(st.characters(codec="utf-8", exclude_categories=["Cc", "Cs", "Zl", "Zp"]), max_size=40),
    st.sampled_from(['"\\"\\', "\x01\x02\x03" * 20, "1,foo,bar", "0 x"]),
    st.integers(1, 3 * MIB).map(lambda n: "y" * n),
)


@st.composite
def junk(draw):
    """A deck's unparsed lines: none, a few, or hundreds of thousands (a few distinct texts
    repeated, so generating them stays quick)."""
    texts = draw(st.lists(line_text, min_size=1, max_size=4))
    count = draw(st.sampled_from([0, 1, 50, 20_000, 300_000]))
    reason = draw(st.sampled_from(["no count and not a known card", "count outside 1–9999"]))
    return tuple(Unparsed("text", n + 1, texts[n % len(texts)], reason) for n in range(count))


def size(text: str | bytes) -> int:
    return len(text.encode("utf-8") if isinstance(text, str) else text)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(deck=decks(), unparsed=junk(), kind=st.sampled_from(MTG_KINDS))
def test_what_a_writer_writes_is_read_back(deck, unparsed, kind):
    from dataclasses import replace

    deck = replace(deck, unparsed=unparsed)
    try:
        written = write_deck(deck, kind, POOL)
    except DeckFileError as exc:  # a kind that cannot hold this deck at all, said so
        assert "too large" not in exc.message
        return
    assert size(written) <= unparsed_budget.MAX_BYTES
    again = read_deck(written.encode("utf-8"), POOL).deck  # no DeckFileError: readable
    kept = unparsed_budget.kept_count(unparsed)
    losses = deckio.export_losses(deck, kind, POOL)
    if kept < len(unparsed) and kind in ("json", "forge", "text"):
        assert f"{len(unparsed) - kept:,} of {len(unparsed):,} unparsed lines not written" in (
            " ".join(losses)
        )
    if kind == "json":
        assert again.unparsed == unparsed[:kept]


def test_the_own_file_keeps_every_unparsed_line_that_fits():
    lines = tuple(Unparsed("text", n, f"junk {n}", "not a card line") for n in range(1, 2001))
    deck = Deck(name="Junk", unparsed=lines).add("Main", Entry("Island", 1))
    assert unparsed_budget.fit(deck) == (deck, 0)
    assert read_json_deck(write_json_deck(deck)).unparsed == lines
    assert deckio.export_losses(deck, "json") == []


def test_the_count_of_a_huge_unparsed_list_stops_at_the_budget():
    """Two million junk lines cost the writer the few thousand that fit, not two million."""
    seen = []

    class Counted(tuple):
        def __iter__(self):
            for item in tuple.__iter__(self):
                seen.append(item)
                yield item

    lines = Counted(Unparsed("text", n, "0 x", "count outside 1–9999") for n in range(2_000_000))
    kept = unparsed_budget.kept_count(lines)
    assert 10_000 < kept < 30_000 and len(seen) == kept + 1


def test_a_deck_whose_cards_alone_pass_8_mib_is_refused_not_written_unreadable():
    names = [f"Unknown card number {n:07d} " + "z" * 60 for n in range(120_000)]
    from deckeditor.deck import PlainEntries, Section

    deck = Deck(name="Huge", sections=(Section("Main", PlainEntries(names, [1] * len(names))),))
    for kind in ("json", "text"):
        with pytest.raises(
            DeckFileError, match=r"too large to write: .* MiB, and a deck file holds at most 8 MiB"
        ):
            write_deck(deck, kind, None)


def _convert_and_check(tmp_path, capsys, source_text: str):
    source = tmp_path / "junk.txt"
    source.write_text(source_text, encoding="utf-8")
    out = tmp_path / "junk.deck.json"
    home = str(tmp_path / "home")
    assert main(["--home", home, "convert", str(source), str(out)]) == 0
    report = capsys.readouterr().err.splitlines()
    assert size(out.read_bytes()) <= 8 * MIB
    assert main(["--home", home, "check", str(out)]) in (0, 1)  # read back: a verdict, not exit 2
    capsys.readouterr()
    return report, read_json_deck(out.read_text(encoding="utf-8"))


def test_100000_unparsed_lines_convert_to_an_own_file_that_opens(tmp_path, capsys):
    report, deck = _convert_and_check(tmp_path, capsys, "1,foo,bar\n" * 100_000 + "1 Island\n")
    assert report[0] == f"{tmp_path / 'junk.txt'}:1: unparsed: no count and not a known card"
    assert len(report) == 22
    assert report[20] == "… and 99,980 more unparsed lines"
    assert report[21].startswith(
        f"json: {100_000 - len(deck.unparsed):,} of 100,000 unparsed "
        "lines not written: a deck file holds at most 8 MiB"
    )
    assert [u.text for u in deck.unparsed] == ["1,foo,bar"] * len(deck.unparsed)
    assert [(e.card, e.count) for _, e in deck.entries("Main")] == [("Island", 1)]


def test_8_mib_of_zero_count_lines_convert_to_a_small_file_and_a_short_report(tmp_path, capsys):
    lines = (8 * MIB - len("1 Island\n")) // 4
    report, deck = _convert_and_check(tmp_path, capsys, "0 x\n" * lines + "1 Island\n")
    assert len(report) == 22 and report[20] == f"… and {lines - 20:,} more unparsed lines"
    assert 0 < len(deck.unparsed) < lines
