"""A deck file's bytes as text (`deck-files.md` §1): at most 8 MiB, a byte-order mark dropped,
UTF-8 else Windows-1252 (with a note), UTF-16 by its mark; and the two tests reading needs before
any kind is known (binary data; UTF-16 XML, which the XML parser decodes itself)."""

from __future__ import annotations

import re

from deckeditor.deckfile.report import DeckFileError
from deckeditor.deckfile.schema import MAX_BYTES

CP1252 = "not UTF-8: read as Windows-1252"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_CONTROL_CHAR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def decode(data: bytes, path: str | None = None) -> tuple[str, list[str]]:
    """Bytes → text: 8 MiB at most, BOM dropped, UTF-8 else Windows-1252 (with a note)."""
    if len(data) > MAX_BYTES:
        raise DeckFileError(path, None, None, "file is larger than 8 MiB")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if data.startswith(_UTF16_BOMS):  # Windows "Unicode" text: read as text, not as XML
        try:
            return data.decode("utf-16"), ["read as UTF-16 text"]
        except UnicodeDecodeError as exc:  # a lone surrogate, or a character cut short
            before = data[: exc.start].decode("utf-16", "replace")
            raise DeckFileError(
                path,
                before.count("\n") + 1,
                len(before) - before.rfind("\n"),
                f"not valid UTF-16 (byte {exc.start + 1})",
            ) from None
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:  # five bytes cp1252 leaves undefined: take them as Latin-1
        text = "".join(bytes([b]).decode("cp1252", errors="ignore") or chr(b) for b in data)
    return text, [CP1252]


def binary(text: str) -> bool:
    """More than 1% control characters (no line ends or tabs): binary data, not text. Real
    text has none (the odd one makes its line unparsed); random bytes have about 11%."""
    sample = text[:65536]
    return len(_CONTROL_CHAR.findall(sample)) * 100 > len(sample)


def is_xml_utf16(data: bytes) -> bool:
    """UTF-16 XML: with a BOM and `<` first, or `<?` without a BOM (the XML parser reads the
    bytes itself and follows the declaration)."""
    if data.startswith((b"<\x00?\x00", b"\x00<\x00?")):
        return True
    if data.startswith(_UTF16_BOMS):
        try:
            return data.decode("utf-16").lstrip().startswith("<")
        except UnicodeDecodeError:
            return False
    return False
