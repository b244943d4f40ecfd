"""MTG search semantics (`search.md` §2–§4, §7–§9) on a small pool: the starter cards the spec's
examples name, plus hand-built cards for the rest."""

from __future__ import annotations

from datetime import date

import pytest

from deckeditor.carddb.pool import CardPool
from deckeditor.carddb.starter import starter_pool
from deckeditor.games.mtg.build import build_card, parse_type_line
from deckeditor.games.mtg.card import Face, Layout
from deckeditor.games.mtg.mana import cost_colors, mana_value
from deckeditor.search import (
    SearchContext,
    Searcher,
    SearchError,
    compile_query,
    fold_name,
    fold_text,
)
from deckeditor.search.keys import kinds

# --- building cards ---------------------------------------------------------------------------


def face(name, cost="", type_line="", text="", pt=None, loyalty=None, defense=None, colors=None,
         keywords=()):  # fmt: skip
    supers, types, subs = parse_type_line(type_line)
    power, toughness = pt.split("/") if pt else (None, None)
    return Face(
        name=name,
        mana_cost=cost,
        colors=cost_colors(cost) if colors is None else colors,
        supertypes=supers,
        types=types,
        subtypes=subs,
        power=power,
        toughness=toughness,
        loyalty=loyalty,
        defense=defense,
        oracle_text=text,
        keywords=tuple(keywords),
        mana_value=mana_value(cost),
    )


def card(*faces, layout=Layout.NORMAL, **kw):
    return build_card(faces, layout, **kw)


HAND_BUILT = [
    card(
        face(
            "Bolt Bend",
            "{3}{R}",
            "Instant",
            "This spell costs {3} less to cast if you control "
            "a creature with power 4 or greater.\nChange the target of target spell or ability "
            "with a single target.",
        )
    ),
    card(
        face(
            "Bolas's Citadel",
            "{3}{B}{B}{B}",
            "Legendary Artifact",
            "You may look at the top card of your library any time.",
        )
    ),
    card(
        face(
            "Jace Beleren",
            "{1}{U}{U}",
            "Legendary Planeswalker — Jace",
            "+2: Each player draws a card.",
            loyalty="3",
        )
    ),
    card(face("Fireball", "{X}{R}", "Sorcery", "Fireball deals X damage divided as you choose.")),
    card(
        face("Lim-Dûl's Vault", "{U}{B}", "Instant", "Look at the top five cards of your library.")
    ),
    card(
        face("Expansion", "{U/R}{U/R}", "Instant", "Copy target instant or sorcery spell."),
        face("Explosion", "{X}{U}{U}{R}{R}", "Sorcery", "Explosion deals X damage to any target."),
        layout=Layout.SPLIT,
    ),
    card(
        face(
            "Kolaghan's Command",
            "{1}{B}{R}",
            "Instant",
            "Choose two —\n• Kolaghan's Command deals 2 damage to any target.",
        )
    ),
    card(
        face(
            "Lion Sash",
            "{1}{W}",
            "Artifact Creature — Equipment Cat Soldier",
            "{W}: Exile target card from a graveyard.\nReconfigure {2}",
            pt="1/1",
            keywords=("Reconfigure",),
        )
    ),
    card(
        face(
            "Esper Charm",
            "{W}{U}{B}",
            "Instant",
            "Choose one —\n• Destroy target enchantment.\n• Draw two cards.",
        )
    ),
    card(face("Opt", "{U}", "Instant", "Scry 1.\nDraw a card.")),
    card(
        face(
            "Elvish Visionary",
            "{1}{G}",
            "Creature — Elf Shaman",
            "When this creature enters, draw a card.",
            pt="1/1",
        )
    ),
    card(face("Shock", "{R}", "Instant", "Shock deals 2 damage to any target.")),
    card(
        face(
            "Tarmogoyf",
            "{1}{G}",
            "Creature — Lhurgoyf",
            "Tarmogoyf's power is equal to the "
            "number of card types among cards in all graveyards and its toughness is equal to "
            "that number plus 1.",
            pt="*/1+*",
        )
    ),
    card(
        face(
            "Merfolk Looter",
            "{1}{U}",
            "Creature — Merfolk Rogue",
            "{T}: Draw a card, then discard a card.",
            pt="1/1",
        )
    ),
    card(
        face(
            "Angel of Despair",
            "{3}{W}{W}{B}{B}",
            "Creature — Angel",
            "Flying\nWhen this creature enters, destroy target permanent.",
            pt="5/5",
            keywords=("Flying",),
        )
    ),
    card(
        face(
            "Shivan Dragon",
            "{4}{R}{R}",
            "Creature — Dragon",
            "Flying\n{R}: Shivan Dragon gets +1/+0 until end of turn.",
            pt="5/5",
            keywords=("Flying",),
        )
    ),
    card(
        face(
            "Azorius Charm",
            "{W}{U}",
            "Instant",
            "Choose one —\n• You gain life equal to the "
            "total power of attacking creatures you control.",
        )
    ),
    card(face("Vindicate", "{1}{W}{B}", "Sorcery", "Destroy target permanent.")),
    card(
        face(
            "Invasion of Ergamon",
            "{R}{G}",
            "Battle — Siege",
            "When this Siege enters, create a Treasure token.",
            defense="5",
        ),
        face("Truga Cliffcharger", "", "Creature — Rhino", "Trample", pt="3/4", colors=24),
        layout=Layout.TRANSFORM,
    ),
    card(face("Half Giant", "{2}{R}", "Creature — Giant", "", pt="2½/∞")),
    card(
        face(
            "Kor Skyfisher",
            "{1}{W}",
            "Creature — Kor Soldier",
            "Flying",
            pt="2/3",
            keywords=("Flying",),
        )
    ),
]

