"""How an XMage `.dck` is told from the other text kinds (`deck-files.md` §2 step 5), shared by
the file kinds' recogniser and the text writer (which must not write a line that reads as XMage)."""

import re

# §2 step 5, searched over the whole text at once: a line starting (after blanks) with `NAME:`,
# `LAYOUT MAIN:`/`LAYOUT SIDEBOARD:`, or an XMage card line `[SB: ]1 [SET:CN] Name`.
XMAGE_LINE = re.compile(
    r"(?:\A|[\r\n])[^\S\r\n]*(?:NAME:|LAYOUT MAIN:|LAYOUT SIDEBOARD:"
    r"|(?:SB:[^\S\r\n]*)?\d+[^\S\r\n]+\[[A-Za-z0-9]+:[^\]\r\n]*\][^\S\r\n]+\S)"
)
