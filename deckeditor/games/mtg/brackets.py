"""Commander Brackets: what a deck's list says about its bracket, and the problems against a target.

The brackets (1 Exhibition, 2 Core, 3 Upgraded, 4 Optimized, 5 cEDH) are guidelines written as
prohibitions, so a card list can only answer "not below N": the **floor** is the lowest bracket
the list does not rule out, with the cards behind each step up. Against a deck's target bracket,
each prohibition it breaks is a **warning** (`BRACKET`), never an error: brackets do not make a
deck illegal.

The rules read (Feb 2025, kept by the Apr and Oct 2025 updates):

* Game Changers: none in 1–2, up to three in 3, any in 4–5 (the list of the day, `gamechangers`).
* Mass land denial: none in 1–3.
* Extra turns: none in 1; in 2–3 only "in low quantities, not chained". A list cannot show
  chaining, so this module reads three or more extra-turn cards as chained (a judgement, written
  down in `resources/mtg/README.md`).
* Two-card infinite combos: none in 1–2, none early in 3; a list cannot show "early", so a combo
  raises the floor to 3 (Commander Spellbook data, else "combos not checked").
* Tutors: "sparse" in 1–2 until the October 2025 update dropped the rule. There never was a number,
  so tutors are listed and never raise the floor.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date

from deckeditor.deck import Deck
from deckeditor.games.mtg.approval import resolve
from deckeditor.games.mtg.card import Card, Pool
from deckeditor.games.mtg.rulesets import COMMANDER, FormatLike, ruleset_for
from deckeditor.games.mtg.spellbook import ComboTable, combos_of
from deckeditor.names import name_key
from deckeditor.problems import Problem, ProblemKind, Severity

BRACKETS = {1: "Exhibition", 2: "Core", 3: "Upgraded", 4: "Optimized", 5: "cEDH"}
GC_ALLOWED = {1: 0, 2: 0, 3: 3}  # brackets 4-5: any number
CHAINED = 3  # extra-turn cards read as "chained"
BRACKET_SECTIONS = ("Commander", "Companion", "Main")  # the cards a game is played with
NUMBER_WORDS = {0: "no", 1: "one", 2: "two", 3: "three"}


TARGET_OPTIONS = ((None, "No bracket"), *((n, f"{n} {name}") for n, name in BRACKETS.items()))


def bracket_name(n: int) -> str:
    return f"Bracket {n} ({BRACKETS.get(n, '?')})"


def applies_to(fmt_info: FormatLike | None) -> bool:
    """Brackets are Commander's: formats of the Commander rule set."""
    return fmt_info is not None and ruleset_for(fmt_info).code == COMMANDER


@dataclass(frozen=True, slots=True)
class Step:
    """One reason the floor is at least `bracket`, and the cards behind it."""

    bracket: int
    text: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BracketReport:
    day: date
    floor: int
    game_changers: tuple[str, ...]
    extra_turns: tuple[str, ...]
    mass_land_denial: tuple[str, ...]
    tutors: tuple[str, ...]
    combos: tuple[tuple[str, str], ...] | None  # None: no combo data ("combos not checked")
    steps: tuple[Step, ...] = field(default=())

    @property
    def combos_text(self) -> str:
        if self.combos is None:
            return "combos not checked"
        return "; ".join(" + ".join(c) for c in self.combos) or "no two-card combos"

    def to_json(self) -> dict[str, object]:
        return {
            "floor": self.floor,
            "game_changers": list(self.game_changers),
            "extra_turns": list(self.extra_turns),
            "mass_land_denial": list(self.mass_land_denial),
            "tutors": list(self.tutors),
            "combos": "not checked" if self.combos is None else [list(c) for c in self.combos],
        }


def deck_cards(deck: Deck, pool: Pool) -> list[Card]:
    """Each known card the deck plays (Commander, Companion, Main) once, in deck order."""
    seen: set[str] = set()
    out: list[Card] = []
    for _sec, entry in deck.entries(*BRACKET_SECTIONS):
        card = resolve(pool, entry.card)
        if card is not None and card.name not in seen:
            seen.add(card.name)
            out.append(card)
    return out