STARTER_NAMES = [
    "Lightning Bolt", "Jace, the Mind Sculptor", "Fire // Ice", "Izzet Charm", "Atarka's Command",
    "Counterspell", "Sol Ring", "Cranial Plating", "Brainstorm", "Atraxa, Praetors' Voice",
    "Tolabow, Loch Rascal", "Wastes", "City of Brass", "Island", "Plains", "Snow-Covered Island",
    "Thrasios, Triton Hero", "Serra Angel", "Birds of Paradise", "Bonecrusher Giant // Stomp",
    "Griselbrand", "Pir, Imaginative Rascal", "Wilson, Refined Grizzly", "Raised by Giants",
    "Delver of Secrets // Insectile Aberration", "Esika, God of the Tree // The Prismatic Bridge",
    "Mana Crypt", "The Tenth Doctor", "Grizzlegom, Hurloon Hero", "Swords to Plowshares",
    "Arvad of the Weatherlight", "Lurrus of the Dream-Den", "Dryad Arbor", "Jace, the Mind Sculptor",
    "Westvale Abbey // Ormendahl, Profane Prince", "Karn, the Great Creator", "Syndic of Tithes",
]  # fmt: skip


@pytest.fixture(scope="module")
def pool() -> CardPool:
    starter = starter_pool("mtg")
    cards = [starter.get(name) for name in STARTER_NAMES]
    missing = [n for n, c in zip(STARTER_NAMES, cards) if c is None]
    assert not missing, f"starter pool lacks {missing}"
    return CardPool("mtg", cards + HAND_BUILT)


def names(pool, query, **ctx) -> set[str]:
    context = SearchContext(**ctx) if ctx else None
    return {pool[row].name for row in compile_query(query, "mtg", context).filter_rows(pool)}


def check(pool, query, finds=(), not_finds=(), **ctx):
    found = names(pool, query, **ctx)
    assert set(finds) <= found, f"{query}: missing {set(finds) - found}"
    assert not (set(not_finds) & found), f"{query}: wrongly found {set(not_finds) & found}"
    return found


# --- §9 worked examples -----------------------------------------------------------------------

