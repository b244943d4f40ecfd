"""The compact forms that keep a file of a million distinct lines small (issue 15): the short
path of plain card lines gives what the full steps give, the column-wise line report reads like
the list of statuses it replaces, and merging still follows `Entry.same_line`."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from deckeditor.deckfile_errors import LineKind, LineReport, LineStatus
from deckeditor.deckio import read_deck
from deckeditor.games.mtg.files import text
from tests.test_text_decks import make_pool

_NEVER = re.compile(r"(?!)")
# the short path's alphabet, and the characters that make the full steps do something else
_NEAR = "aZ09 ,'-xX" * 4 + "()[]#*^<>/\t\"é:|"


def _full_steps(line: str) -> tuple:
    saved, text._PLAIN = text._PLAIN, _NEVER
    try:
        return text.classify(line)
    finally:
        text._PLAIN = saved


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(["1 ", "12 ", "9999 ", "10000 ", "0 ", "01 ", "1x ", "SB: 1 ", ""]),
       st.text(alphabet=_NEAR, max_size=14))
def test_the_plain_line_short_path_gives_what_the_full_steps_give(count, name):
    line = (count + name).strip()
    if line:
        assert text.classify(line) == _full_steps(line)


def test_plain_lines_take_the_short_path():
    assert text._PLAIN.fullmatch("4 Lightning Bolt")
    assert text._PLAIN.fullmatch("1 Jace, Vryn's Prodigy")
    assert not text._PLAIN.fullmatch("1 Sol Ring (CMM) 1")
    assert not text._PLAIN.fullmatch("0 Island")


def test_the_line_report_reads_like_the_list_of_statuses():
    statuses = [LineStatus(1, "1 Island", LineKind.CARD), LineStatus(3, "x", LineKind.UNPARSED, "why"),
                LineStatus(4, "", LineKind.BLANK)]
    report = LineReport(statuses)
    assert len(report) == 3 and report == statuses and list(report) == statuses
    assert report[1] == statuses[1] and report[-1] == statuses[-1] and report[1:] == statuses[1:]
    assert report[1].reason == "why" and report[0].status is LineKind.CARD
    report.append(LineStatus(5, "// c", LineKind.COMMENT))
    assert report[3].number == 5 and len(report) == 4


def test_distinct_plain_lines_read_as_before():
    pool = make_pool()
    lines = ["1 Island", "2 Not A Card", "3 Island", "9999 Zzz", "1 Zzz", "Sideboard", "1 Island"]
    r = read_deck("\n".join(lines) + "\n", pool)
    main = [(e.card, e.count) for e in r.deck.section("Main").entries]
    assert main == [("Island", 4), ("Not A Card", 2), ("Zzz", 9999), ("Zzz", 1)]
    assert [(e.card, e.count) for e in r.deck.section("Sideboard").entries] == [("Island", 1)]
    assert [s.status for s in r.lines] == [
        LineKind.CARD, LineKind.UNKNOWN_CARD, LineKind.CARD, LineKind.UNKNOWN_CARD,
        LineKind.UNKNOWN_CARD, LineKind.SECTION, LineKind.CARD]
    assert r.lines[1].reason == "unknown card"
    assert all(not e.flags for e in r.deck.section("Main").entries)
