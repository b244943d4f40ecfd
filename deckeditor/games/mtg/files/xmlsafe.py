"""Outside XML, read safely (`deck-files.md` §6): defusedxml only, no DTD, no entities.

A DTD is refused outright rather than parsed, so billion-laughs and external-entity files fail
before anything is expanded or fetched.
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from deckeditor.deckfile_errors import DeckFileError

REFUSED = "XML with a DTD or entities is not accepted"
# characters XML 1.0 cannot hold at all (not even as references): a writer that let one through
# would write a file nothing can read
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def xml_text(text: str) -> str:
    """Text an XML file can hold: characters XML cannot hold dropped (callers report it)."""
    return NOT_XML.sub("", text)


def local(tag: str) -> str:
    """The element name without its namespace."""
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def parse(data: bytes | str) -> Element:
    if isinstance(data, str):
        # A str carries no encoding of its own; drop a declared one so expat does not object.
        data = re.sub(r"^(\s*<\?xml[^>]*?)\s+encoding=(['\"])[^'\"]*\2", r"\1", data, count=1)
    head = data[:65536]
    declared = (
        re.search(rb"<!DOCTYPE|<!ENTITY", head)
        if isinstance(head, bytes)
        else re.search(r"<!DOCTYPE|<!ENTITY", head)
    )
    if declared:
        raise DeckFileError(None, None, None, REFUSED)
    try:
        root: Element = fromstring(
            data, forbid_dtd=True, forbid_entities=True, forbid_external=True
        )
        return root
    except DefusedXmlException:
        raise DeckFileError(None, None, None, REFUSED) from None
    except ParseError as exc:
        line, column = getattr(exc, "position", (None, None))
        message = str(exc).split(":", 1)[0]
        raise DeckFileError(None, line, column, f"malformed XML: {message}") from None
    except (ValueError, LookupError) as exc:  # unknown encoding in the declaration
        raise DeckFileError(None, 1, None, f"malformed XML: {exc}") from None


def as_text(data: bytes | str) -> str:
    if isinstance(data, str):
        return data
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", "replace")
    if data[:4] in (b"<\x00?\x00", b"\x00<\x00?"):
        return data.decode("utf-16-le" if data[0] == 0x3C else "utf-16-be", "replace")
    return data.decode("utf-8", "replace")


_COMMENT = re.compile(r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>", re.S)
_START = re.compile(r"<([A-Za-z_][\w.:-]*)")


def element_lines(data: bytes | str) -> list[int]:
    """The line of each start tag, in document order (the order of `Element.iter()`)."""
    text = _COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), as_text(data))
    out = []
    line = 1
    last = 0
    for m in _START.finditer(text):
        line += text.count("\n", last, m.start())
        last = m.start()
        out.append(line)
    return out


def numbered(root: Element, data: bytes | str) -> dict[int, int]:
    """id(element) → its line, for the import report."""
    lines = element_lines(data)
    return {id(el): (lines[i] if i < len(lines) else 0) for i, el in enumerate(root.iter())}


# What `ElementTree.tostring` writes as a character reference or namespace prefix: an element
# with any of these in its tag or attributes is left to it.
_NOT_AS_IS = re.compile(r'[&<>"\r\n\t{]')


def leaf_xml(el: Element) -> str | None:
    """`ElementTree.tostring(el)` of an element without children or text, its tail left out
    (`<card number="1" name="Opt" />`), written directly (a file of 300,000 card elements spent
    a third of its reading time in the serializer); None for any other element, or one whose
    tag or attributes the serializer would escape or prefix."""
    if len(el) or el.text or not isinstance(el.tag, str):
        return None
    attrib = el.attrib
    if _NOT_AS_IS.search("".join([el.tag, *attrib.keys(), *attrib.values()])):
        return None
    return "<" + " ".join([el.tag, *(f'{k}="{v}"' for k, v in attrib.items())]) + " />"
