"""The Riftbound catalog predicate (`riftbound.md` §3.1): which catalog cards may be added to one
section of a snapshot of the deck, and why a card is hidden, as `rules.check` would report it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from deckeditor.deck import Deck
from deckeditor.games.riftbound.card import Card, domain_mask
from deckeditor.games.riftbound.deck_lines import (
    BATTLEFIELD_COUNT,
    COMPETITIVE,
    RUNE_COUNT,
    SECTION_KIND,
    SIDEBOARD_MAX,
    SIGNATURE_MAX,
    UNCOUNTED_TYPES,
    FormatLike,
    KnownLine,
    domains_text,
    known_lines,
    mode_of,
    resolve_lines,
    ruling_of,
)
from deckeditor.games.riftbound.pool import Pool


@dataclass(frozen=True, slots=True)
class Reason:
    # BANNED | AT_COPY_LIMIT | OUTSIDE_IDENTITY | SIGNATURE_BUDGET_FULL | WRONG_SECTION |
    # OTHER_CHAMPION_SIGNATURE | CHAMPION_TAKEN | LEGEND_TAKEN | RUNES_FULL |
    # BATTLEFIELD_TAKEN | BATTLEFIELDS_FULL | SIDEBOARD_FULL
    kind: str
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

    def __init__(
        self,
        deck: Deck,
        fmt: FormatLike,
        day: date,
        pool: Pool,
        target_section: str = "Main",
    ) -> None:
        self.target = target_section
        self.pool = pool
        self.competitive = mode_of(fmt) == COMPETITIVE
        self.ruling = ruling_of(fmt, day)
        lines = known_lines(resolve_lines(deck, pool))
        legends = [ln.card for ln in lines if ln.section == "Legend" and ln.card.is_legend]
        self.legend = legends[0] if len(legends) == 1 else None
        counted = {"Main", "Champion", "Sideboard"} if self.competitive else {"Main", "Champion"}
        self.counts: Counter[str] = Counter()
        for ln in lines:
            if ln.section in counted and not UNCOUNTED_TYPES & set(ln.card.types):
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
        self.wrong_kind = SECTION_KIND.get(target_section)
        self.champion_tag = self.signature_tag
        self._slots(lines, legends, target_section)

    def _slots(self, lines: list[KnownLine], legends: list[Card], target_section: str) -> None:
        """The sections a card fills (rules 1, 3, 7, 8, 9): which are full where an add would
        put the card."""
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
        # rule 9, likewise: a competitive sideboard of ten takes no eleventh card (Shift+Enter
        # added it and then reported it)
        self.sideboard_full = (
            self.competitive
            and target_section == "Sideboard"
            and sum(ln.count for ln in lines if ln.section == "Sideboard") >= SIDEBOARD_MAX
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
        legend = self.legend
        if self.apply_identity and legend is not None and card.domain_mask & ~self.identity_mask:
            missing = card.domains - legend.domains
            reasons.append(
                Reason(
                    "OUTSIDE_IDENTITY",
                    f"Outside the legend's domain identity ({domains_text(legend.domains)}): needs {domains_text(missing)}",
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
        its section; rule 9 for any card into a full competitive sideboard."""
        if self.sideboard_full:
            return Reason("SIDEBOARD_FULL", f"The sideboard already has its {SIDEBOARD_MAX} cards")
        if self.champion_taken:
            return Reason(
                "CHAMPION_TAKEN",
                f"The deck already has its Chosen Champion ({self.champion_taken}); "
                "“Make chosen champion” puts this one in its place",
            )
        if self.apply_legend and card.is_legend:
            return Reason(
                "LEGEND_TAKEN",
                f"The deck already has its legend ({self.legend_name}); "
                "“Set as legend” puts this one in its place",
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
                self.apply_fields
                or self.apply_legend
                or self.apply_runes
                or self.champion_taken
                or self.sideboard_full
            ) and self._field_reason(card) is not None:
                continue
            out.append(r)
        return out

    # the rest of the game interface's Predicate: Riftbound has no bitsets, no partners and no
    # colour budget
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
        """A Signature card the deck's three Signature slots still take (rule 6), marked as
        MTG marks a Game Changer, short enough to stay beside the name at 1366 pixels:
        "Signature 1 of 3" / "last Signature slot"; the catalog said nothing until the budget
        was full and the fourth was hidden."""
        if not self.apply_signature or not card.is_signature or self._other_signature(card):
            return None
        used = self.signatures
        if used >= SIGNATURE_MAX:
            return None
        if used == SIGNATURE_MAX - 1:
            return "last Signature slot"
        return f"Signature {used + 1} of {SIGNATURE_MAX}"


def make_predicate(
    deck: Deck, fmt: FormatLike, day: date, pool: Pool, target_section: str = "Main"
) -> Predicate:
    return Predicate(deck, fmt, day, pool, target_section)
