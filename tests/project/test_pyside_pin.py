"""PySide6 6.12.0 leaks a reference to None on Python 3.10/3.11 whenever a call returns an empty
QVariant, and the process aborts after a few thousand calls. We exclude that release; this test
keeps the exclusion and checks the installed Qt does not leak."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import PySide6
from PySide6.QtGui import QStandardItemModel

ROOT = Path(__file__).resolve().parents[2]


def test_pyproject_excludes_6_12_0():
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    pyside = [d for d in deps if d.lower().startswith("pyside6")]
    assert pyside and all("!=6.12.0" in d.replace(" ", "") for d in pyside)


def test_installed_pyside_is_not_6_12_0():
    assert PySide6.__version__ != "6.12.0"


def test_empty_qvariant_returns_do_not_leak_none(qapp):
    model = QStandardItemModel(1, 1)
    index = model.index(0, 0)
    before = sys.getrefcount(None)
    for _ in range(20000):
        assert model.data(index) is None  # an empty QVariant comes back as None
    after = sys.getrefcount(None)
    # None is immortal from 3.12 on (constant count); on 3.11 a leak shows as a steady drop
    assert abs(after - before) < 1000
