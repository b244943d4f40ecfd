"""Issue 24.10: a card's roles read from the table stored beside the pool's snapshot without
compiling the recognisers (`games.mtg.role_table`), so `check` pays no ~0.17 s of regexes;
and the same answers as the recognisers."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from deckeditor.carddb import derived
from deckeditor.carddb.store import CardStore, open_pool
from deckeditor.games.mtg import role_table, roles
from deckeditor.games.mtg.card import Card, Face, Layout
from deckeditor.games.registry import game
from deckeditor.paths import AppPaths

REPO = Path(__file__).resolve().parents[2]


def card(name: str, text: str, types=("Instant",), mv=1.0) -> Card:
    return Card(
        name=name,
        layout=Layout.NORMAL,
        mana_value=mv,
        faces=(Face(name=name, oracle_text=text, types=types),),
    )


CARDS = [
    card("Quick Study", "Draw two cards."),
    card("Stone Wall", "Defender", ("Creature",), 2.0),
    card("Counter Thought", "Counter target spell."),
]


def stored_home(tmp_path) -> AppPaths:
    paths = AppPaths.resolve(tmp_path / "home").ensure()
    with CardStore(paths.card_db) as store:
        store.write_source("test-source", "mtgjson", "mtg", list(CARDS), 0)
    roles.roles_for_pool(open_pool(paths))  # as the import stores them
    return paths


def test_the_table_is_stamped_by_the_modules_the_recognisers_name():
    assert role_table.ROLE_MODULES == roles._MODULES


def test_a_fingerprint_is_the_same_before_and_after_the_module_is_imported(monkeypatch):
    loaded = derived.code_fingerprint(*roles._MODULES)
    monkeypatch.delitem(sys.modules, "deckeditor.games.mtg.roles")
    assert derived.code_fingerprint(*roles._MODULES) == loaded


def test_stored_roles_are_read_without_the_recognisers(tmp_path, monkeypatch):
    paths = stored_home(tmp_path)
    expected = {c.name: roles.roles_of(c) for c in CARDS}
    pool = open_pool(paths)  # a later start: the table comes back from the database

    def no_recognisers(*_args):
        raise AssertionError("the recognisers ran for a card the stored table answers")

    monkeypatch.setattr(roles, "mask_in", no_recognisers)
    monkeypatch.setattr(roles, "role_mask", no_recognisers)
    mtg = game("mtg")
    assert {c.name: mtg.card_roles(c, pool) for c in pool.cards} == expected
    assert expected["Quick Study"] == (roles.DRAW,)


def test_a_card_the_table_does_not_hold_is_read_by_the_recognisers(tmp_path):
    pool = open_pool(stored_home(tmp_path))
    stranger = card("Quick Study", "Counter target spell.")  # same name, not the pool's card
    assert game("mtg").card_roles(stranger, pool) == (roles.COUNTERSPELL,)


def test_a_pool_without_a_stored_table_is_read_by_the_recognisers(tmp_path):
    paths = AppPaths.resolve(tmp_path / "home").ensure()
    with CardStore(paths.card_db) as store:
        store.write_source("test-source", "mtgjson", "mtg", list(CARDS), 0)
    pool = open_pool(paths)
    assert game("mtg").card_roles(pool.get("Counter Thought"), pool) == (roles.COUNTERSPELL,)


def test_check_counts_roles_without_compiling_the_recognisers(tmp_path):
    paths = stored_home(tmp_path)
    deck = tmp_path / "d.deck.json"
    entries = [{"card": "Quick Study", "count": 2}, {"card": "Counter Thought", "count": 1}]
    deck.write_text(
        json.dumps(
            {
                "schema": "deckeditor-deck",
                "version": 1,
                "game": "mtg",
                "name": "t",
                "format": "vintage",
                "sections": [{"name": "Main", "entries": entries}],
            }
        ),
        encoding="utf-8",
    )
    script = (
        "import sys, runpy\n"
        "sys.argv = ['deckeditor', 'check', sys.argv[1], '--json']\n"
        "try:\n    runpy.run_module('deckeditor', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "print('ROLES-IMPORTED' if 'deckeditor.games.mtg.roles' in sys.modules else 'ROLES-NOT-IMPORTED')\n"
    )
    env = {
        "DECKEDITOR_HOME": str(paths.data.parent),
        "PYTHONPATH": str(REPO),
        "PATH": "/usr/bin:/bin",
    }
    done = subprocess.run(
        [sys.executable, "-c", script, str(deck)],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=120,
    )
    out = done.stdout
    assert "ROLES-NOT-IMPORTED" in out, done.stderr
    report = json.loads(out[: out.rindex("ROLES-")])
    assert report["roles"]["Draw"] == 2 and report["roles"]["Counterspells"] == 1
