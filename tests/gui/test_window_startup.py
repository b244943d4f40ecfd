"""What the window leaves for later at start-up (issue 17, cold start) comes back: the cyclic
collector, paused while the window starts, runs again once the window has settled."""

from __future__ import annotations

from deckeditor.paths import AppPaths


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