WORKED = [
    ("bolt", ["Lightning Bolt", "Bolt Bend"], ["Bolas's Citadel"]),
    ('"jace the"', ["Jace, the Mind Sculptor"], ["Jace Beleren"]),
    ("!fire", ["Fire // Ice"], ["Fireball"]),
    ("lim-dul", ["Lim-Dûl's Vault"], []),
    ("c:ur", ["Izzet Charm", "Fire // Ice", "Expansion // Explosion"],
     ["Lightning Bolt", "Kolaghan's Command"]),
    ("c=ur", ["Izzet Charm", "Fire // Ice", "Expansion // Explosion"],
     ["Lightning Bolt", "Kolaghan's Command"]),
    ("c:m t:instant", ["Izzet Charm", "Atarka's Command", "Fire // Ice"], ["Counterspell"]),
    ("c:c t:artifact", ["Sol Ring", "Cranial Plating"], ["Lion Sash"]),
    ("id:c t:artifact", ["Sol Ring"], ["Cranial Plating"]),
    ("id:u t:instant", ["Counterspell", "Brainstorm"], ["Izzet Charm"]),
    ("id>=ub is:commander", ["Atraxa, Praetors' Voice"], ["Tolabow, Loch Rascal"]),
    ("id:c t:land", ["Wastes", "City of Brass"], ["Island"]),
    ("t:legend t:merfolk", ["Thrasios, Triton Hero"], ["Merfolk Looter"]),
    ('o:"draw a card" -t:creature', ["Opt"], ["Elvish Visionary"]),
    ('o:"~ deals 3"', ["Lightning Bolt"], ["Shock"]),
    ("kw:flying pow>=4", ["Serra Angel"], ["Birds of Paradise"]),
    ("pow>tou", ["Bonecrusher Giant // Stomp"], ["Serra Angel", "Tarmogoyf"]),
    ("mv>=7 t:creature", ["Griselbrand"], ["Sol Ring"]),
    ("is:partner", ["Thrasios, Triton Hero", "Pir, Imaginative Rascal"], ["Wilson, Refined Grizzly"]),
    ("is:dfc", ["Delver of Secrets // Insectile Aberration",
                "Esika, God of the Tree // The Prismatic Bridge"], ["Fire // Ice"]),
    ("t:angel or t:demon -c:w", ["Serra Angel", "Angel of Despair", "Griselbrand"],
     ["Shivan Dragon"]),
    ("(t:angel or t:demon) -c:w", ["Griselbrand"], ["Serra Angel", "Angel of Despair"]),
    ("-(c:r or c:g) t:instant", ["Counterspell"], ["Fire // Ice", "Atarka's Command"]),
]  # fmt: skip


@pytest.mark.parametrize("query,finds,not_finds", WORKED, ids=[w[0] for w in WORKED])
def test_worked_examples(pool, query, finds, not_finds):
    check(pool, query, finds, not_finds)


def test_c_equal_reads_the_combined_split_face(pool):
    assert "Fire // Ice" not in names(pool, "c=r")
    assert "Fire // Ice" in names(pool, "c=ur")


def test_banned_commander_on_the_day(pool):
    day = date(2024, 9, 23)
    check(pool, "banned:commander", ["Mana Crypt"], ["Sol Ring"], day=day)
    assert "Mana Crypt" not in names(pool, "banned:commander", day=date(2024, 9, 22))
    assert "Mana Crypt" in names(pool, "f:commander", day=date(2024, 9, 22))
    assert "Mana Crypt" not in names(pool, "legal:COMMANDER", day=day)


# --- §8 pitfalls --------------------------------------------------------------------------------


def test_pitfall_c_is_and_not_or(pool):
    check(pool, "c:wu", ["Azorius Charm"], ["Swords to Plowshares"])


def test_pitfall_id_is_fits_inside(pool):
    check(pool, "id:wu", ["Swords to Plowshares", "Counterspell", "Sol Ring", "Azorius Charm"],
          ["Vindicate"])  # fmt: skip


def test_pitfall_multi_word_types(pool):
    check(pool, 't:"time lord"', ["The Tenth Doctor"])


