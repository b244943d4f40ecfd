"""What the window leaves for later at start-up (issue 17, cold start) still works when asked:
the File > New entries of the other games, made when the menu first opens."""

from __future__ import annotations

from deckeditor.games import GAMES, registry
from deckeditor.paths import AppPaths


def test_file_new_offers_every_game_once_opened(qtbot, tmp_path):
    from PySide6.QtGui import QKeySequence

    from deckeditor.ui.app import make_app
    from deckeditor.ui.main_window import MainWindow

    make_app()
    win = MainWindow(AppPaths.resolve(tmp_path / "home").ensure(), autosave=False)
    qtbot.addWidget(win)
    file = next(a.menu() for a in win.menuBar().actions() if a.text() == "&File")
    new = next(a.menu() for a in file.actions() if a.text() == "&New")
    first = new.actions()[0]
    assert first.shortcut() == QKeySequence(QKeySequence.StandardKey.New)  # Ctrl+N from the start
    new.aboutToShow.emit()
    new.aboutToShow.emit()  # opened again: no second set
    titles = [a.text() for a in new.actions()]
    assert titles == [g.new_deck_label or g.title for g in (registry.game(c) for c in GAMES)]
    new.actions()[-1].trigger()
    assert win.session.deck.game == GAMES[-1]


def test_the_collector_paused_at_start_is_back_once_the_window_settled(qtbot, tmp_path):
    import gc

    from deckeditor.ui.app import make_app, warm_up_in_background
    from deckeditor.ui.main_window import MainWindow

    make_app()
    win = MainWindow(AppPaths.resolve(tmp_path / "home").ensure(), autosave=False)
    qtbot.addWidget(win)
    gc.disable()  # as cli.main does before the window is made
    try:
        warm_up_in_background(win)
        qtbot.waitUntil(gc.isenabled, timeout=60000)
    finally:
        gc.enable()
