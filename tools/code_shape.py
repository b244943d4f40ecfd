"""Report the shape rules of issue 25 over deckeditor/: long modules, long functions, game names.

    python tools/code_shape.py            # every finding, one a line; exit 1 when there is one

* A module over 500 lines must say why in its docstring ("kept whole: ...").
* A function over 60 lines must be a documented hot loop: "hot loop" in its docstring.
* Outside deckeditor/games/ no code names a game (an identifier, string or import naming
  mtg/Magic/Riftbound); the games are found through the registry.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "deckeditor"
MODULE_LINES = 500
FUNCTION_LINES = 60
GAME_WORD = re.compile(r"riftbound|(?<![a-z])mtg(?![a-z])|magic", re.IGNORECASE)


def module_findings(path: Path, tree: ast.Module, lines: int) -> Iterator[str]:
    doc = ast.get_docstring(tree) or ""
    if lines > MODULE_LINES and "kept whole:" not in doc.lower():
        yield f"{path}: {lines} lines (over {MODULE_LINES}, no 'kept whole:' in its docstring)"


def function_findings(path: Path, tree: ast.Module) -> Iterator[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            doc = ast.get_docstring(node) or ""
            if length > FUNCTION_LINES and "hot loop" not in doc.lower():
                yield f"{path}:{node.lineno}: {node.name} is {length} lines"


def game_name_findings(path: Path, source: str) -> Iterator[str]:
    """Code tokens (names, strings) naming a game; comments and docstrings are prose."""
    docstrings = _docstring_lines(ast.parse(source))
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type not in (tokenize.NAME, tokenize.STRING):
            continue
        if tok.type == tokenize.STRING and tok.start[0] in docstrings:
            continue
        if GAME_WORD.search(tok.string):
            yield f"{path}:{tok.start[0]}: names a game: {tok.string[:60]}"


def _docstring_lines(tree: ast.Module) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.update(range(value.lineno, (value.end_lineno or value.lineno) + 1))
    return found


def findings(root: Path = ROOT) -> list[str]:
    out: list[str] = []
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        rel = path.relative_to(root.parent)
        out.extend(module_findings(rel, tree, len(source.splitlines())))
        out.extend(function_findings(rel, tree))
        if "games" not in path.relative_to(root).parts[:1]:
            out.extend(game_name_findings(rel, source))
    return out


if __name__ == "__main__":
    found = findings()
    print("\n".join(found))
    print(f"{len(found)} findings", file=sys.stderr)
    sys.exit(1 if found else 0)