def test_pitfall_unknown_key_and_empty_colour_are_errors():
    with pytest.raises(SearchError):
        compile_query("foo:bar")
    with pytest.raises(SearchError):
        compile_query("c:")


def test_pitfall_typographic_quotes(pool):
    assert names(pool, "\u201csol ring\u201d") == names(pool, '"sol ring"') == {"Sol Ring"}


def test_pitfall_legality_is_per_card_id(pool):
    check(pool, "legal:commander bolt", ["Lightning Bolt"])


def test_pitfall_is_basic(pool):
    check(pool, "is:basic", ["Plains", "Snow-Covered Island", "Wastes"], ["City of Brass"])


def test_pitfall_no_regex_without_a_regex(pool, monkeypatch):
    class NoRegex:
        def __getattr__(self, name):
            raise AssertionError(f"re.{name} used for a query without /…/")

    monkeypatch.setattr(kinds, "re", NoRegex())
    # A fresh index, so no cached leaf hides a regex call.
    cards = list(pool)
    query = compile_query('o:"draw a card" t:instant c:u name:opt kw:flying or mv>=3')
    assert query.filter_cards(cards)


def test_pitfall_id_at_most(pool):
    check(pool, "id<=esper t:instant", ["Esper Charm", "Counterspell"], ["Lightning Bolt"])


def test_pitfall_parse_error_keeps_previous_results(pool):
    searcher = Searcher(pool)
    before = searcher.search("t:elf")
    with pytest.raises(SearchError):
        searcher.search("t:elf (")
    assert searcher.last_rows == before and searcher.last_text == "t:elf"


# Every key and alias of §4 matches at least one starter card (a key reading the wrong field would
# silently match nothing).
EVERY_KEY = [
    "bolt", '"sol ring"', "!fire", "name:bolt", "name:/^lightning/",
    "c:r", "color:r", "colour:r", "id:u", "identity:u", "ci:u", "c:c", "c:m", "c>=2", "id=0",
    "t:creature", "type:instant", "o:draw", "oracle:draw", "fo:vigilance", "fulloracle:vigilance",
    "kw:flying", "keyword:flying", "mv=1", "cmc=1", "manavalue=1", "mv:even", "mv:odd",
    "pow>=4", "power>=4", "tou>=4", "toughness>=4", "loy>=3", "loyalty>=3",
    "is:commander", "is:partner", "is:companion", "is:permanent", "is:spell", "is:legendary",
    "is:vanilla", "is:dfc", "is:mdfc", "is:transform", "is:split",
    "is:adventure", "is:basic", "is:rulebreaker", "not:spell",
    "f:commander", "format:commander", "legal:commander", "banned:commander",
    "c:azorius", "id:esper", "c:white", "id:wubrg", "id:rainbow",
]  # fmt: skip


@pytest.mark.parametrize("query", EVERY_KEY)
def test_every_key_matches_some_starter_card(query):
    starter = starter_pool("mtg")
    assert compile_query(query, "mtg", SearchContext(day=date(2025, 1, 1))).filter_rows(starter)


# --- keys in detail -----------------------------------------------------------------------------


def test_names_fold(pool):
    assert fold_name("Lim-Dûl's Vault") == "lim duls vault"
    assert fold_name("Jace, the Mind Sculptor") == "jace the mind sculptor"
    assert fold_name("Fire // Ice") == "fire ice"
    check(pool, "LIM-DÛL", ["Lim-Dûl's Vault"])
    check(pool, '"fire ice"', ["Fire // Ice"])
    check(pool, "!ice", ["Fire // Ice"])
    check(pool, '!"sol ring"', ["Sol Ring"])
    assert names(pool, "!sol") == set()
    check(pool, "name:/^kor/", ["Kor Skyfisher"])
    check(pool, "name:/^ice$/", ["Fire // Ice"])
    check(pool, "name!=bolt", ["Sol Ring"], ["Lightning Bolt"])


def test_text_fold_keeps_punctuation():
    assert fold_text("{T}:  Add {C}{C}.\nDraw") == "{t}: add {c}{c}. draw"
    assert fold_text("Don\u2019t") == "don't"


