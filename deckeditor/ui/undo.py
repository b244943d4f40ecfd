"""Undo/redo actions over the session's snapshot stack (deckeditor.history.UndoStack).

Decks are immutable, so every edit is one snapshot; the actions only move the stack's index and
name the step they would undo or redo."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

from deckeditor.history import UndoStack
from deckeditor.session import EditorSession


class UndoActions:
    def __init__(
        self,
        parent: QObject,
        get_session: Callable[[], EditorSession],
        say: Callable[[str], None] = lambda _text: None,
    ) -> None:
        self.get_session = get_session
        self.say = say  # the status line: what was undone (the last "Added …" would stay)
        self.undo = QAction("&Undo", parent)
        self.undo.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo = QAction("&Redo", parent)
        # Every platform's binding answers: Ctrl+Y (Windows), Ctrl+Shift+Z (Linux, macOS)
        redo = QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)
        for extra in ("Ctrl+Y", "Ctrl+Shift+Z"):
            if QKeySequence(extra) not in redo:
                redo.append(QKeySequence(extra))
        self.redo.setShortcuts(redo)
        self.undo.triggered.connect(self._undo)
        self.redo.triggered.connect(self._redo)

    def _undo(self) -> None:
        session = self.get_session()
        if session.history.can_undo():
            step = session.history.undo_text()
            session.undo()
            self.say(f"Undone: {step}" if step else "Undone")

    def _redo(self) -> None:
        session = self.get_session()
        if session.history.can_redo():
            step = session.history.redo_text()
            session.redo()
            self.say(f"Redone: {step}" if step else "Redone")

    def update(self) -> None:
        session: EditorSession = self.get_session()
        stack: UndoStack = session.history
        self.undo.setEnabled(stack.can_undo())
        self.redo.setEnabled(stack.can_redo())
        self.undo.setText(f"&Undo {stack.undo_text()}".rstrip())
        self.redo.setText(f"&Redo {stack.redo_text()}".rstrip())
