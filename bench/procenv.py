"""The environment a measured `deckeditor` process runs in: the one a player's start has.

A player's copy runs from byte-compiled modules (pip writes `__pycache__` on install; the bundle
carries them). A development shell may set PYTHONDONTWRITEBYTECODE=1 (this machine does), and a
child that inherits it compiles every module from source on every start (~0.3 s of `compile` in
a `check`): that measures the compiler, not the program. So measured children run without it,
after `warm_bytecode()` has written the caches once.
"""

from __future__ import annotations

import compileall
import os
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
_warmed = False
# Qt's offscreen platform has one 800×800 screen, where the window opens at its minimum size (964
# × 760) and paints a third fewer catalog rows than a player's. The benches give it a 1920×1080
# screen, so the window opens as on a common desktop monitor (1400×860, `ui.window_fit`).
SCREEN = REPO / "bench" / "screen-1920x1080.json"


def player_env(**extra: str) -> dict[str, str]:
    """os.environ as a player's start sees it: bytecode caches used and written; `extra` added."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(extra)
    return env


def warm_bytecode() -> None:
    """Byte-compile the program's modules once per run (as pip does on install)."""
    global _warmed
    if not _warmed:
        compileall.compile_dir(REPO / "deckeditor", quiet=1)
        _warmed = True


def player_screen() -> str:
    """QT_QPA_PLATFORM for a measured window: offscreen (unless another platform was asked for)
    on a 1920×1080 screen. Also set in os.environ, before the QApplication is made."""
    asked = os.environ.get("QT_QPA_PLATFORM", "offscreen")
    platform = f"offscreen:configfile={SCREEN}" if asked == "offscreen" else asked
    os.environ["QT_QPA_PLATFORM"] = platform
    return platform
