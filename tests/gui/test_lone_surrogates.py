"""A lone UTF-16 surrogate is refused where it is read, with file:line:column and key (issue 26
point 3): it could never be written again (UTF-8 cannot encode it), so kept it made `check` and
`convert` end in a traceback and the window's Save and autosave fail. One case per reader kind:
own JSON, MTGJSON deck JSON, autosave records, XML (Cockatrice, MTGO .dek), UTF-16 text, pasted
text; and file names Python decodes with surrogate escapes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckeditor import deckio
from deckeditor.deckfile import read_json_deck, write_json_deck
from deckeditor.deckfile.lone_surrogates import printable_name
from deckeditor.deckfile_errors import DeckFileError

REPO = Path(__file__).resolve().parents[2]
THE_ISSUES_FILE = (
    '{"schema":"deckeditor-deck","version":1,"game":"mtg","name":"a\\ud800","format":null,'
    '"sections":[{"name":"Main","entries":[{"card":"Island","count":1}]}]}'
)


def run_cli(*args: str, home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "deckeditor", "--home", str(home), *args],
        capture_output=True,
        text=True,
        env=env,
        errors="backslashreplace",
    )


def refused(source, **kwargs) -> DeckFileError:
    with pytest.raises(DeckFileError) as caught:
        deckio.read_deck(source, **kwargs)
    return caught.value


def test_the_issues_file_is_refused_by_check_and_convert_with_its_place(tmp_path):
    deck = tmp_path / "a.deck.json"
    deck.write_text(THE_ISSUES_FILE, encoding="utf-8")
    for args in (("check", str(deck)), ("convert", str(deck), str(tmp_path / "out.dck"))):
        done = run_cli(*args, home=tmp_path / "home")
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr
        (line,) = done.stderr.splitlines()
        assert line.endswith(
            f"{deck}:1:61: name: a lone surrogate \\ud800 (half of a UTF-16 "
            "pair), which no file can store"
        )
    assert not (tmp_path / "out.dck").exists()


def test_the_line_column_and_key_of_a_surrogate_deep_in_an_own_file():
    doc = json.loads(write_json_deck(read_json_deck(THE_ISSUES_FILE.replace("\\ud800", ""))))
    text = json.dumps(doc, indent=2).replace('"card": "Island"', '"card": "Isl\\udc00and"')
    error = refused(text.encode())
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "udc00" in l)
    assert (error.line, error.column) == (line, text.splitlines()[line - 1].index('"Isl') + 1)
    assert error.message.startswith("card: a lone surrogate \\udc00")


def test_a_surrogate_in_a_key_is_refused_as_a_key():
    text = THE_ISSUES_FILE.replace('"name":"a\\ud800"', '"name":"a","x\\ud812":1')
    assert refused(text.encode()).message.startswith("a key: a lone surrogate \\ud812")


@pytest.mark.parametrize(
    "name, expected",
    [
        ("\\ud83d\\ude00 deck", "\U0001f600 deck"),  # a pair: one real character, kept
        ("back\\\\ud800slash", "back\\ud800slash"),  # an escaped backslash: the letters `\ud800`
    ],
)
def test_what_only_looks_like_a_surrogate_is_read(name, expected):
    deck = deckio.read_deck(THE_ISSUES_FILE.replace("a\\ud800", name).encode()).deck
    assert deck.name == expected
    assert read_json_deck(write_json_deck(deck)).name == expected


def test_an_mtgjson_deck_file_with_a_surrogate_is_refused():
    doc = '{"data": {"name": "Precon", "mainBoard": [\n  {"name": "Isl\\udbffand", "count": 1}]}}'
    error = refused(doc.encode())
    assert (error.line, error.message.split(":")[0]) == (2, "name")


@pytest.mark.parametrize(
    "kind, text",
    [
        (
            "cod",
            '<?xml version="1.0"?>\n<cockatrice_deck version="1"><deckname>a&#xD800;</deckname>'
            '<zone name="main"><card number="1" name="Island"/></zone></cockatrice_deck>',
        ),
        (
            "cod",
            '<?xml version="1.0"?>\n<cockatrice_deck version="1"><zone name="main">'
            '<card number="1" name="Is&#55296;land"/></zone></cockatrice_deck>',
        ),
        (
            "dek",
            '<?xml version="1.0"?>\n<Deck><Cards CatID="1" Quantity="1" Sideboard="false" '
            'Name="Island&#xDFFF;"/></Deck>',
        ),
    ],
)
def test_xml_character_references_to_a_surrogate_are_refused(kind, text):
    error = refused(text.encode())
    assert error.line == 2 and error.column is not None
    assert "reference to invalid character number" in error.message


def test_utf16_text_with_a_lone_surrogate_is_refused_at_its_line():
    data = (
        b"\xff\xfe"
        + "1 Island\n2 Forest\n3 ".encode("utf-16-le")
        + b"\x00\xd8"
        + "x\n".encode("utf-16-le")
    )
    error = refused(data)
    assert (error.line, error.message.startswith("not valid UTF-16")) == (3, True)


def test_pasted_text_with_a_lone_surrogate_is_refused_at_its_place():
    error = refused("1 Island\n2 For\udc80est\n")
    assert (error.line, error.column) == (2, 6)


def test_a_utf8_encoded_surrogate_is_no_utf8_and_reads_as_windows_1252():
    # CESU-style bytes ED A0 80: strict UTF-8 refuses them, so no surrogate can come from bytes
    result = deckio.read_deck(b"1 Island\n1 X\xed\xa0\x80\n")
    assert result.notes[0] == deckio.CP1252
    assert not any(
        "\ud800" <= c <= "\udfff" for s in result.deck.sections for e in s.entries for c in e.card
    )


def test_a_file_name_that_is_not_utf8_names_the_deck_with_a_replacement_character(tmp_path):
    if sys.platform == "win32":
        pytest.skip("Windows file names are UTF-16")
    path = os.path.join(os.fsencode(tmp_path), b"\xffbad.txt")
    with open(path, "wb") as handle:
        handle.write(b"1 Island\n")
    out = tmp_path / "out.deck.json"
    done = run_cli("convert", os.fsdecode(path), str(out), home=tmp_path / "home")
    assert done.returncode == 0, done.stderr
    assert read_json_deck(out.read_text(encoding="utf-8")).name == "\ufffdbad"
    assert printable_name("ok.txt") == "ok.txt"


def test_an_autosave_record_with_a_surrogate_is_offered_as_unreadable(tmp_path):
    from deckeditor.recovery import SUFFIX, leftover_autosaves

    record = (
        '{"schema": "deckeditor-autosave", "version": 1, "path": null, "kind": "json", '
        f'"deck": {THE_ISSUES_FILE}}}'
    )
    (tmp_path / f"gone-x{SUFFIX}").write_text(record, encoding="utf-8")
    (item,) = leftover_autosaves(tmp_path)
    assert item.deck is None and "lone surrogate" in item.error


@pytest.mark.gui
def test_the_window_refuses_the_file_in_a_dialog_and_keeps_its_deck(qtbot, tmp_path):
    from tests.support.player_window import open_window

    window = open_window(qtbot, tmp_path)
    warnings = []
    window.warn = lambda title, text: warnings.append((title, text))
    deck = tmp_path / "a.deck.json"
    deck.write_text(THE_ISSUES_FILE, encoding="utf-8")
    before = window.session.deck
    assert window.open_path(str(deck)) is False
    ((title, text),) = warnings
    assert title == "Cannot open deck" and text.startswith(f"{deck}:1:61: name: a lone surrogate")
    assert window.session.deck is before


_FIELDS = st.sampled_from(["name", "notes", "card", "tag", "flag", "unparsed"])


@settings(max_examples=60, deadline=None)
@given(
    field=_FIELDS,
    surrogate=st.integers(0xD800, 0xDFFF),
    before=st.text(
        st.characters(codec="utf-8", exclude_categories=["Cc"], exclude_characters='"\\'),
        max_size=8,
    ),
)
def test_any_lone_surrogate_anywhere_is_a_located_error(field, surrogate, before):
    escape = f"{before}\\u{surrogate:04x}"
    doc = {
        "schema": "deckeditor-deck",
        "version": 1,
        "game": "mtg",
        "name": "N",
        "format": None,
        "notes": "",
        "tags": ["t"],
        "sections": [
            {"name": "Main", "entries": [{"card": "Island", "count": 1, "flags": {"f": "v"}}]}
        ],
        "unparsed": [{"source": "text", "line": 1, "text": "x", "reason": "r"}],
    }
    text = json.dumps(doc, indent=2, ensure_ascii=False)
    target = {
        "name": '"name": "N"',
        "notes": '"notes": ""',
        "card": '"card": "Island"',
        "tag": '"t"',
        "flag": '"f": "v"',
        "unparsed": '"text": "x"',
    }[field]
    marked = target[:-1] + escape + '"'
    text = text.replace(target, marked, 1)
    error = refused(text.encode("utf-8"))
    row = next(i for i, l in enumerate(text.splitlines(), 1) if marked in l)
    assert error.line == row and "lone surrogate" in error.message


# --- card sources: a card named with a lone surrogate could not be stored or printed ----------

MTGJSON_SOURCE = (
    '{"meta": {"version": "5.2.2", "date": "2026-01-01"}, "data": {\n'
    '"Isl\\ud800and": [{"name": "Isl\\ud800and", "type": "Basic Land", '
    '"types": ["Land"], "colors": [], "colorIdentity": [], "manaValue": 0, '
    '"layout": "normal", "legalities": {}}]}}'
)


def test_a_card_source_with_a_surrogate_is_one_located_line_for_import_and_cards(tmp_path):
    source = tmp_path / "AtomicCards.json"
    source.write_text(MTGJSON_SOURCE, encoding="utf-8")
    done = run_cli("cards", "import", str(source), home=tmp_path / "home")
    assert done.returncode == 2 and "Traceback" not in done.stderr  # was a UnicodeEncodeError
    assert done.stderr.splitlines()[-1].endswith(
        f"{source}:2:1: a key: a lone surrogate \\ud800 (half of a UTF-16 pair), which no file "
        "can store"
    )
    deck = tmp_path / "d.txt"
    deck.write_text("1 Island\n", encoding="utf-8")
    done = run_cli("check", str(deck), "--cards", str(source), home=tmp_path / "home")
    assert (
        done.returncode == 2 and "lone surrogate" in done.stderr and "Traceback" not in done.stderr
    )


def test_scryfall_and_gallery_sources_with_a_surrogate_are_refused_where_it_is(tmp_path):
    from deckeditor.carddb.source_loading import CardSourceError
    from deckeditor.carddb.source_loading import load_checked as _load_source
    from tests.unit.test_scryfall_import import PIR

    scryfall = tmp_path / "oracle-cards.json"
    scryfall.write_text(json.dumps([{**PIR, "oracle_text": "x\ud800"}]), encoding="utf-8")
    gallery = tmp_path / "gallery.json"
    gallery.write_text(
        '{"source": "riftbound", "cards": [{"name": "A\\udfff", "abilityHtml": ""}]}',
        encoding="utf-8",
    )
    for path, key in ((scryfall, "oracle_text"), (gallery, "name")):
        with pytest.raises(CardSourceError, match=f"^{path}:1:[0-9]+: {key}: a lone surrogate"):
            _load_source(str(path), None)


def test_our_own_card_records_with_a_surrogate_are_refused_where_it_is(tmp_path):
    # issue 26 rerun: the records reader (starter-cards.json's shape) took `\ud800` and the
    # import ended in a UnicodeEncodeError traceback while writing the database
    records = tmp_path / "my-cards.json"
    text = json.dumps(
        [
            {
                "name": "Ab\ud800rade",
                "layout": "normal",
                "faces": [{"name": "Ab\ud800rade", "types": ["Instant"]}],
            }
        ],
        indent=1,
    )
    records.write_text(text, encoding="utf-8")
    done = run_cli("cards", "import", str(records), home=tmp_path / "home")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1].endswith(
        f"{records}:3:11: name: a lone surrogate \\ud800 (half of a UTF-16 pair), which no file "
        "can store"
    )
