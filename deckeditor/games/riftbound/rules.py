"""The Riftbound deck checker (`riftbound.md` §3.3); the catalog predicate (§3.1) is
`predicate.py`, what both share `deck_lines.py`.

Every problem is returned, in the kind order of `ProblemKind`, then section order, then card
name. Copy limits and bans go through the format engine (`formats.md` §13): each Card is passed
as a card-like object (its `id` is the slug of the rules name, its `copy_limit` the card's own).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from datetime import date

from deckeditor.deck import Deck
from deckeditor.formats import Format, Ruling
from deckeditor.games.riftbound.card import Card
from deckeditor.games.riftbound.deck_lines import (
    BATTLEFIELD_COUNT,
    CASUAL,
    COMPETITIVE,
    MAIN_SIZE_SECTIONS,
    RUNE_COUNT,
    SECTION_TITLES,
    SECTIONS,
    SIDEBOARD_MAX,
    SIGNATURE_MAX,
    UNCOUNTED_TYPES,
    FormatLike,
    KnownLine,
    Line,
    domains_text,
    format_of,
    mode_of,
    names,
    resolve_lines,
    ruling_of,
)
from deckeditor.games.riftbound.pool import Pool
from deckeditor.games.riftbound.predicate import Predicate, Reason, make_predicate
from deckeditor.problems import Problem, ProblemKind, Severity
from deckeditor.words import count

__all__ = [  # the checker, and what its callers read beside it
    "BATTLEFIELD_COUNT",
    "CASUAL",
    "COMPETITIVE",
    "MAIN_SIZE_SECTIONS",
    "RUNE_COUNT",
    "SECTIONS",
    "SECTION_TITLES",
    "SIDEBOARD_MAX",
    "SIGNATURE_MAX",
    "Line",
    "Predicate",
    "Reason",
    "check",
    "format_of",
    "is_legal",
    "make_predicate",
    "mode_of",
    "resolve_lines",
    "ruling_of",
]

K = ProblemKind
_KIND_ORDER = {k: i for i, k in enumerate(ProblemKind)}
_SECTION_ORDER = {s: i for i, s in enumerate(SECTIONS)}


class _Report:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(
        self,
        kind: ProblemKind,
        section: str | None,
        cards: Iterable[str],
        message: str,
        severity: Severity = Severity.ERROR,
    ) -> None:
        self.problems.append(Problem.make(kind, section, cards, message, severity))

    def sorted(self) -> list[Problem]:
        return sorted(
            self.problems,
            key=lambda p: (
                _KIND_ORDER[p.kind],
                _SECTION_ORDER.get(p.section or "", 99),
                [c.casefold() for c in p.cards],
                p.message,
            ),
        )


class _Check:
    """One check's state: the known lines by section, the format's ruling and the report."""

    def __init__(self, deck: Deck, fmt: FormatLike, day: date, pool: Pool | None) -> None:
        self.deck = deck
        self.competitive = mode_of(fmt) == COMPETITIVE
        self.format: Format = format_of(fmt)
        self.ruling: Ruling = self.format.ruling_on(day)
        self.report = _Report()
        self.by_section: dict[str, list[KnownLine]] = defaultdict(list)
        # Sideboard in casual mode: only UNKNOWN_CARD and BANNED apply
        self.rule_sections = [s for s in SECTIONS if self.competitive or s != "Sideboard"]
        # 10. unknown lines are reported and skipped by everything else
        for ln in resolve_lines(deck, pool):
            if ln.card is None:
                self.report.add(
                    K.UNKNOWN_CARD,
                    ln.section,
                    [ln.written],
                    f"{ln.written} is not a known Riftbound card",
                )
            else:
                self.by_section[ln.section].append(
                    KnownLine(ln.section, ln.written, ln.count, ln.card)
                )

    def lines(self, *sections: str) -> list[KnownLine]:
        return [ln for s in sections for ln in self.by_section.get(s, ())]

    def total(self, *sections: str) -> int:
        return sum(ln.count for ln in self.lines(*sections))


def check(deck: Deck, fmt: FormatLike, day: date, pool: Pool | None) -> list[Problem]:
    """Every problem of §3.3 for the deck under the format (FormatInfo) on the day."""
    c = _Check(deck, fmt, day, pool)
    _unknown_sections(c)
    legend = _legend(c)
    if legend is not None:
        _identity(c, legend)
    _champion(c, legend)
    _main_size(c)
    _bans_and_copies(c)
    _signatures(c, legend)
    _type_section(c, "Runes", "Rune", RUNE_COUNT, K.RUNE_DECK, "runes")
    _type_section(
        c, "Battlefields", "Battlefield", BATTLEFIELD_COUNT, K.BATTLEFIELDS, "battlefields"
    )
    _distinct_battlefields(c)
    _sideboard(c)
    return c.report.sorted()


def _unknown_sections(c: _Check) -> None:
    """A section Riftbound does not have (a deck file's "Mainboard"): its cards are in no deck
    section the rules count, so it is reported, never silently dropped."""
    for section in c.deck.sections:
        if section.name not in SECTIONS and section.total:
            found = sorted({e.card for e in section.entries}, key=str.casefold)
            c.report.add(
                K.UNKNOWN_SECTION,
                section.name,
                found,
                f"{section.name!r} is not a Riftbound deck section ({', '.join(SECTIONS)}): "
                + (
                    "its card is not counted"
                    if section.total == 1
                    else f"its {count(section.total, 'card')} are not counted"
                ),
            )


def _legend(c: _Check) -> Card | None:
    """1. the Legend: exactly one, in its own section; the deck's legend, or None."""
    legend_lines = c.lines("Legend")
    legends = [ln for ln in legend_lines if ln.card.is_legend]
    wrong = [ln for ln in legend_lines if not ln.card.is_legend]
    legend: Card | None = None
    if c.total("Legend") == 1 and legends:
        legend = legends[0].card
    elif not legend_lines:
        c.report.add(K.MISSING_LEGEND, "Legend", [], "The deck has no Legend")
    else:
        cards = names(wrong) if wrong else names(legends)
        c.report.add(
            K.MISSING_LEGEND,
            "Legend",
            cards,
            f"The Legend section must hold exactly one Legend, not {count(c.total('Legend'), 'card')}",
        )
    for s in c.rule_sections:
        if s == "Legend":
            continue
        misplaced = [ln for ln in c.lines(s) if ln.card.is_legend]
        if misplaced:
            c.report.add(
                K.MISSING_LEGEND,
                s,
                names(misplaced),
                f"A Legend belongs in the Legend section, not {s}",
            )
    return legend


def _identity(c: _Check, legend: Card) -> None:
    """2. domain identity: every card within the legend's domains."""
    identity = legend.domains
    for s in ("Main", "Champion", "Runes", "Battlefields", "Sideboard"):
        if s not in c.rule_sections:
            continue
        outside = [ln for ln in c.lines(s) if not ln.card.domains <= identity]
        if outside:
            c.report.add(
                K.DOMAIN_IDENTITY,
                s,
                names(outside),
                f"{', '.join(sorted(set(names(outside))))} outside the legend's domain identity ({domains_text(identity)})",
            )


def _champion(c: _Check, legend: Card | None) -> None:
    """3. the Chosen Champion: one champion unit carrying the legend's champion tag."""
    champ_lines = c.lines("Champion")
    if c.total("Champion") != 1:
        if c.total("Champion") == 0:
            c.report.add(K.CHOSEN_CHAMPION, "Champion", [], "No Chosen Champion")
        else:
            c.report.add(
                K.CHOSEN_CHAMPION,
                "Champion",
                names(champ_lines),
                f"The Chosen Champion section must hold one card, not {c.total('Champion')}",
            )
        return
    card = champ_lines[0].card
    errors: list[str] = []
    warnings: list[str] = []
    if not (card.is_champion and "Unit" in card.types):
        if card.supertypes_known:
            errors.append("is not a Champion unit")
        else:
            warnings.append("supertype unknown: it may not be a Champion unit")
    if legend is not None and legend.champion_tag and legend.champion_tag not in card.tags:
        errors.append(f"lacks the legend's champion tag {legend.champion_tag}")
    if errors or warnings:
        sev = Severity.ERROR if errors else Severity.WARNING
        c.report.add(
            K.CHOSEN_CHAMPION,
            "Champion",
            [card.name],
            f"{card.name} " + "; ".join(errors + warnings),
            sev,
        )


def _main_size(c: _Check) -> None:
    """4. main deck size (Main + Champion)."""
    size = c.total(*MAIN_SIZE_SECTIONS)
    if size < c.format.min_size:
        c.report.add(
            K.DECK_TOO_SMALL,
            "Main",
            [],
            f"The main deck has {count(size, 'card')} (Chosen Champion included); at least {c.format.min_size} are needed",
        )
    if c.format.max_size is not None and size > c.format.max_size:
        c.report.add(
            K.DECK_TOO_LARGE,
            "Main",
            [],
            f"The main deck has {count(size, 'card')} (Chosen Champion included); at most {c.format.max_size} are allowed",
        )


def _bans_and_copies(c: _Check) -> None:
    """5. bans (every section) and copies (Main + Champion, + Sideboard in competitive play)."""
    ban_severity = Severity.ERROR if c.competitive else Severity.WARNING
    banned_names: set[str] = set()
    for s in SECTIONS:
        seen: dict[str, Card] = {ln.card.name: ln.card for ln in c.lines(s)}
        for name, card in seen.items():
            label = c.ruling.banned_by(card)
            if label is not None:
                banned_names.add(name)
                c.report.add(K.BANNED, s, [name], f"{name} is banned by {label}", ban_severity)
    counted = ("Main", "Champion", "Sideboard") if c.competitive else ("Main", "Champion")
    counts: Counter[str] = Counter()
    where: dict[str, set[str]] = defaultdict(set)
    cards_by_name: dict[str, Card] = {}
    for ln in c.lines(*counted):
        if UNCOUNTED_TYPES & set(ln.card.types):
            continue  # runes and battlefields have no per-name limit here (rules 7 and 8 place them)
        counts[ln.card.name] += ln.count
        where[ln.card.name].add(ln.section)
        cards_by_name[ln.card.name] = ln.card
    for name, n in counts.items():
        if name in banned_names:
            continue
        card = cards_by_name[name]
        limit = c.ruling.copy_limit(card)
        if n > limit:
            section = "Sideboard" if where[name] == {"Sideboard"} else "Main"
            by = c.ruling.restricted_by(card)
            why = f"{by} restricts it to {limit}" if by else f"the limit is {limit}"
            c.report.add(
                K.TOO_MANY_COPIES, section, [name], f"The deck has {n} copies of {name}; {why}"
            )


def _signatures(c: _Check, legend: Card | None) -> None:
    """6. Signature cards: at most three, each carrying the legend's champion tag."""
    sig_lines = [ln for ln in c.lines("Main", "Champion") if ln.card.is_signature]
    sig_count = sum(ln.count for ln in sig_lines)
    if sig_count > SIGNATURE_MAX:
        c.report.add(
            K.SIGNATURE_LIMIT,
            "Main",
            names(sig_lines),
            f"The deck has {sig_count} Signature cards; at most {SIGNATURE_MAX}",
        )
    if legend is None or not legend.champion_tag:
        return
    for s in ("Main", "Sideboard"):
        if s not in c.rule_sections:
            continue
        off = [
            ln
            for ln in c.lines(s)
            if ln.card.is_signature and legend.champion_tag not in ln.card.tags
        ]
        if off:
            c.report.add(
                K.SIGNATURE_LIMIT,
                s,
                names(off),
                f"Signature cards must carry the legend's champion tag {legend.champion_tag}",
            )


def _type_section(
    c: _Check, section: str, type_name: str, needed: int, kind: ProblemKind, plural: str
) -> None:
    """7. runes and 8. battlefields: the section holds its number of its own type only."""
    here = c.lines(section)
    n = sum(ln.count for ln in here)
    if n != needed:
        c.report.add(
            kind,
            section,
            [],
            f"{SECTION_TITLES.get(section, section)} holds {n} of {needed} {plural}",
        )
    wrong = [ln for ln in here if type_name not in ln.card.types]
    if wrong:
        c.report.add(kind, section, names(wrong), f"Only {plural} belong in {section}")
    for s in c.rule_sections:
        if s == section:
            continue
        misplaced = [ln for ln in c.lines(s) if type_name in ln.card.types]
        if misplaced:
            c.report.add(
                kind, s, names(misplaced), f"{type_name} cards belong in {section}, not {s}"
            )


def _distinct_battlefields(c: _Check) -> None:
    """8. the three battlefields have different names."""
    found: Counter[str] = Counter()
    for ln in c.lines("Battlefields"):
        found[ln.card.name] += ln.count
    dup = [n for n, k in found.items() if k > 1]
    if dup:
        c.report.add(
            K.BATTLEFIELDS, "Battlefields", dup, "The battlefields must have three different names"
        )


def _sideboard(c: _Check) -> None:
    """9. sideboard size (competitive)."""
    if c.competitive and c.total("Sideboard") > SIDEBOARD_MAX:
        c.report.add(
            K.SIDEBOARD_SIZE,
            "Sideboard",
            [],
            f"The sideboard has {c.total('Sideboard')} cards; at most {SIDEBOARD_MAX}",
        )


def is_legal(problems: Iterable[Problem]) -> bool:
    return not any(p.is_error for p in problems)
