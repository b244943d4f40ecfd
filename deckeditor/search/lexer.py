"""Query text -> tokens (`search.md` §1). Lexing is contextual, so it is written out by hand:
`-` negates only where a term starts, `or`/`and` are operators only as words of their own, a word
is a keyed term only when letters are followed by an operator, and a keyed value may be a quoted
phrase or a `/regex/` that runs past spaces."""

from __future__ import annotations

import re
from dataclasses import dataclass

from deckeditor.search.errors import SearchError
from deckeditor.search.tree import Bare, Keyed

MAX_QUERY = 1000
MAX_REGEX = 500

# Typographic quotes are read as plain ones; each is one code point, so positions do not move.
_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2019": "'", "\u2018": "'"})
_KEYED = re.compile(r"[A-Za-z]+(?:!=|<=|>=|:|=|<|>)")
_OPS = ("!=", "<=", ">=", ":", "=", "<", ">")
_STOP = frozenset(' ()"')


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # "(" ")" "-" "or" "and" "term" "eof"
    start: int
    end: int
    node: Keyed | Bare | None = None


def normalise(text: str) -> str:
    return text.translate(_QUOTES)


def _is_stop(ch: str) -> bool:
    return ch in _STOP or ch.isspace()


class Lexer:
    def __init__(self, text: str) -> None:
        if len(text) > MAX_QUERY:
            raise SearchError(
                MAX_QUERY, len(text) - MAX_QUERY, "query too long (at most 1,000 characters)"
            )
        self.text = normalise(text)
        self.pos = 0

    def tokens(self) -> list[Token]:
        out = []
        while True:
            token = self._next()
            out.append(token)
            if token.kind == "eof":
                return out

    # --- one token ---------------------------------------------------------------------------

    def _next(self) -> Token:
        text, n = self.text, len(self.text)
        while self.pos < n and text[self.pos].isspace():
            self.pos += 1
        start = self.pos
        if start >= n:
            return Token("eof", n, n)
        ch = text[start]
        if ch in "()":
            self.pos += 1
            return Token(ch, start, start + 1)
        if ch == "-":
            self.pos += 1
            return Token("-", start, start + 1)
        if ch == '"':
            value, end = self._quoted(start)
            self.pos = end
            return Token("term", start, end, Bare(value, "quoted", False, start, end))
        if ch == "!":
            return self._exact(start)
        match = _KEYED.match(text, start)
        if match:
            return self._keyed(start, match)
        end = self._word_end(start)
        self.pos = end
        word = text[start:end]
        lower = word.lower()
        if lower in ("or", "and"):
            return Token(lower, start, end)
        if word.startswith("/") and word.strip("/"):
            raise SearchError(start, 1, "use name:/…/ for a regular expression")
        return Token("term", start, end, Bare(word, "word", False, start, end))

    def _exact(self, start: int) -> Token:
        after = start + 1
        text = self.text
        if after < len(text) and text[after] == '"':
            value, end = self._quoted(after)
            kind = "quoted"
        else:
            end = self._word_end(after)
            value, kind = text[after:end], "word"
            if not value:
                raise SearchError(start, 1, 'missing value after "!"')
        self.pos = end
        return Token("term", start, end, Bare(value, kind, True, start, end))

    def _keyed(self, start: int, match: re.Match[str]) -> Token:
        head = match.group()
        op = next(o for o in _OPS if head.endswith(o))
        key_end = match.end() - len(op)
        key = self.text[start:key_end].lower()
        value_start = match.end()
        text = self.text
        nxt = text[value_start] if value_start < len(text) else ""
        if nxt == '"':
            value, end = self._quoted(value_start)
            kind = "quoted"
        elif nxt == "/":
            value, end = self._regex(value_start)
            kind = "regex"
        else:
            end = self._word_end(value_start)
            value, kind = text[value_start:end], "word"
        self.pos = end
        node = Keyed(key, op, value, kind, start, end, key_end, value_start)
        return Token("term", start, end, node)

    # --- pieces ------------------------------------------------------------------------------

    def _word_end(self, pos: int) -> int:
        text, n = self.text, len(self.text)
        while pos < n and not _is_stop(text[pos]):
            pos += 1
        return pos

    def _quoted(self, start: int) -> tuple[str, int]:
        """`"…"` with `\\"` and `\\\\` escapes; returns the value and the end past the quote."""
        text, n = self.text, len(self.text)
        pos = start + 1
        out = []
        while pos < n:
            ch = text[pos]
            if ch == "\\" and pos + 1 < n and text[pos + 1] in '"\\':
                out.append(text[pos + 1])
                pos += 2
                continue
            if ch == '"':
                return "".join(out), pos + 1
            out.append(ch)
            pos += 1
        raise SearchError(start, 1, "unclosed quote")

    def _regex(self, start: int) -> tuple[str, int]:
        """`/…/`: the raw pattern between the slashes (a backslash escapes the next character)."""
        text, n = self.text, len(self.text)
        pos = start + 1
        while pos < n:
            ch = text[pos]
            if ch == "\\":
                pos += 2
                continue
            if ch == "/":
                pattern = text[start + 1 : pos]
                if len(pattern) > MAX_REGEX:
                    raise SearchError(
                        start + 1, len(pattern), "regular expression too long (at most 500)"
                    )
                return pattern, pos + 1
            pos += 1
        raise SearchError(start, 1, "unclosed regular expression")
