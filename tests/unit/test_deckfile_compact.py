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
from tests.unit.test_text_decks import make_pool

_NEVER = re.compile(r"(?!)")
# the short path's alphabet, and the characters that make the full steps do something else
_NEAR = "aZ09 ,'-xX" * 4 + '()[]#*^<>/\t"é:|'


def _full_steps(line: str) -> tuple:
    saved, text._PLAIN = text._PLAIN, _NEVER
    try:
        return text.classify(line)
    finally:
        text._PLAIN = saved


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(["1 ", "12 ", "9999 ", "10000 ", "0 ", "01 ", "1x ", "SB: 1 ", ""]),
    st.text(alphabet=_NEAR, max_size=14),
)
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
    statuses = [
        LineStatus(1, "1 Island", LineKind.CARD),
        LineStatus(3, "x", LineKind.UNPARSED, "why"),
        LineStatus(4, "", LineKind.BLANK),
    ]
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
        LineKind.CARD,
        LineKind.UNKNOWN_CARD,
        LineKind.CARD,
        LineKind.UNKNOWN_CARD,
        LineKind.UNKNOWN_CARD,
        LineKind.SECTION,
        LineKind.CARD,
    ]
    assert r.lines[1].reason == "unknown card"
    assert all(not e.flags for e in r.deck.section("Main").entries)


# --- the text read a chunk at a time, its report and its plain sections (issue 15) ----------

from hypothesis import HealthCheck  # noqa: E402

from deckeditor.deck import Entry, PlainEntries, Section  # noqa: E402
from deckeditor.deckfile_errors import TextReport  # noqa: E402
from deckeditor.textlines import line_chunks, split_lines  # noqa: E402

_TEXT = st.text(alphabet="ab \t\r\n\x0b\x0c\x85\u2028é", max_size=60)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TEXT, st.integers(min_value=1, max_value=8))
def test_line_chunks_give_the_lines_of_split_lines(text, size):
    raws, starts = [], []
    for chunk_starts, chunk_raws in line_chunks(text, size):
        raws += chunk_raws
        starts += list(chunk_starts)
    assert "".join(raws) == text  # every character once, in order
    assert starts == [sum(len(r) for r in raws[:i]) for i in range(len(raws))]
    lines = [r.rstrip() for r in raws]
    if lines and lines[-1] == "":
        lines.pop()
    assert lines == split_lines(text)


@settings(max_examples=200, deadline=None)
@given(_TEXT)
def test_the_text_report_cuts_each_line_from_the_source(text):
    report = TextReport(text)
    for chunk_starts, chunk_raws in line_chunks(text, 3):
        report.starts.extend(chunk_starts)
        for _ in chunk_raws:
            report.codes.append(report.code(LineKind.COMMENT))
    lines = [r.rstrip() for _, raws in line_chunks(text) for r in raws]
    assert [s.text for s in report] == lines
    assert [s.number for s in report] == list(range(1, len(lines) + 1))
    if lines and lines[-1] == "":
        report.drop_last()
        assert [s.text for s in report] == split_lines(text)


def test_the_text_report_keeps_a_text_given_for_a_line():
    report = TextReport("1 Opt\n# unparsed: x\n")
    report.starts.extend([0, 6])
    report.add(1, None, LineKind.CARD)
    report.add(2, "x", LineKind.UNPARSED, "kept")
    assert list(report) == [
        LineStatus(1, "1 Opt", LineKind.CARD),
        LineStatus(2, "x", LineKind.UNPARSED, "kept"),
    ]
    assert report == LineReport(list(report))


def test_plain_entries_read_like_the_tuple_they_stand_for():
    rows = PlainEntries(["Opt", "Island"], [2, 9999])
    entries = (Entry("Opt", 2), Entry("Island", 9999))
    assert rows == entries and entries == rows and tuple(rows) == entries
    assert hash(rows) == hash(entries) and Section("Main", rows) == Section("Main", entries)
    assert hash(Section("Main", rows)) == hash(Section("Main", entries))
    assert rows[1] == entries[1] and rows[-1] == entries[-1] and rows[:1] == entries[:1]
    assert len(rows) == 2 and list(reversed(rows)) == list(reversed(entries))
    assert Section("Main", rows).total == 10001 and rows + (Entry("X"),) == entries + (Entry("X"),)
    assert rows != (Entry("Opt", 2),) and rows != (Entry("Opt", 3), Entry("Island", 9999))


def test_a_large_plain_section_is_read_without_an_entry_per_line():
    pool = make_pool()
    text = "".join(f"1 Zz{i}\n" for i in range(500)) + "4 Island\n"
    deck = read_deck(text, pool).deck
    main = deck.section("Main").entries
    assert isinstance(main, PlainEntries) and len(main) == 501
    assert main[0] == Entry("Zz0") and main[-1] == Entry("Island", 4)
    edited = deck.add("Main", Entry("Island", 1))  # an edit makes an ordinary tuple again
    assert edited.section("Main").entries[-1] == Entry("Island", 5)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.sampled_from(
            [
                "1 Island",
                "4 island",
                "2 Not A Card",
                "9999 Zzz",
                "3 Fire/Ice",
                "1 Fire // Ice",
                "",
                "Sideboard",
                "About",
                "Name Mine",
                "1 Ach! Hans, Run!",
                "2 Island (M11) 149",
                "x",
            ]
        ),
        min_size=1,
        max_size=12,
    )
)
def test_the_plain_line_read_gives_what_the_full_steps_give(lines):
    pool = make_pool()
    text_ = "\n".join(lines) + "\n"
    try:
        fast = read_deck(text_, pool)
    except Exception as exc:  # noqa: BLE001 - the same error either way
        fast = repr(exc)
    saved, text._PLAIN = text._PLAIN, _NEVER
    try:
        try:
            full = read_deck(text_, pool)
        except Exception as exc:  # noqa: BLE001
            full = repr(exc)
    finally:
        text._PLAIN = saved
    if isinstance(fast, str) or isinstance(full, str):
        assert fast == full
    else:
        assert (fast.deck, list(fast.lines), fast.notes) == (
            full.deck,
            list(full.lines),
            full.notes,
        )


def test_the_statuses_of_a_kind_come_from_the_codes():
    r = read_deck("1 Island\n\x01bad\n2 Zzz\n// unparsed: old\n", make_pool())
    assert [(s.number, s.text) for s in r.statuses(LineKind.UNPARSED)] == [
        (2, "\x01bad"),
        (4, "old"),
    ]
    assert r.statuses(LineKind.UNPARSED) == [s for s in r.lines if s.status is LineKind.UNPARSED]
    assert LineReport(list(r.lines)).of_kind([LineKind.CARD]) == r.statuses(LineKind.CARD)