def test_colour_operators(pool):
    check(pool, "c>=ur", ["Izzet Charm"], ["Lightning Bolt"])
    check(pool, "c<=ur", ["Lightning Bolt", "Izzet Charm", "Sol Ring"], ["Atarka's Command"])
    check(pool, "c>r", ["Izzet Charm", "Atarka's Command"], ["Lightning Bolt"])
    check(pool, "c<ur", ["Lightning Bolt", "Counterspell", "Sol Ring"], ["Izzet Charm"])
    check(pool, "c!=r", ["Counterspell"], ["Lightning Bolt"])
    check(pool, "c=2", ["Izzet Charm"], ["Lightning Bolt"])
    check(pool, "c:izzet", ["Izzet Charm"], ["Lightning Bolt"])
    check(pool, "c:Blue", ["Counterspell"], ["Lightning Bolt"])
    check(pool, "c!=m", ["Lightning Bolt"], ["Izzet Charm"])
    check(pool, "-c:r t:instant", ["Counterspell"], ["Fire // Ice", "Lightning Bolt"])


def test_identity_operators(pool):
    check(pool, "id:esper", ["Esper Charm", "Counterspell", "Sol Ring"], ["Lightning Bolt"])
    check(pool, "id>=esper", ["Esper Charm", "Atraxa, Praetors' Voice"], ["Counterspell"])
    check(pool, "id=esper", ["Esper Charm"], ["Atraxa, Praetors' Voice", "Counterspell"])
    check(pool, "id>esper", ["Atraxa, Praetors' Voice"], ["Esper Charm"])
    check(pool, "id<esper", ["Counterspell", "Sol Ring"], ["Esper Charm"])
    check(pool, "id!=u", ["Lightning Bolt"], ["Counterspell"])
    check(pool, "id:m t:instant", ["Esper Charm"], ["Counterspell"])
    check(pool, "id=0", ["Sol Ring"], ["Counterspell"])
    check(pool, "id:b t:artifact", ["Cranial Plating", "Sol Ring"])


def test_colour_values_reject_nonsense():
    for bad in ("c:cw", "c:6", "c:xyz", "id:azorious", "c:redd"):
        with pytest.raises(SearchError):
            compile_query(bad)


def test_types_are_word_prefixes(pool):
    check(pool, "t:legend", ["Griselbrand"], ["Serra Angel"])
    check(pool, "t:ape", [], ["Lion Sash"])
    check(pool, "t:cre", ["Serra Angel"])
    check(pool, 't:"legendary creature"', ["Griselbrand"], ["Karn, the Great Creator"])
    check(pool, 't:"creature angel"', ["Serra Angel"])  # the dash is dropped
    check(pool, 't:"angel creature"', [], ["Serra Angel"])
    check(pool, "t:siege", ["Invasion of Ergamon // Truga Cliffcharger"])
    check(pool, "t:rhino", ["Invasion of Ergamon // Truga Cliffcharger"])  # any face
    check(pool, "t!=creature t:instant", ["Counterspell"])
    check(pool, "type=instant", ["Counterspell"])


def test_oracle_text_and_reminder(pool):
    check(pool, 'o:"{t}: add"', ["Birds of Paradise"])
    syndic = "Syndic of Tithes"
    assert syndic not in names(pool, 'o:"you may pay"')  # extort's reminder text
    check(pool, 'fo:"you may pay"', [syndic])
    check(pool, "o!=flying t:angel", [], ["Serra Angel"])
    check(pool, "o:/draw (a|two) cards?/", ["Opt", "Esper Charm"])
    check(pool, "fo:/^extort/", [syndic])


def test_tilde_stands_for_the_name(pool):
    check(pool, 'o:"whenever ~ attacks"', ["Grizzlegom, Hurloon Hero"])
    check(pool, 'o:"~ deals x damage"', ["Fireball", "Expansion // Explosion"])
    # Arvad has no comma in its name: "Arvad" alone is not replaced.
    assert "Arvad of the Weatherlight" not in names(pool, 'o:"whenever ~ deals combat"')
    check(pool, 'o:"whenever arvad deals"', ["Arvad of the Weatherlight"])


