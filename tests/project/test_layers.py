"""Only deckeditor.ui imports Qt: checked by import-linter and by a plain scan of the sources."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "deckeditor"
QT_ROOTS = {"PySide6", "shiboken6", "PyQt5", "PyQt6"}


def _qt_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in QT_ROOTS]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] in QT_ROOTS:
                found.append(node.module)
    return found


def test_no_qt_outside_ui():
    offenders = {}
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] == "ui":
            continue
        if hits := _qt_imports(path):
            offenders[str(rel)] = hits
    assert offenders == {}


def test_import_linter_contract():
    lint = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    result = subprocess.run(
        [lint, "--no-cache"], cwd=PACKAGE.parent, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_core_imports_without_qt():
    code = (
        "import sys, deckeditor.cli, deckeditor.deck, deckeditor.problems;"
        "assert not any(m.startswith('PySide6') for m in sys.modules), 'Qt loaded'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_every_top_level_module_has_a_layer():
    """The layers contract binds only the modules it names: a new top-level module must take its
    place in it (pyproject.toml), or it could import anything and close a cycle unseen."""
    import tomllib

    config = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    (layers,) = [c["layers"] for c in contracts if c["type"] == "layers" and "containers" not in c]
    named = {m.strip() for layer in layers for m in layer.split("|")}
    modules = {
        f"deckeditor.{p.stem if p.is_file() else p.name}"
        for p in PACKAGE.iterdir()
        if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").is_file()
    }
    assert modules - named == set()
