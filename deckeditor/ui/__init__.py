"""Qt only: the main window, catalog and deck models, card view, dialogs, charts."""
