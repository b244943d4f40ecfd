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


def test_the_settled_window_keeps_no_module_sources(qtbot, tmp_path):
    """PySide6's import hook reads every module's source through `inspect` (PYSIDE-2029) and
    `linecache` kept it all (~5-6 MB resident): the settled window has let it go."""
    import gc
    import linecache

    from deckeditor.ui import main_window
    from deckeditor.ui.app import make_app, warm_up_in_background
    from deckeditor.ui.main_window import MainWindow

    make_app()
    win = MainWindow(AppPaths.resolve(tmp_path / "home").ensure(), autosave=False)
    qtbot.addWidget(win)
    linecache.getlines(main_window.__file__)  # as the hook's `inspect.getsource` keeps it
    assert main_window.__file__ in linecache.cache
    gc.disable()
    try:
        warm_up_in_background(win)
        qtbot.waitUntil(gc.isenabled, timeout=60000)
    finally:
        gc.enable()
    assert main_window.__file__ not in linecache.cache