def test_keywords(pool):
    check(pool, "kw:flying", ["Serra Angel", "Shivan Dragon"], ["Lightning Bolt"])
    check(pool, "kw:FLYING", ["Serra Angel"])
    check(pool, "kw:fly", [], ["Serra Angel"])
    check(pool, "kw:partner", ["Thrasios, Triton Hero"])
    check(pool, "kw!=flying t:angel", [], ["Serra Angel"])


def test_numbers(pool):
    check(pool, "mv=0", ["Island", "Mana Crypt"], ["Sol Ring"])
    check(pool, "mv:1 t:artifact", ["Sol Ring"])
    check(pool, "cmc<1 t:artifact", ["Mana Crypt"], ["Sol Ring"])
    check(pool, "mv=6", ["Expansion // Explosion"])  # split: both halves (2 + 4, X is 0)
    check(pool, "mv:even t:instant", ["Counterspell", "Izzet Charm"], ["Lightning Bolt"])
    check(pool, "mv:odd t:instant", ["Lightning Bolt"], ["Counterspell"])
    check(pool, "mv>=7 t:creature", ["Griselbrand", "Angel of Despair"])
    check(pool, "pow=0", ["Tarmogoyf"])  # `*` counts 0
    check(pool, "tou=1 pow=0", ["Tarmogoyf"])  # `1+*` counts 1
    check(pool, "pow=2.5", ["Half Giant"])  # `2½`
    check(pool, "tou>1000", ["Half Giant"])  # `∞`
    check(pool, "loy=3", ["Jace, the Mind Sculptor", "Jace Beleren"])
    check(pool, "def>=5", ["Invasion of Ergamon // Truga Cliffcharger"])
    check(pool, "pow!=3", ["Serra Angel"], ["Lightning Bolt"])  # no power: never matches
    check(pool, "tou>pow t:rhino", ["Invasion of Ergamon // Truga Cliffcharger"])
    check(pool, "pow>=mv t:creature", ["Bonecrusher Giant // Stomp"], ["Serra Angel"])


def test_is_values(pool):
    check(pool, "is:commander", ["Griselbrand", "Raised by Giants", "Atraxa, Praetors' Voice",
                                 "Esika, God of the Tree // The Prismatic Bridge"],
          ["Serra Angel", "Westvale Abbey // Ormendahl, Profane Prince", "Jace Beleren"])  # fmt: skip
    check(pool, "is:commander", ["Jace Beleren"], ruleset="brawl")
    check(pool, "is:commander", ["Jace Beleren", "Counterspell"], ["Griselbrand"],
          ruleset="oathbreaker")  # fmt: skip
    check(pool, "is:companion", ["Lurrus of the Dream-Den"], ["Griselbrand"])
    check(pool, "is:permanent", ["Sol Ring", "Island"], ["Fire // Ice"])
    check(pool, "is:spell", ["Sol Ring"], ["Island"])
    check(pool, "is:legendary", ["Griselbrand"], ["Serra Angel"])
    check(pool, "is:vanilla", ["Half Giant"], ["Serra Angel"])
    check(pool, "is:transform", ["Delver of Secrets // Insectile Aberration"])
    check(pool, "is:mdfc", [], ["Delver of Secrets // Insectile Aberration"])
    check(pool, "is:split", ["Fire // Ice", "Expansion // Explosion"])
    check(pool, "is:adventure", ["Bonecrusher Giant // Stomp"])
    check(pool, "is:meld", [], ["Fire // Ice"])
    check(pool, "is:flip", [], ["Fire // Ice"])
    check(pool, "is:rulebreaker", ["Tolabow, Loch Rascal"], ["Griselbrand"])
    check(pool, "not:legendary t:angel", ["Serra Angel"], ["Atraxa, Praetors' Voice"])


class _Ruling:
    def __init__(self, banned, restricted):
        self.banned, self.restricted = banned, restricted

    def banned_by(self, card):
        return 'the format "league"' if card.id in self.banned else None

    def restricted_by(self, card):
        return 'the format "league"' if card.id in self.restricted else None


