"""The plain-line short path of the Forge, XMage and precon readers (issue 15) gives what their
full grammar gives: the same deck, line report and notes, for any mix of plain and other lines."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckeditor.deckio import read_deck
from deckeditor.games.mtg.files import forge_dck, plainline, precon, xmage_dck
from tests.unit.test_text_decks import make_pool

POOL = make_pool()
NAMES = [
    "Lightning Bolt",
    "Island",
    "Sol Ring",
    "Korvold, Fae-Cursed King",
    "Fire",
    "ice tunnel",
    "Lim-Dul's Vault",
    "Aaaa",
    "Opt  Two",
    "Delver of Secrets",
    "Insectile Aberration",
    "Fire // Ice",
    "Fire/Ice",
    "Sol Ring+",
    "Sol Ring|CMM",
    "Island|2ED|2",
]
COUNTS = ["1", "4", "0", "01", "9999", "10000", "12"]
OTHER = [
    "",
    "[Main]",
    "[Sideboard]",
    "[metadata]",
    "Name=Bench",
    "# a comment",
    "SB: 1 Island",
    "1 [M11:149] Lightning Bolt",
    "// NAME: Bench",
    "Sideboard",
    "COMMANDER: 1 Island",
    "1 Sol Ring [CMM]",
    "-1 Island",
    "LAYOUT MAIN:(1,1)",
    "NAME:Bench",
    "1\tIsland",
]
HEADS = {
    "forge": "[metadata]\nName=Bench\n[Main]\n",
    "xmage": "NAME:Bench\n",
    "precon": "// NAME: Bench\n",
}
READERS = {"forge": forge_dck, "xmage": xmage_dck, "precon": precon}

line = st.one_of(
    st.builds(
        lambda c, n, sep: f"{c}{sep}{n}",
        st.sampled_from(COUNTS),
        st.sampled_from(NAMES),
        st.sampled_from([" ", "  ", "x "]),
    ),
    st.sampled_from(OTHER),
)


def _read(kind: str, text: str, monkeypatch, short: bool):
    with monkeypatch.context() as m:
        if not short:
            m.setattr(READERS[kind], "plain", lambda line: None)
        try:
            r = read_deck(text.encode(), POOL, kind=kind)
        except Exception as exc:  # noqa: BLE001 - the same error both ways
            return repr(exc)
        return r.deck, list(r.lines), r.notes, r.kind


@pytest.mark.parametrize("kind", sorted(READERS))
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(lines=st.lists(line, min_size=1, max_size=12))
def test_the_short_path_reads_as_the_full_grammar(kind, lines, monkeypatch):
    text = HEADS[kind] + "\n".join(lines) + "\n"
    assert _read(kind, text, monkeypatch, True) == _read(kind, text, monkeypatch, False)


def test_plain_lines_only():
    assert plainline.plain("4 Lightning Bolt") == (4, "Lightning Bolt")
    assert plainline.plain("1 Korvold, Fae-Cursed King") == (1, "Korvold, Fae-Cursed King")
    for other in (
        "04 Opt",
        "0 Opt",
        "10000 Opt",
        "1  Opt",
        "1 Opt|M19",
        "1 Opt+",
        "1 [X] Opt",
        "SB: 1 Opt",
        "1 Æther Vial",
        "1 " + "x" * 1000,
    ):
        assert plainline.plain(other) is None, other


TEXT_LINES = st.lists(
    st.one_of(line, st.sampled_from(["  ", "[Main]  ", "1 Island  ", "\t1 Opt"])), max_size=10
)


@pytest.mark.parametrize("kind", sorted(READERS))
@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    lines=TEXT_LINES,
    end=st.sampled_from(["\n", "\r\n", "\r"]),
    last=st.sampled_from(["", "\n", "  "]),
)
def test_the_text_read_a_chunk_at_a_time_reports_as_its_lines(kind, lines, end, last, monkeypatch):
    # the reader given the text (lines cut a few characters at a time, the report cutting each
    # line's text from the source) and given the lines `split_lines` makes: the same result
    from deckeditor import textlines

    monkeypatch.setattr(textlines, "CHUNK", 5)
    text = HEADS[kind] + end.join(lines) + last
    listed = textlines.split_lines(text, trim=kind != "forge")

    def result(source):
        try:
            r = READERS[kind].read(source, POOL)
        except Exception as exc:  # noqa: BLE001 - the same error both ways
            return repr(exc)
        return r.deck, list(r.lines), r.notes

    assert result(text) == result(listed)


_XML_NAME = st.from_regex(r"[A-Za-z_][A-Za-z0-9_.-]{0,6}", fullmatch=True)


@settings(max_examples=300, deadline=None)
@given(
    tag=_XML_NAME,
    attrs=st.dictionaries(_XML_NAME, st.text(max_size=8), max_size=4),
    text=st.sampled_from([None, "", "x"]),
)
def test_a_leaf_element_is_written_as_the_serializer_writes_it(tag, attrs, text):
    import xml.etree.ElementTree as ET

    from deckeditor.games.mtg.files.xmlsafe import leaf_xml

    el = ET.Element(tag, attrs)
    el.text = text
    got = leaf_xml(el)
    assert got is None or got == ET.tostring(el, encoding="unicode")
    if text != "x" and not any(c in "".join(attrs.values()) for c in '&<>"\r\n\t{'):
        assert got is not None
