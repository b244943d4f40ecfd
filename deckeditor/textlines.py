"""A deck text's lines (`deck-files.md` §1): `\\r\\n`, `\\n` and `\\r` end a line, nothing else.

`split_lines` gives them all at once; `line_chunks` gives them a chunk at a time with where each
starts in the text, so a reader of a million-line file holds one chunk's strings at a time and
its report can cut a line's text from the source when asked (issue 15: memory bounded by input).
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterable, Iterator
from itertools import accumulate

from deckeditor.deckfile_errors import LineReport, TextReport

# str.splitlines also ends lines at these, which must stay inside their line (a control
# character makes the line unparsed): where one occurs, the slower regex splits instead
_OTHER_BREAKS = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
_RAW_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+")
CHUNK = 1 << 18  # characters a chunk holds at least (its last line completes it)


def split_lines(text: str, trim: bool = True) -> list[str]:
    """All lines, right-trimmed (unless `trim` is False: Forge notes keep their trailing
    spaces); no empty last line."""
    # str.splitlines is several times faster than the regex: taken when it splits the same
    if not _OTHER_BREAKS.search(text):
        parts = text.splitlines()
    else:
        parts = [raw.rstrip("\r\n") for raw in _RAW_LINE.findall(text)]
    lines = [line.rstrip() for line in parts] if trim else parts
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def line_chunks(text: str, size: int = CHUNK) -> Iterator[tuple[array[int], list[str]]]:
    """(starts, raw lines) per chunk: each line as in the text, with its line end, and the
    offset in `text` where it starts. Lines are those of `split_lines`, except that an empty
    last line is given too (callers drop it)."""
    pos, n = 0, len(text)
    while pos < n:
        cut = text.find("\n", pos + size)
        end = n if cut < 0 else cut + 1  # after a `\n`: never inside a `\r\n`
        chunk = text[pos:end]
        raws = (
            chunk.splitlines(True) if not _OTHER_BREAKS.search(chunk) else _RAW_LINE.findall(chunk)
        )
        starts = array("I", accumulate(map(len, raws), initial=pos))
        starts.pop()  # the end of the chunk
        yield starts, raws
        pos = end


def numbered_lines(
    source: str, report: TextReport, trim: bool = True
) -> Iterator[tuple[int, str, str | None]]:
    """(number, line, report text) for each line of `source` as `split_lines` gives them, a
    chunk at a time, the line starts added to `report` (a `TextReport` of `source`) as they
    come. The report text is None when the report cuts the line from the source itself (it
    right-trims), else the line (one that keeps its trailing spaces, `trim` False)."""
    number = 0
    end = len(source)
    for starts, raws in line_chunks(source, CHUNK):
        report.starts.extend(starts)
        last = starts[-1] + len(raws[-1]) == end
        for i, raw in enumerate(raws):
            line = raw.rstrip() if trim else raw.rstrip("\r\n")
            if not line and last and i == len(raws) - 1:
                report.starts.pop()  # an empty last line is no line
                return
            number += 1
            yield number, line, (line if not trim and line[-1:].isspace() else None)


NumberedLines = Iterable[tuple[int, str, str | None]]  # (number, line, report text)


def reading(
    lines: str | list[str], trim: bool = True
) -> tuple[TextReport, NumberedLines] | tuple[LineReport, NumberedLines]:
    """(report, numbered lines) for a line reader: a text is read with `numbered_lines` into a
    `TextReport`; a list of lines (a caller's own) is taken as it is, each line reported with
    its text, into a `LineReport`."""
    if isinstance(lines, str):
        report = TextReport(lines)
        return report, numbered_lines(lines, report, trim)
    return LineReport(), ((n, line, line) for n, line in enumerate(lines, 1))
