"""Issue 25's shape rules hold over deckeditor/ (tools/code_shape.py, also run by .ci/run's lint
stage): no module over 500 lines unless its docstring says why it is kept whole, no function over
60 lines unless its docstring calls it a hot loop, and no code outside deckeditor/games/ naming a
game."""

from __future__ import annotations

import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parents[2] / "tools"
sys.path.insert(0, str(TOOLS))
try:
    import code_shape
finally:
    sys.path.remove(str(TOOLS))


def test_the_code_has_its_shape():
    assert code_shape.findings() == []


def test_the_shape_rules_see_what_they_name(tmp_path):
    """The checker finds each kind of finding it reports (a check that finds nothing proves
    nothing)."""
    root = tmp_path / "deckeditor"
    (root / "games" / "toy").mkdir(parents=True)
    long_body = "\n".join(f"    x{i} = {i}" for i in range(61))
    (root / "big.py").write_text('"""A module."""\n' + "\n" * 501, encoding="utf-8")
    (root / "kept.py").write_text('"""Kept whole: one table."""\n' + "\n" * 501, encoding="utf-8")
    (root / "long.py").write_text(f"def f():\n{long_body}\n", encoding="utf-8")
    (root / "hot.py").write_text(f'def f():\n    """Hot loop: per line."""\n{long_body}\n')
    (root / "names.py").write_text('"""Magic, in prose."""\nGAME = "riftbound"  # Magic\n')
    (root / "games" / "toy" / "rules.py").write_text('GAME = "mtg"\n', encoding="utf-8")
    found = code_shape.findings(root)
    assert len(found) == 3
    assert "big.py: 502 lines" in found[0]
    assert "long.py:1: f is 62 lines" in found[1]
    assert "names.py:2: names a game" in found[2]
