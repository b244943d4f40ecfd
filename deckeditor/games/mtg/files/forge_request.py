"""A Forge card request both ways (`deck-files.md` §4): `Name[+]|SET|[CN]|art|#{flags}` read by
segment, and written so that it reads back as itself (else without the parts that would not,
each reported). Forge's reader is positional: flags go only after a set code that holds the card.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Entry, Printing
from deckeditor.games.mtg.files.common import CONTROL, export_name, parse_colors
from deckeditor.games.mtg.forge_printing import flag_printing

UNKNOWN_EDITION = "???"  # Forge's CardEdition.UNKNOWN_CODE


class _Line:
    """One card request after the grammar: name, foil mark, printing, colours, flags."""

    def __init__(self) -> None:
        self.set: str | None = None
        self.number: str | None = None
        self.art: int | None = None
        self.colors = ""
        self.flags: dict[str, str] = {}
        self.warnings: list[str] = []


def _read_flags(segment: str, out: _Line) -> bool:
    """`#{k=v<TAB>k}` or the legacy `#W#B`; False when the segment is not flags at all."""
    if segment.startswith("#{"):
        if not segment.endswith("}"):
            return False
        for flag in segment[2:-1].split("\t"):
            flag = flag.strip()
            if not flag:
                continue
            key, _, value = flag.partition("=") if "=" in flag else (flag, "", "true")
            key = key.strip()
            if key == "markedColors":
                colors = parse_colors(value)
                if colors is None:
                    out.warnings.append(f"markedColors={value} is not a set of colours; kept")
                    out.flags[key] = value
                else:
                    out.colors = colors
            else:
                out.flags[key] = value
        return True
    parts = [p for p in segment.split("#") if p.strip()]
    colors = parse_colors(",".join(parts)) if parts else None
    if colors is None:
        out.warnings.append(f"{segment} is not a set of colours; kept")
        out.flags["markedColors"] = segment
    else:
        out.colors = colors
    return True


def parse_request(request: str) -> tuple[str, bool, _Line] | str:
    """(name, foil, segments) or the reason the request breaks the grammar."""
    parts = request.split("|")
    name = parts[0].strip()
    foil = name.endswith("+")
    if foil:
        name = name[:-1].rstrip()
    if not name:
        return "no card name"
    out = _Line()
    for raw in parts[1:]:
        seg = raw.strip()
        if seg.startswith("#"):
            if not _read_flags(seg, out):
                return f"unreadable flags {seg!r}"
        elif seg.startswith("[") and seg.endswith("]") and len(seg) > 2:
            out.number = seg[1:-1].strip()
        elif re.fullmatch(r"\d{1,2}", seg):
            out.art = int(seg) if int(seg) >= 1 else None
        elif seg and not seg.isdigit():
            if seg == UNKNOWN_EDITION:
                continue  # Forge's "no edition": the flags after it are still read
            if out.set is None:
                out.set = seg.upper()
            else:
                out.warnings.append(f"second set code {seg!r} ignored")
        else:
            return f"unreadable segment {seg!r}"
    return name, foil, out


# Per-card flags other kinds keep for their own write-back (MTGO `.dek` Annotation): not Forge's.
_FOREIGN_FLAGS = frozenset({"Annotation"})


def forge_flags(entry: Entry) -> dict[str, str]:
    return {k: v for k, v in entry.flags.items() if k not in _FOREIGN_FLAGS}


def _flags_segment(entry: Entry) -> str:
    flags = []
    if entry.colors:
        flags.append(f"markedColors={entry.colors}")
    for key, value in forge_flags(entry).items():
        if key == "markedColors" and entry.colors:
            continue
        flags.append(key if value == "true" else f"{key}={value}")
    return "|#{" + "\t".join(flags) + "}" if flags else ""


def card_line(entry: Entry, pool: CardPool[Any] | None) -> str:
    return f"{entry.count} {card_request(entry, pool)}"


def writable_name(name: str) -> bool:
    """Whether `name` reads back as itself from a Forge card line. Forge has no quoting: a `|`
    starts a segment, a final `+` is the foil mark, edge spaces are trimmed and a control
    character makes the line unparsed, so such a name (an unknown card's, as written elsewhere)
    cannot be a card line."""
    return (
        bool(name)
        and name == name.strip()
        and "|" not in name
        and not name.endswith("+")
        and not CONTROL.search(name)
    )


def written_name(entry: Entry, pool: CardPool[Any] | None) -> str:
    """The name written: the export name, trimmed as the reader trims it (reported if changed)."""
    return export_name(entry, pool).strip()


def unwritable(entry: Entry, pool: CardPool[Any] | None) -> bool:
    return not writable_name(written_name(entry, pool))


def _request(entry: Entry, pool: CardPool[Any] | None, printing: bool, flags: bool) -> str:
    """A card line without its count: name, foil mark and (as asked) the segments."""
    p = entry.printing or Printing()
    foil = "+" if p.finish in ("foil", "etched") else ""
    line = f"{written_name(entry, pool)}{foil}"
    # Forge takes the first segment as a set code, so a set is written when the entry has one,
    # or when flags need one in front of them: a real set that holds the card, since Forge keeps
    # flags only on a card it finds in the named set (never `???`; forge_printing.py).
    # set codes are read upper-cased: written so, a trip changes nothing
    set_code, number = (p.set.upper(), p.number) if p.set and printing else (None, None)
    flags = flags and bool(entry.colors or forge_flags(entry))
    if set_code is None and flags and printing:
        set_code, number = flag_printing(entry, pool) or (None, None)
    if set_code:
        line += f"|{set_code}"
        if number:
            line += f"|[{number}]"
        elif p.forge_art and printing:
            line += f"|{p.forge_art}"
        if flags:
            line += _flags_segment(entry)
    return line


def _reads_back(
    entry: Entry, request: str, pool: CardPool[Any] | None, printing: bool, flags: bool
) -> bool:
    """Whether `request` reads back as the entry's name, finish and (as asked) printing and
    flags: a set code or number with a `|`, `[` or `]`, a flag with a TAB, `=` or `}` would not."""
    parsed = parse_request(request)
    if isinstance(parsed, str):
        return False
    name, foil, seg = parsed
    p = entry.printing or Printing()
    if name != written_name(entry, pool) or foil != (p.finish in ("foil", "etched")):
        return False
    if printing and p.set and (seg.set, seg.number) != (p.set.upper(), p.number):
        return False
    if printing and "|" in request and not p.number and seg.art != p.forge_art:
        return False
    if flags:
        want = {
            k: v
            for k, v in forge_flags(entry).items()
            if not (k == "markedColors" and entry.colors)
        }
        if seg.colors != entry.colors or seg.flags != want:
            return False
    return True


def request_and_losses(entry: Entry, pool: CardPool[Any] | None) -> tuple[str, list[str]]:
    """The card line without its count, and what it could not carry: the printing and flags
    when they would not read back as themselves (the line is then written without them)."""
    if entry.printing is not None and (entry.printing.set or "").strip() == UNKNOWN_EDITION:
        # Forge's "no edition" (kept in an own file): no set, so flags get a real one
        entry = replace(entry, printing=replace(entry.printing, set=None))
    for printing, flags in ((True, True), (True, False), (False, False)):
        request = _request(entry, pool, printing, flags)
        if _reads_back(entry, request, pool, printing, flags):
            break
    lost = []
    p = entry.printing or Printing()
    if not printing and (p.set or p.number or p.forge_art):
        lost.append(
            f"{entry.card}: printing not written (it would not read back from a Forge card line)"
        )
    if not flags and (entry.colors or forge_flags(entry)):
        lost.append(_flags_lost(entry, pool, printing))
    return request, lost


def _flags_lost(entry: Entry, pool: CardPool[Any] | None, printing: bool) -> str:
    """Why the line carries no choice, as a player reads it."""
    if not (printing and flag_printing(entry, pool) is None):
        return (
            f"{entry.card}: colour choice and flags not written (they would not read back "
            "from a Forge card line)"
        )
    what = []
    if entry.colors:
        names = [_COLOUR_NAMES[c] for c in entry.colors]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        what.append(f"the colour choice ({listed})")
    extra = [k for k in forge_flags(entry) if not (k == "markedColors" and entry.colors)]
    if extra:
        what.append(f"the flags {', '.join(extra)}")
    return (
        f"{entry.card}: Forge will drop {' and '.join(what)} — Forge keeps it only after the "
        "code of a set it knows the card in, and no printing of this card is known (give the "
        "line a printing, or import a card pool with printings)"
    )


_COLOUR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def card_request(entry: Entry, pool: CardPool[Any] | None) -> str:
    """A card line without its count: name, foil mark and segments."""
    return request_and_losses(entry, pool)[0]
