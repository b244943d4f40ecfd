"""A deck text's lines (`deck-files.md` §1): `\\r\\n`, `\\n` and `\\r` end a line, nothing else.

`split_lines` gives them all at once; `line_chunks` gives them a chunk at a time with where each
starts in the text, so a reader of a million-line file holds one chunk's strings at a time and
its report can cut a line's text from the source when asked (issue 15: memory bounded by input;
the readers' loop is `linereader`).
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterator
from itertools import accumulate

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
