"""The plain card line every line-based MTG kind shares: `4 Lightning Bolt` (issue 15).

Nearly every line of a large file is one: a count of 1-9999 without a leading zero, one space,
and a name of ASCII letters, digits, spaces, commas, apostrophes and hyphens starting with a
letter. None of those characters starts a header, a comment, a flag, a segment or a bracket, so
a reader takes such a line straight to the card it names, skipping its full grammar, and gets
what the full grammar would give (tests/unit/test_plainline.py holds each reader to that); the loop
(`linereader`) then counts its repeats itself.
"""

from __future__ import annotations

import re

from deckeditor.games.mtg.files.common import MAX_LINE

PLAIN = re.compile(r"([1-9][0-9]{0,3}) ([A-Za-z][A-Za-z0-9 ,'-]*)")


def plain(line: str) -> tuple[int, str] | None:
    """(count, name) of a trimmed plain card line, else None (the reader's full steps)."""
    m = PLAIN.fullmatch(line)
    if m is None or len(line) > MAX_LINE:
        return None
    return int(m.group(1)), m.group(2)
