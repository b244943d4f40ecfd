"""What a Riftbound card's text says (`riftbound.md` §1.4): its costs (`[4][B]`), its keywords
(`[Assault 2]`, Equip and Repeat with their cost) and the "any number of cards named" clause,
reminders ignored."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Cost:
    """`[4][B]` -> Cost(4, {B: 1}); a pip is a domain letter or `A` (any domain)."""

    energy: int = 0
    pips: Counter[str] = field(default_factory=Counter)
    exhaust: bool = False
    other: str | None = None

    def __hash__(self) -> int:
        return hash((self.energy, tuple(sorted(self.pips.items())), self.exhaust, self.other))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Cost):
            return NotImplemented
        return (self.energy, +self.pips, self.exhaust, self.other) == (
            other.energy,
            +other.pips,
            other.exhaust,
            other.other,
        )

    def __add__(self, other: Cost) -> Cost:
        others = [t for t in (self.other, other.other) if t]
        return Cost(
            self.energy + other.energy,
            self.pips + other.pips,
            self.exhaust or other.exhaust,
            "; ".join(others) or None,
        )

    @property
    def is_free(self) -> bool:
        return self.energy == 0 and not +self.pips and not self.exhaust and not self.other

    def symbols(self) -> str:
        """The cost in text symbols: `[4][B][B]`; `[0]` when free."""
        out = f"[{self.energy}]" if self.energy or not (+self.pips or self.exhaust) else ""
        for letter in "RGBOPYCA":
            out += f"[{letter}]" * self.pips.get(letter, 0)
        if self.exhaust:
            out += "[T]"
        if self.other:
            out += f", {self.other}"
        return out


@dataclass(frozen=True, slots=True)
class Keyword:
    """A bracketed word opening a line: `[Assault 2]` -> Keyword('Assault', 2).

    `cost` is set for Equip and Repeat when it has the plain shape; `cost_text` keeps the written
    cost whatever its shape (Curtain Call's alternatives have text only)."""

    name: str
    value: int | None = None
    cost: Cost | None = None
    cost_text: str | None = None

    @property
    def key(self) -> str:
        return self.name.casefold()


_SYMBOL = re.compile(r"\[(?:[0-9]+|[RGBOPYACST]|>|>>)\]")
_BRACKET = re.compile(r"\[([^\[\]]*)\]")
_REMINDER = re.compile(r"\([^()]*\)")
_KW_VALUE = re.compile(r"(.*?)\s+(-?[0-9]+)")
_COST_RUN = re.compile(r"\s*(?:—|-|–)?\s*((?:\[(?:[0-9]+|[RGBOPYACT])\]\s*)+)(?:,\s*([^(\n]*))?")
_COST_TOKEN = re.compile(r"\[([0-9]+|[RGBOPYACT])\]")
_ANY_NUMBER = re.compile(r"Your deck can have any number of cards named (.+?)\.", re.IGNORECASE)
COST_KEYWORDS = frozenset({"equip", "repeat"})


def strip_reminders(text: str) -> str:
    """Drop every parenthesised part (innermost first), so reminders never give keywords."""
    prev = None
    while prev != text:
        prev, text = text, _REMINDER.sub("", text)
    return text


def parse_cost(rest: str) -> tuple[Cost | None, str | None]:
    """The cost after Equip/Repeat: optional dash, a run of symbols, optional `, <text>`."""
    visible = rest.split("(", 1)[0]
    cost_text = visible.strip().lstrip("—–-").strip() or None
    m = _COST_RUN.match(visible)
    if m is None:
        return None, cost_text
    tail = visible[m.end() :].strip()
    if tail:  # e.g. Curtain Call's `/ [1] / …` alternatives: kept as text only
        return None, cost_text
    energy, exhaust = 0, False
    pips: Counter[str] = Counter()
    for tok in _COST_TOKEN.findall(m.group(1)):
        if tok.isdigit():
            energy += int(tok)
        elif tok == "T":
            exhaust = True
        else:
            pips[tok] += 1
    other = (m.group(2) or "").strip() or None
    return Cost(energy, pips, exhaust, other), cost_text


def parse_keywords(text: str) -> tuple[Keyword, ...]:
    """Keywords of one text (Rules Text or Effect Text), reminders ignored (§1.4)."""
    found: list[Keyword] = []
    for full_line in (text or "").split("\n"):
        line = strip_reminders(full_line)
        pos = 0
        stripped = line.lstrip()
        pos = len(line) - len(stripped)
        if re.match(r"Equip\b", stripped):  # Jagged Cutlass: unbracketed Equip opens a line
            line = line[:pos] + "[Equip]" + stripped[len("Equip") :]
        while True:
            while pos < len(line) and line[pos] in " \t":
                pos += 1
            m = _BRACKET.match(line, pos)
            if m is None:
                break
            pos = m.end()
            if _SYMBOL.fullmatch(m.group(0)):
                continue
            inner = m.group(1).strip()
            vm = _KW_VALUE.fullmatch(inner)
            name, value = (vm.group(1), int(vm.group(2))) if vm else (inner, None)
            if name.casefold() in COST_KEYWORDS:
                # the cost is read from the full line (reminders included) up to the first `(`
                rest = _rest_after_keyword(full_line, m.group(0))
                cost, cost_text = parse_cost(rest)
                found.append(Keyword(name, value, cost, cost_text))
                break  # the rest of the line is the cost
            found.append(Keyword(name, value))
    return tuple(found)


def _rest_after_keyword(line: str, token: str) -> str:
    if token == "[Equip]" and "[Equip]" not in line:
        idx = line.find("Equip") + len("Equip")
    else:
        idx = line.find(token) + len(token)
    return line[idx:]


def has_keyword(keywords: Iterable[Keyword], name: str) -> bool:
    key = name.casefold()
    return any(k.key == key for k in keywords)


def any_number_clause(text: str) -> str | None:
    """X of "Your deck can have any number of cards named X.", or None."""
    m = _ANY_NUMBER.search(strip_reminders(text or ""))
    return m.group(1).strip() if m else None