def _names(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple(sorted((c.name for c in cards), key=str.casefold))


# The last report and what it was made from. One edit asks for it up to three times (the status
# bar's words, their tooltip, the BRACKET warnings); decks are immutable, so one deck object, day,
# pool and combo table always give the same report.
_last: tuple[Deck, date, Pool, ComboTable | None, BracketReport] | None = None
# id(card) -> (the card, the day, whether it is a Game Changer, an extra turn, mass land denial,
# a tutor): the card is kept with its answers, so an id reused by another object is not read
_FLAGS: dict[int, tuple[Card, date, tuple[bool, bool, bool, bool]]] = {}


def report(deck: Deck, day: date, pool: Pool, combos: ComboTable | None = None) -> BracketReport:
    """The floor and its categories for `deck` on `day`. `combos`: a spellbook.ComboTable, or
    None to use the pool's (`pool.combos`, set when a Spellbook file is a card source)."""
    global _last
    if combos is None:
        combos = combos_of(pool)
    last = _last
    if (
        last is not None
        and last[0] is deck
        and last[1] == day
        and last[2] is pool
        and last[3] is combos
    ):
        return last[4]
    rep = _report(deck, day, pool, combos)
    _last = (deck, day, pool, combos, rep)
    return rep


def _report(deck: Deck, day: date, pool: Pool, combos: ComboTable | None) -> BracketReport:
    # lazy: importing them costs a start ~5 ms (bracket_categories compiles its patterns), and
    # an empty deck or a deck outside Commander never needs them
    from deckeditor.games.mtg.bracket_categories import is_extra_turn, is_mass_land_denial, is_tutor
    from deckeditor.games.mtg.gamechangers import is_game_changer

    cards = deck_cards(deck, pool)
    flags = []
    for card in cards:  # kept per card: an edit changes one line of ~100 and this reads them all
        kept = _FLAGS.get(id(card))
        if kept is None or kept[0] is not card or kept[1] != day:
            if len(_FLAGS) > 1024:
                _FLAGS.clear()
            answers = (
                is_game_changer(card, day),
                is_extra_turn(card),
                is_mass_land_denial(card),
                is_tutor(card),
            )
            kept = _FLAGS[id(card)] = (card, day, answers)
        flags.append(kept[2])
    gc, turns, mld, tutors = (
        _names(c for c, f in zip(cards, flags) if f[which]) for which in range(4)
    )
    found: tuple[tuple[str, str], ...] | None = None
    if combos is not None:
        found = tuple(c.cards for c in combos.in_deck({name_key(c.name) for c in cards}))
    steps = list(_steps(gc, turns, mld, found))
    floor = max([1, *(s.bracket for s in steps)])
    return BracketReport(day, floor, gc, turns, mld, tutors, found, tuple(steps))


def _steps(
    gc: tuple[str, ...],
    turns: tuple[str, ...],
    mld: tuple[str, ...],
    combos: tuple[tuple[str, str], ...] | None,
) -> Iterator[Step]:
    if turns:
        yield Step(2, f"extra turns ({len(turns)}): bracket 1 has none", turns)
    if len(turns) >= CHAINED:
        yield Step(4, f"{len(turns)} extra-turn cards: read as chained", turns)
    if gc:
        yield Step(3 if len(gc) <= 3 else 4, f"{len(gc)} Game Changers", gc)
    if mld:
        yield Step(4, "mass land denial", mld)
    if combos:
        flat = tuple(sorted({n for c in combos for n in c}, key=str.casefold))
        yield Step(3, f"two-card infinite combos ({len(combos)}): none in brackets 1-2", flat)


def problems(rep: BracketReport, target: int) -> list[Problem]:
    """The warnings a deck aiming at bracket `target` gets from its report."""
    out: list[Problem] = []
    name = f"Bracket {target}"

    def warn(cards: Iterable[str], text: str) -> None:
        out.append(Problem.make(ProblemKind.BRACKET, None, cards, text, Severity.WARNING))

    allowed = GC_ALLOWED.get(target)
    if allowed is not None and len(rep.game_changers) > allowed:
        warn(
            rep.game_changers,
            f"{name} allows {NUMBER_WORDS[allowed]} Game Changers; the deck has {len(rep.game_changers)}",
        )
    if target <= 3 and rep.mass_land_denial:
        warn(rep.mass_land_denial, f"{name} allows no mass land denial")
    if target == 1 and rep.extra_turns:
        warn(rep.extra_turns, f"{name} allows no extra turns; the deck has {len(rep.extra_turns)}")
    elif target in (2, 3) and len(rep.extra_turns) >= CHAINED:
        warn(
            rep.extra_turns,
            f"{name} allows extra turns only in low quantities, not chained; "
            f"the deck has {len(rep.extra_turns)}",
        )
    if target <= 2 and rep.combos:
        warn(
            {n for c in rep.combos for n in c},
            f"{name} allows no two-card infinite combos: {rep.combos_text}",
        )
    return out


def target_of(deck: Deck) -> int | None:
    n = getattr(deck, "bracket", None)
    return n if isinstance(n, int) and n in BRACKETS else None


def status_text(rep: BracketReport, target: int | None) -> str:
    """The status bar's words, as a player reads them: "Bracket 2 chosen · 1 Game Changer
    (bracket 2 allows none) · the list plays like bracket 3"; with no bracket chosen, where the
    list plays (its floor): "Plays like bracket 3 · 1 Game Changer"."""
    gc = len(rep.game_changers)
    changers = f"{gc} Game Changer{'' if gc == 1 else 's'}"  # a count is a plural but one
    if target is None:
        return f"Plays like bracket {rep.floor} · {changers}"
    text = f"Bracket {target} chosen · {changers}"
    allowed = GC_ALLOWED.get(target)
    if allowed is not None:  # brackets 4-5 take any number: nothing to compare with
        text += f" (bracket {target} allows {allowed or 'none'})"
    if rep.floor > target:
        text += f" · the list plays like bracket {rep.floor}"
    return text


def _target_line(rep: BracketReport, target: int) -> str:
    """The tooltip's first line: what the chosen bracket allows and where the list stands."""
    allowed = GC_ALLOWED.get(target)
    rule = "any number of" if allowed is None else NUMBER_WORDS[allowed]
    where = (
        f"its cards play like bracket {rep.floor} (the lines below say why)"
        if rep.floor > target
        else "the list fits it"
    )
    return f"You chose bracket {target}: it allows {rule} Game Changers; {where}"


def _no_target_line(rep: BracketReport) -> str:
    """The tooltip's first line with no bracket chosen: why the status bar names this one."""
    why = (
        "the lowest its cards allow (the lines below say why)"
        if rep.floor > 1
        else "as nothing in it asks for more"
    )
    return (
        f"No bracket chosen (the Bracket box chooses one): "
        f"the list plays like bracket {rep.floor}, {why}"
    )


def details_text(rep: BracketReport, target: int | None = None) -> str:
    """The floor and each step up with its cards, one line each (the status bar's tooltip),
    after what the chosen bracket (`target`) allows, or that none is chosen."""
    lines = [_no_target_line(rep) if target is None else _target_line(rep, target)]
    lines += [
        f"The list rules out brackets below {rep.floor}"
        if rep.floor > 1
        else "The list rules out no bracket"
    ]
    for step in sorted(rep.steps, key=lambda s: -s.bracket):
        lines.append(f"≥ {step.bracket}: {step.text} — {', '.join(step.cards)}")
    if rep.tutors:
        lines.append(f"Tutors ({len(rep.tutors)}): {', '.join(rep.tutors)}")
    lines.append(rep.combos_text[:1].upper() + rep.combos_text[1:])
    return "\n".join(lines)


__all__ = [
    "BRACKETS",
    "TARGET_OPTIONS",
    "BracketReport",
    "Step",
    "applies_to",
    "bracket_name",
    "deck_cards",
    "details_text",
    "problems",
    "report",
    "status_text",
    "target_of",
]
