"""The Riftbound deck checker (`riftbound.md` §3.3) and the catalog predicate (§3.1).

Every problem is returned, in the kind order of `ProblemKind`, then section order, then card
name. Copy limits and bans go through the format engine (`formats.md` §13): each Card is passed
as a card-like object (its `id` is the slug of the rules name, its `copy_limit` the card's own).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from deckeditor.deck import Deck
from deckeditor.games.riftbound.card import DOMAINS, Card, domain_mask
from deckeditor.games.riftbound.pool import find_card
from deckeditor.problems import Problem, ProblemKind, Severity
from deckeditor.words import count

SECTIONS = ("Legend", "Champion", "Main", "Runes", "Battlefields", "Sideboard")
SECTION_TITLES = {"Champion": "Chosen Champion"}
MAIN_SIZE_SECTIONS = ("Main", "Champion")
RUNE_COUNT = 12
BATTLEFIELD_COUNT = 3
SIDEBOARD_MAX = 10
SIGNATURE_MAX = 3
_UNCOUNTED_TYPES = frozenset({"Rune", "Battlefield"})  # §3.3 rule 5: not counted for copies
COMPETITIVE = "competitive"
CASUAL = "casual"
K = ProblemKind
_KIND_ORDER = {k: i for i, k in enumerate(ProblemKind)}
_SECTION_ORDER = {s: i for i, s in enumerate(SECTIONS)}
_SECTION_KIND = {
    "Legend": "Legend",
    "Champion": "Unit",
    "Runes": "Rune",
    "Battlefields": "Battlefield",
}


# --- format plumbing -----------------------------------------------------------------------


@lru_cache(maxsize=1)
def _index_modes() -> dict[str, str]:
    from deckeditor.paths import resources_dir

    try:
        index = json.loads((resources_dir() / "format_index.json").read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return {
        code: v.get("mode") for code, v in index.items() if isinstance(v, dict) and v.get("mode")
    }


def mode_of(fmt) -> str:
    """competitive or casual: the FormatInfo's mode, else the format index's, else competitive
    (a format given by path is competitive, `formats.md` §13.3)."""
    mode = getattr(fmt, "mode", None)
    if mode in (COMPETITIVE, CASUAL):
        return mode
    code = getattr(fmt, "code", None)
    if getattr(fmt, "path", None) is None and code in _index_modes():
        return _index_modes()[code]
    return COMPETITIVE


def format_of(fmt):
    """A FormatInfo carries its Format in `.format`; a bare Format is accepted too."""
    return fmt if hasattr(fmt, "ruling_on") else fmt.format


def ruling_of(fmt, day):
    return format_of(fmt).ruling_on(day)


# --- resolving the deck --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Line:
    section: str
    written: str
    count: int
    card: Card | None


def resolve_lines(deck: Deck, pool) -> list[Line]:
    lines = []
    for section, entry in deck.entries(*SECTIONS):
        code = entry.printing.code if entry.printing else None
        card = find_card(pool, entry.card, code) if pool is not None else None
        lines.append(Line(section, entry.card, entry.count, card))
    return lines


def _names(lines) -> list[str]:
    return [ln.card.name if ln.card else ln.written for ln in lines]


def _domains_text(domains) -> str:
    return ", ".join(d for d in DOMAINS if d in domains) or "colourless"


# --- the checker ---------------------------------------------------------------------------


class _Report:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, kind, section, cards, message, severity=Severity.ERROR) -> None:
        self.problems.append(Problem.make(kind, section, cards, message, severity))

    def sorted(self) -> list[Problem]:
        return sorted(
            self.problems,
            key=lambda p: (
                _KIND_ORDER[p.kind],
                _SECTION_ORDER.get(p.section, 99),
                [c.casefold() for c in p.cards],
                p.message,
            ),
        )


def check(deck: Deck, fmt, day, pool) -> list[Problem]:
    """Every problem of §3.3 for the deck under the format (FormatInfo) on the day."""
    mode = mode_of(fmt)
    competitive = mode == COMPETITIVE
    fmt_obj = format_of(fmt)
    ruling = fmt_obj.ruling_on(day)
    report = _Report()
    all_lines = resolve_lines(deck, pool)

    # 10. unknown lines are reported and skipped by everything else
    by_section: dict[str, list[Line]] = defaultdict(list)
    for ln in all_lines:
        if ln.card is None:
            report.add(
                K.UNKNOWN_CARD,
                ln.section,
                [ln.written],
                f"{ln.written} is not a known Riftbound card",
            )
        else:
            by_section[ln.section].append(ln)

    # a section Riftbound does not have (a deck file's "Mainboard"): its cards are in no deck
    # section the rules count, so it is reported, never silently dropped
    for section in deck.sections:
        if section.name not in SECTIONS and section.total:
            names = sorted({e.card for e in section.entries}, key=str.casefold)
            report.add(
                K.UNKNOWN_SECTION,
                section.name,
                names,
                f"{section.name!r} is not a Riftbound deck section ({', '.join(SECTIONS)}): "
                + (
                    "its card is not counted"
                    if section.total == 1
                    else f"its {count(section.total, 'card')} are not counted"
                ),
            )

    # Sideboard in casual mode: only UNKNOWN_CARD and BANNED apply
    rule_sections = [s for s in SECTIONS if competitive or s != "Sideboard"]

    def lines(*sections):
        return [ln for s in sections for ln in by_section.get(s, ())]

    def total(*sections):
        return sum(ln.count for ln in lines(*sections))

    # 1. the Legend
    legend_lines = lines("Legend")
    legends = [ln for ln in legend_lines if ln.card.is_legend]
    wrong = [ln for ln in legend_lines if not ln.card.is_legend]
    legend: Card | None = None
    if total("Legend") == 1 and legends:
        legend = legends[0].card
    elif not legend_lines:
        report.add(K.MISSING_LEGEND, "Legend", [], "The deck has no Legend")
    else:
        cards = _names(wrong) if wrong else _names(legends)
        report.add(
            K.MISSING_LEGEND,
            "Legend",
            cards,
            f"The Legend section must hold exactly one Legend, not {count(total('Legend'), 'card')}",
        )
    for s in rule_sections:
        if s == "Legend":
            continue
        misplaced = [ln for ln in lines(s) if ln.card.is_legend]
        if misplaced:
            report.add(
                K.MISSING_LEGEND,
                s,
                _names(misplaced),
                f"A Legend belongs in the Legend section, not {s}",
            )

    # 2. domain identity
    if legend is not None:
        identity = legend.domains
        for s in ("Main", "Champion", "Runes", "Battlefields", "Sideboard"):
            if s not in rule_sections:
                continue
            outside = [ln for ln in lines(s) if not ln.card.domains <= identity]
            if outside:
                report.add(
                    K.DOMAIN_IDENTITY,
                    s,
                    _names(outside),
                    f"{', '.join(sorted(set(_names(outside))))} outside the legend's domain identity ({_domains_text(identity)})",
                )

    # 3. the Chosen Champion
    champ_lines = lines("Champion")
    if total("Champion") != 1:
        if total("Champion") == 0:
            report.add(K.CHOSEN_CHAMPION, "Champion", [], "No Chosen Champion")
        else:
            report.add(
                K.CHOSEN_CHAMPION,
                "Champion",
                _names(champ_lines),
                f"The Chosen Champion section must hold one card, not {total('Champion')}",
            )
    else:
        card = champ_lines[0].card
        errors, warnings = [], []
        if not (card.is_champion and "Unit" in card.types):
            if card.supertypes_known:
                errors.append("is not a Champion unit")
            else:
                warnings.append("supertype unknown: it may not be a Champion unit")
        if legend is not None and legend.champion_tag and legend.champion_tag not in card.tags:
            errors.append(f"lacks the legend's champion tag {legend.champion_tag}")
        if errors or warnings:
            sev = Severity.ERROR if errors else Severity.WARNING
            report.add(
                K.CHOSEN_CHAMPION,
                "Champion",
                [card.name],
                f"{card.name} " + "; ".join(errors + warnings),
                sev,
            )

    # 4. main deck size (Main + Champion)
    size = total(*MAIN_SIZE_SECTIONS)
    if size < fmt_obj.min_size:
        report.add(
            K.DECK_TOO_SMALL,
            "Main",
            [],
            f"The main deck has {count(size, 'card')} (Chosen Champion included); at least {fmt_obj.min_size} are needed",
        )
    if fmt_obj.max_size is not None and size > fmt_obj.max_size:
        report.add(
            K.DECK_TOO_LARGE,
            "Main",
            [],
            f"The main deck has {count(size, 'card')} (Chosen Champion included); at most {fmt_obj.max_size} are allowed",
        )

    # 5. bans (every section) and copies (Main + Champion, + Sideboard in competitive play)
    ban_severity = Severity.ERROR if competitive else Severity.WARNING
    banned_names: set[str] = set()
    for s in SECTIONS:
        seen: dict[str, Card] = {ln.card.name: ln.card for ln in lines(s)}
        for name, card in seen.items():
            label = ruling.banned_by(card)
            if label is not None:
                banned_names.add(name)
                report.add(K.BANNED, s, [name], f"{name} is banned by {label}", ban_severity)
    counted = ("Main", "Champion", "Sideboard") if competitive else ("Main", "Champion")
    counts: Counter = Counter()
    where: dict[str, set[str]] = defaultdict(set)
    cards_by_name: dict[str, Card] = {}
    for ln in lines(*counted):
        if _UNCOUNTED_TYPES & set(ln.card.types):
            continue  # runes and battlefields have no per-name limit here (rules 7 and 8 place them)
        counts[ln.card.name] += ln.count
        where[ln.card.name].add(ln.section)
        cards_by_name[ln.card.name] = ln.card
    for name, n in counts.items():
        if name in banned_names:
            continue
        card = cards_by_name[name]
        limit = ruling.copy_limit(card)
        if n > limit:
            section = "Sideboard" if where[name] == {"Sideboard"} else "Main"
            by = ruling.restricted_by(card)
            why = f"{by} restricts it to {limit}" if by else f"the limit is {limit}"
            report.add(
                K.TOO_MANY_COPIES, section, [name], f"The deck has {n} copies of {name}; {why}"
            )

    # 6. Signature cards
    sig_lines = [ln for ln in lines("Main", "Champion") if ln.card.is_signature]
    sig_count = sum(ln.count for ln in sig_lines)
    if sig_count > SIGNATURE_MAX:
        report.add(
            K.SIGNATURE_LIMIT,
            "Main",
            _names(sig_lines),
            f"The deck has {sig_count} Signature cards; at most {SIGNATURE_MAX}",
        )
    if legend is not None and legend.champion_tag:
        for s in ("Main", "Sideboard"):
            if s not in rule_sections:
                continue
            off = [
                ln
                for ln in lines(s)
                if ln.card.is_signature and legend.champion_tag not in ln.card.tags
            ]
            if off:
                report.add(
                    K.SIGNATURE_LIMIT,
                    s,
                    _names(off),
                    f"Signature cards must carry the legend's champion tag {legend.champion_tag}",
                )

    # 7. runes and 8. battlefields
    _type_section(report, lines, rule_sections, "Runes", "Rune", RUNE_COUNT, K.RUNE_DECK, "runes")
    _type_section(
        report,
        lines,
        rule_sections,
        "Battlefields",
        "Battlefield",
        BATTLEFIELD_COUNT,
        K.BATTLEFIELDS,
        "battlefields",
    )
    names = Counter()
    for ln in lines("Battlefields"):
        names[ln.card.name] += ln.count
    dup = [n for n, c in names.items() if c > 1]
    if dup:
        report.add(
            K.BATTLEFIELDS, "Battlefields", dup, "The battlefields must have three different names"
        )

    # 9. sideboard size (competitive)
    if competitive and total("Sideboard") > SIDEBOARD_MAX:
        report.add(
            K.SIDEBOARD_SIZE,
            "Sideboard",
            [],
            f"The sideboard has {total('Sideboard')} cards; at most {SIDEBOARD_MAX}",
        )
    return report.sorted()


def _type_section(report, lines, rule_sections, section, type_name, needed, kind, plural) -> None:
    here = lines(section)
    n = sum(ln.count for ln in here)
    if n != needed:
        report.add(
            kind,
            section,
            [],
            f"{SECTION_TITLES.get(section, section)} holds {n} of {needed} {plural}",
        )
    wrong = [ln for ln in here if type_name not in ln.card.types]
    if wrong:
        report.add(kind, section, _names(wrong), f"Only {plural} belong in {section}")
    for s in rule_sections:
        if s == section:
            continue
        misplaced = [ln for ln in lines(s) if type_name in ln.card.types]
        if misplaced:
            report.add(
                kind, s, _names(misplaced), f"{type_name} cards belong in {section}, not {s}"
            )


def is_legal(problems) -> bool:
    return not any(p.is_error for p in problems)


# --- the catalog predicate -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reason:
    kind: str  # BANNED | AT_COPY_LIMIT | OUTSIDE_IDENTITY | SIGNATURE_BUDGET_FULL | OTHER_CHAMPION_SIGNATURE | WRONG_SECTION | BATTLEFIELD_TAKEN | BATTLEFIELDS_FULL
    message: str

    def __str__(self) -> str:
        return self.message

    # the MTG predicate's Reason names these fields `code` and `text`: both shapes are offered
    @property
    def code(self) -> str:
        return self.kind

    @property
    def text(self) -> str:
        return self.message


class Predicate:
    """Which catalog cards may be added to `target_section` of a snapshot of the deck."""

    def __init__(self, deck: Deck, fmt, day, pool, target_section: str = "Main") -> None:
        self.target = target_section
        self.pool = pool
        self.competitive = mode_of(fmt) == COMPETITIVE
        self.ruling = ruling_of(fmt, day)
        lines = [ln for ln in resolve_lines(deck, pool) if ln.card is not None]
        legends = [ln.card for ln in lines if ln.section == "Legend" and ln.card.is_legend]
        self.legend = legends[0] if len(legends) == 1 else None
        counted = {"Main", "Champion", "Sideboard"} if self.competitive else {"Main", "Champion"}
        self.counts: Counter = Counter()
        for ln in lines:
            if ln.section in counted and not _UNCOUNTED_TYPES & set(ln.card.types):
                self.counts[ln.card.name] += ln.count
        self.signatures = sum(
            ln.count for ln in lines if ln.section in ("Main", "Champion") and ln.card.is_signature
        )
        identity_sections = {"Main", "Champion", "Runes", "Battlefields"} | (
            {"Sideboard"} if self.competitive else set()
        )
        self.apply_identity = self.legend is not None and target_section in identity_sections
        self.identity_mask = self.legend.domain_mask if self.legend else 0
        self.apply_copies = target_section in counted
        self.apply_signature = target_section in ("Main", "Champion")
        # §3.3 rule 6: another champion's Signature card is a problem in Main and (competitive)
        # Sideboard, as `check` reports it; hidden there
        tag_sections = {"Main", "Sideboard"} if self.competitive else {"Main"}
        self.signature_tag = self.legend.champion_tag if self.legend is not None else None
        self.apply_signature_tag = self.signature_tag is not None and target_section in tag_sections
        # a section of one kind of card (rules 1, 3, 7, 8) shows only cards it may hold; Main and
        # Sideboard show everything (a catalog add there goes to the section for the type)
        self.wrong_kind = _SECTION_KIND.get(target_section)
        self.champion_tag = self.signature_tag
        # rule 8: three battlefields of different names. Where an add would put a battlefield
        # (Battlefields, or Main: the section for its type), one already there and any once the
        # three are in are hidden, so Enter does not add a second copy (issue 24.7)
        self.apply_fields = target_section in ("Main", "Battlefields")
        self.fields = Counter(
            ln.card.name for ln in lines if ln.section == "Battlefields" for _ in range(ln.count)
        )
        self.fields_full = sum(self.fields.values()) >= BATTLEFIELD_COUNT
        # rules 1 and 7, likewise: one legend, twelve runes; once they are in, no other is
        # offered where an add would put it (Main building by Enter added the legend again)
        self.apply_legend = target_section in ("Main", "Legend") and bool(legends)
        self.legend_name = legends[0].name if legends else ""
        champions = [ln.card.name for ln in lines if ln.section == "Champion"]
        self.champion_taken = champions[0] if target_section == "Champion" and champions else ""
        self.apply_runes = (
            target_section in ("Main", "Runes")
            and sum(ln.count for ln in lines if ln.section == "Runes" and "Rune" in ln.card.types)
            >= RUNE_COUNT
        )

    def _kind_reason(self, card: Card) -> str | None:
        """Why the target section cannot hold the card, as `check` would report it there."""
        if self.wrong_kind is None:
            return None
        if self.target == "Champion":
            if not (card.is_champion and "Unit" in card.types):
                return "Only a champion unit can be the Chosen Champion"
            if self.champion_tag and self.champion_tag not in card.tags:
                return (
                    f"The Chosen Champion must carry the legend's champion tag {self.champion_tag}"
                )
            return None
        if self.wrong_kind not in card.types:
            return f"The {self.target} section holds only {self.wrong_kind} cards"
        return None

    def why_hidden(self, card: Card) -> list[Reason]:
        reasons: list[Reason] = []
        label = self.ruling.banned_by(card)
        if label is not None:
            reasons.append(Reason("BANNED", f"Banned by {label}"))
        elif self.apply_copies and self.counts.get(card.name, 0) >= self.ruling.copy_limit(card):
            limit = self.ruling.copy_limit(card)
            reasons.append(
                Reason(
                    "AT_COPY_LIMIT",
                    f"{card.name}: copy limit reached ({self.counts[card.name]} of {limit} already in the deck)",
                )
            )
        if self.apply_identity and card.domain_mask & ~self.identity_mask:
            missing = card.domains - self.legend.domains
            reasons.append(
                Reason(
                    "OUTSIDE_IDENTITY",
                    f"Outside the legend's domain identity ({_domains_text(self.legend.domains)}): needs {_domains_text(missing)}",
                )
            )
        if self.apply_signature and card.is_signature and self.signatures >= SIGNATURE_MAX:
            reasons.append(
                Reason(
                    "SIGNATURE_BUDGET_FULL",
                    f"Signature budget full: {self.signatures} of {SIGNATURE_MAX} Signature cards",
                )
            )
        kind = self._kind_reason(card)
        if kind is not None:
            reasons.append(Reason("WRONG_SECTION", kind))
        field = self._field_reason(card)
        if field is not None:
            reasons.append(field)
        if self._other_signature(card):
            reasons.append(
                Reason(
                    "OTHER_CHAMPION_SIGNATURE",
                    f"Another champion's Signature card ({', '.join(card.tags)}): "
                    f"Signature cards must carry the legend's champion tag {self.signature_tag}",
                )
            )
        return reasons

    def _field_reason(self, card: Card) -> Reason | None:
        """Rules 1, 3, 7 and 8 for a legend, champion, rune or battlefield the add would put in
        its section."""
        if self.champion_taken:
            return Reason(
                "CHAMPION_TAKEN",
                f"The deck already has its Chosen Champion "
                f"({self.champion_taken}); remove it to choose another",
            )
        if self.apply_legend and card.is_legend:
            return Reason(
                "LEGEND_TAKEN",
                f"The deck already has its legend ({self.legend_name}); "
                "remove it to choose another",
            )
        if self.apply_runes and "Rune" in card.types:
            return Reason("RUNES_FULL", f"The deck already has its {RUNE_COUNT} runes")
        if not self.apply_fields or "Battlefield" not in card.types:
            return None
        if card.name in self.fields:
            return Reason(
                "BATTLEFIELD_TAKEN",
                f"{card.name} is already one of the deck's battlefields "
                f"(the {BATTLEFIELD_COUNT} must have different names)",
            )
        if self.fields_full:
            return Reason(
                "BATTLEFIELDS_FULL", f"The deck already has its {BATTLEFIELD_COUNT} battlefields"
            )
        return None

    def _other_signature(self, card: Card) -> bool:
        return (
            self.apply_signature_tag and card.is_signature and self.signature_tag not in card.tags
        )

    def __call__(self, card: Card) -> bool:
        return not self.why_hidden(card)

    def visible_rows(self, rows: Iterable[int] | None = None) -> list[int]:
        """The pool rows (all rows when `rows` is None, else those of `rows`, in order) whose
        card may be added."""
        if rows is None:
            rows = range(len(self.pool))
        cards = self.pool.cards
        banned_by = self.ruling.banned_by
        limit = self.ruling.copy_limit
        counts = self.counts
        out = []
        for r in rows:
            card = cards[r]
            if self.apply_identity and domain_mask(card.domains) & ~self.identity_mask:
                continue
            if banned_by(card) is not None:
                continue
            if self.apply_copies and card.name in counts and counts[card.name] >= limit(card):
                continue
            if self.apply_signature and self.signatures >= SIGNATURE_MAX and card.is_signature:
                continue
            if self._other_signature(card):
                continue
            if self.wrong_kind is not None and self._kind_reason(card) is not None:
                continue
            if (
                self.apply_fields or self.apply_legend or self.apply_runes or self.champion_taken
            ) and self._field_reason(card) is not None:
                continue
            out.append(r)
        return out

    # the rest of the game interface's Predicate: Riftbound has no bitsets, no partners, no
    # colour budget and no deck budget a card would use up
    def visible_bits(self) -> None:
        return None

    def possible_partner_rows(self) -> list[int]:
        return []

    @property
    def budget_open(self) -> bool:
        return False

    def commits(self, card: Card) -> str | None:
        return None

    def catalog_mark(self, card: Card) -> str | None:
        return None


def make_predicate(deck: Deck, fmt, day, pool, target_section: str = "Main") -> Predicate:
    return Predicate(deck, fmt, day, pool, target_section)