class _League:
    """A format of the seed-001 shape, duck-typed: Ruling by day."""

    code = "league"

    def ruling_on(self, day):
        banned = {"lightning-bolt"} | ({"counterspell"} if day >= date(2026, 1, 1) else set())
        return _Ruling(banned, {"sol-ring"})


def test_selected_format_and_day(pool):
    league = _League()
    old, new = date(2025, 6, 1), date(2026, 6, 1)
    check(pool, "banned:league", ["Lightning Bolt"], ["Counterspell"], format=league, day=old)
    check(pool, "banned:LEAGUE", ["Lightning Bolt", "Counterspell"], format=league, day=new)
    check(pool, "f:league t:instant", ["Counterspell", "Brainstorm"], ["Lightning Bolt"],
          format=league, day=old)  # fmt: skip
    check(pool, "restricted:league", ["Sol Ring"], ["Lightning Bolt"], format=league, day=old)
    check(pool, "legal:league", ["Sol Ring"], format=league, day=old)  # restricted is legal
    with pytest.raises(SearchError):
        compile_query("f:league")  # not selected, not built in


def test_own_copy_limit_zero_is_banned(pool):
    forbids = card(face("Contract from Below", "{B}", "Sorcery", "Draw seven cards."))
    import dataclasses

    forbids = dataclasses.replace(forbids, own_copy_limit=0)
    query = compile_query("banned:league", "mtg", SearchContext(format=_League()))
    assert query.matches(forbids)


# --- the evaluator ------------------------------------------------------------------------------


def test_matches_agrees_with_filter_rows(pool):
    for query, _, _ in WORKED:
        compiled = compile_query(query)
        rows = set(compiled.filter_rows(pool))
        assert {r for r in range(len(pool)) if compiled.matches(pool[r])} == rows, query


def test_filter_rows_keeps_the_given_order(pool):
    compiled = compile_query("t:instant")
    rows = list(range(len(pool)))[::-1]
    got = compiled.filter_rows(pool, rows)
    assert got == [r for r in rows if compiled.matches(pool[r])]


def test_searcher_narrowing_gives_fresh_results(pool):
    searcher = Searcher(pool)
    typed = 'o:"draw a card" t:instant'
    for i in range(1, len(typed) + 1):
        text = typed[:i]
        try:
            got = searcher.search(text)
        except SearchError:
            continue
        fresh = compile_query(text).filter_cards(list(pool))
        assert [pool[r] for r in got] == fresh, text


def test_searcher_returns_the_same_list_when_unchanged(pool):
    searcher = Searcher(pool)
    first = searcher.search("t:instant")
    assert searcher.search("t:instant ") is first
    assert searcher.search("") == list(range(len(pool)))


def test_first_failing_term(pool):
    query = compile_query("t:instant c:r -kw:flying")
    assert query.first_failing_term(pool.get("Lightning Bolt")) is None
    assert query.first_failing_term(pool.get("Counterspell")) == "c:r"
    assert query.first_failing_term(pool.get("Serra Angel")) == "t:instant"


def test_slow_queries_wait_for_a_pause():
    from deckeditor.search import is_slow

    assert is_slow('o:"draw a card"') and is_slow("name:/^kor/") and is_slow("t:elf fo:x")
    assert not is_slow("t:elf c:g bolt") and not is_slow('o:"unclosed')


def test_searcher_follows_the_selected_format_and_day(pool):
    searcher = Searcher(pool)
    with pytest.raises(SearchError):
        searcher.search("banned:league")
    searcher.set_context(SearchContext(format=_League(), day=date(2025, 6, 1)))
    assert {pool[r].name for r in searcher.search("banned:league")} == {"Lightning Bolt"}
    searcher.set_context(SearchContext(format=_League(), day=date(2026, 6, 1)))
    assert {pool[r].name for r in searcher.search("banned:league")} == {
        "Lightning Bolt",
        "Counterspell",
    }
