"""Forge card scripts: both syntax eras, the 28 current upstream scripts, robustness."""

from __future__ import annotations

import io
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckeditor.games.mtg.build import ImportIssue
from deckeditor.games.mtg.card import Layout
from deckeditor.games.mtg.colors import letters
from deckeditor.games.mtg.commander import can_be_commander, can_partner
from deckeditor.games.mtg.forge_script import (
    ForgeScriptError,
    iter_cards,
    load_forge,
    parse_script,
)
from tests.conftest import shared_data

OLD_DFC = (
    "Name:Delver of Secrets\r\nManaCost:U\r\nTypes:Creature Human Wizard\r\nPT:1/1\r\n"
    "SVar:TrigLook:AB$ Dig | Cost$ 0 | DigNum$ 1\r\nAlternateMode:DoubleFaced\r\n"
    "SVar:Picture:http://www.wizards.com/global/images/magic/general/delver_of_secrets.jpg\r\n"
    "Oracle:At the beginning of your upkeep, look at the top card of your library.\r\n\r\n"
    "ALTERNATE\r\n\r\nName:Insectile Aberration\r\nManaCost:no cost\r\nColors:blue\r\n"
    "Types:Creature Human Insect\r\nPT:3/2\r\nK:Flying\r\nOracle:Flying"  # no final newline
)
OLD_SPLIT = (
    "Name:Fire\r\nManaCost:1 R\r\nAlternateMode: Split\r\nTypes:Instant\r\n"
    "A:SP$ DealDamage | Cost$ 1 R | NumDmg$ 2\r\nOracle:Fire deals 2 damage divided as you choose.\r\n"
    "\r\nALTERNATE\r\n\r\nName:Ice\r\nManaCost:1 U\r\nTypes:Instant\r\n"
    "Oracle:Tap target permanent.\\nDraw a card.\r\n"
)
CURRENT = (
    "Name:Test Rulebreaker\nManaCost:2 U U\nTypes:Legendary Creature Otter\nPT:3/2\n"
    "DeckRule:ColorIdentity:AllowedAdditionalColor$ 1:Type:Instant,Sorcery | Exempt$ Type:Basic.Land"
    " | ActiveSection$ Commander | Description$ Rulebreaker —  If CARDNAME is your commander...\n"
    "DeckRule:Size:AdjustMax$ +5\n"
    "Oracle:Rulebreaker — If Test Rulebreaker is your commander...\n"
)
BATTLE = (
    "Name:Invasion of Somewhere\nManaCost:2 W\nTypes:Battle Siege\nDefense:4\n"
    "AlternateMode:DoubleFaced\nOracle:When this enters, ...\nALTERNATE\n"
    "Name:Some Angel\nColors:white,blue\nTypes:Legendary Creature Angel\nPT:3/3\nOracle:Flying\n"
)
MODAL = (
    "Name:Emeria's Call\nManaCost:4 W W W\nTypes:Sorcery\nAlternateMode:Modal\nOracle:Create two ...\n"
    "ALTERNATE\nName:Emeria, Shattered Skyclave\nManaCost:no cost\nTypes:Land\n"
    "Oracle:As Emeria enters, you may pay 3 life.\\n{T}: Add {W}.\n"
)
SPECIALIZE = (
    "Name:Lae'zel, Callous Warrior\nManaCost:1 W\nTypes:Legendary Creature Human Warrior\nPT:2/2\n"
    "AlternateMode:Specialize\nK:Specialize:3\nOracle:Specialize {3}\n"
    "SPECIALIZE:BLACK\nName:Lae'zel, Blessed Warrior\nManaCost:1 W B\n"
    "Types:Legendary Creature Human Warrior\nPT:4/4\nOracle:...\n"
)
ADVENTURE = (
    "Name:Bonecrusher Giant\nManaCost:2 R\nTypes:Creature Giant\nPT:4/3\nAlternateMode:Adventure\n"
    "Oracle:Whenever ...\n\nALTERNATE\n\nName:Stomp\nManaCost:1 R\nTypes:Instant Adventure\n"
    "Oracle:Damage can't be prevented this turn. Stomp deals 2 damage to any target.\n"
)


def test_older_syntax_double_faced_crlf_no_final_newline():
    card = parse_script(OLD_DFC)
    assert card.name == "Delver of Secrets // Insectile Aberration"
    assert card.layout is Layout.TRANSFORM
    assert card.faces[1].color_indicator == 2 and card.faces[1].mana_cost == ""
    assert letters(card.identity) == "U"
    assert card.faces[1].keywords == ("Flying",)
    assert card.faces[0].power == "1" and card.faces[1].toughness == "2"


def test_older_split_with_space_after_colon():
    card = parse_script(OLD_SPLIT)
    assert card.layout is Layout.SPLIT and card.name == "Fire // Ice"
    assert card.mana_value == 4 and letters(card.identity) == "UR"
    assert card.faces[1].oracle_text == "Tap target permanent.\nDraw a card."


def test_current_syntax_deckrule_lines_kept_raw():
    card = parse_script(CURRENT)
    assert [r.text for r in card.deck_rule_lines] == [
        "ColorIdentity:AllowedAdditionalColor$ 1:Type:Instant,Sorcery | Exempt$ Type:Basic.Land | "
        "ActiveSection$ Commander | Description$ Rulebreaker —  If CARDNAME is your commander...",
        "Size:AdjustMax$ +5",
    ]
    assert {r.face for r in card.deck_rule_lines} == {"Test Rulebreaker"}


def test_battle_defense_and_back_face_colours():
    card = parse_script(BATTLE)
    assert card.front.defense == "4" and card.front.types == ("Battle",)
    assert letters(card.identity) == "WU"  # back face colour indicator counts


def test_modal_and_adventure_and_specialize():
    modal = parse_script(MODAL)
    assert modal.layout is Layout.MODAL_DFC and letters(modal.identity) == "W"
    adv = parse_script(ADVENTURE)
    assert adv.layout is Layout.ADVENTURE and adv.name == "Bonecrusher Giant // Stomp"
    assert adv.mana_value == 3
    spec = parse_script(SPECIALIZE)
    assert spec.layout is Layout.SPECIALIZE and spec.name == "Lae'zel, Callous Warrior"
    assert len(spec.faces) == 2 and letters(spec.identity) == "W"


def test_set_color_id_and_deck_limit_and_partner_syntax():
    spires = parse_script("Name:Cryptic Spires\nManaCost:no cost\nTypes:Land\nSETCOLORID:2\n")
    assert spires.set_color_id == 2
    naz = parse_script("Name:Nazgûl\nManaCost:2 B\nTypes:Creature Wraith Knight\n"
                       "K:DeckLimit:9:A deck can have up to nine cards named CARDNAME.\n")  # fmt: skip
    assert naz.own_copy_limit == 9 and "DeckLimit" not in naz.keywords
    pir = parse_script("Name:Pir\nManaCost:2 G\nTypes:Legendary Creature Human\n"
                       "K:Partner:Toothy, Imaginary Friend:Toothy\n")  # fmt: skip
    assert pir.partner.with_names == {"Toothy, Imaginary Friend"}
    assert "Partner with" in pir.keywords
    ff = parse_script("Name:X\nManaCost:W\nTypes:Legendary Creature Human\nK:Friends forever\n")
    assert ff.partner.types == {"friends forever"}


@pytest.mark.parametrize(
    "text",
    ["", "\n\n", "Oracle:no name\n", "Name:\nTypes:Land\n", "Name:No Types\nManaCost:1\n",
     "Name:Bad\nManaCost:2 Q\nTypes:Instant\n",
     "Name:Front\nTypes:Land\nALTERNATE\nManaCost:1\nTypes:Land\n"],
)  # fmt: skip
def test_bad_scripts_raise_forge_script_error_with_line(text):
    with pytest.raises(ForgeScriptError) as err:
        parse_script(text)
    assert err.value.reason


def test_bad_cost_names_its_line():
    with pytest.raises(ForgeScriptError, match="line 2"):
        parse_script("Name:Bad\nManaCost:2 Q\nTypes:Instant\n")


def test_warnings_do_not_stop_the_card():
    issues: list[ImportIssue] = []
    card = parse_script("Name:W\nManaCost:1\nTypes:Creature\nPT:3\nColors:plaid\nSETCOLORID:nine\n",
                        "w.txt", issues)  # fmt: skip
    assert card.name == "W"
    assert {i.severity for i in issues} == {"warning"}
    assert all(i.source == "w.txt" for i in issues)
    assert sorted(i.where for i in issues) == [
        "line 4",
        "line 5",
        "line 6",
    ]  # PT, Colors, SETCOLORID


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_parser_raises_only_its_own_error_on_arbitrary_text(text):
    try:
        parse_script(text)
    except ForgeScriptError:
        pass


_LINE = st.sampled_from(
    ["Name:A", "Name:", "ManaCost:2 U", "ManaCost:W/U", "ManaCost:Q", "Types:Creature", "Types:",
     "PT:1/1", "PT:x", "Colors:red", "Colors:", "K:Partner:", "K:DeckLimit:", "K:DeckLimit:x",
     "SETCOLORID:", "ALTERNATE", "SPECIALIZE:RED", "AlternateMode:Split", "AlternateMode:Weird",
     "Oracle:x", "DeckRule:", "Defense:", "Loyalty:", "Text:a"]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(_LINE, max_size=14), st.sampled_from(["\n", "\r\n"]))
def test_parser_raises_only_its_own_error_on_script_like_text(lines, nl):
    try:
        card = parse_script(nl.join(lines))
    except ForgeScriptError:
        return
    assert card.name and 0 <= card.identity <= 31


def _zip(files: dict[str, str]) -> io.BytesIO:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    buf.seek(0)
    return buf


def test_folder_walk_recursive_and_bad_neighbours(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b" / "deep").mkdir(parents=True)
    (tmp_path / "a" / "good_one.txt").write_text(OLD_SPLIT, encoding="utf-8")
    (tmp_path / "a" / "broken.txt").write_text("Oracle:nothing else\n", encoding="utf-8")
    (tmp_path / "b" / "deep" / "good_two.txt").write_bytes(OLD_DFC.encode("utf-8"))
    (tmp_path / "b" / "latin1.txt").write_bytes("Name:Caf\xe9\nTypes:Land\n".encode("latin-1"))
    (tmp_path / "b" / "notes.md").write_text("not a script", encoding="utf-8")
    cards, issues = load_forge(tmp_path)
    assert sorted(c.name for c in cards) == [
        "Café",
        "Delver of Secrets // Insectile Aberration",
        "Fire // Ice",
    ]
    errors = [i for i in issues if i.severity == "error"]
    assert len(errors) == 1 and errors[0].source.endswith("broken.txt")
    assert any(i.severity == "warning" and "Latin-1" in i.message for i in issues)


def test_zip_import_and_progress(tmp_path):
    path = tmp_path / "cardsfolder.zip"
    files = {
        f"cardsfolder/x/card{i}.txt": f"Name:Card {i}\nManaCost:{i}\nTypes:Artifact\n"
        for i in range(300)
    }
    files["cardsfolder/x/zz_bad.txt"] = "garbage"
    path.write_bytes(_zip(files).getvalue())
    seen = []
    issues: list[ImportIssue] = []
    cards = list(iter_cards(path, issues, progress=lambda done, total: seen.append((done, total))))
    assert len(cards) == 300 and len(issues) == 1
    assert seen[-1] == (301, 301)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=12), st.text(max_size=80))
def test_importer_never_loses_a_good_record_because_of_a_bad_neighbour(
    tmp_path_factory, flags, junk
):
    folder = tmp_path_factory.mktemp("cf")
    good = set()
    for i, is_good in enumerate(flags):
        if is_good:
            (folder / f"c{i:02}.txt").write_text(
                f"Name:Good {i}\nManaCost:1 G\nTypes:Creature\n", encoding="utf-8"
            )
            good.add(f"Good {i}")
        else:
            (folder / f"c{i:02}.txt").write_text(
                "Types:Creature\n" + junk.replace("Name:", "N:"), encoding="utf-8"
            )
    cards, issues = load_forge(folder)
    assert {c.name for c in cards} == good
    assert len([i for i in issues if i.severity == "error"]) == len(flags) - len(good)


# --- the 28 current upstream scripts -------------------------------------------------------

# name: (identity, commander-eligible, partner kind, DeckRule lines, set_color_id, own limit)
UPSTREAM = {
    "The Everforger": ("", True, None, 1, 0, None),
    "Hadran, Naya Sunseeder": ("RG", True, None, 1, 0, None),
    "Daxiver, Izzet Electromancer": ("UR", True, None, 1, 0, None),
    "Maular, the Next Evolution": ("G", True, None, 1, 0, None),
    "Grizzlegom, Hurloon Hero": ("RG", True, None, 1, 0, None),
    "Tolabow, Loch Rascal": ("U", True, None, 1, 0, None),
    "Whtz, the Bibliophile": ("WU", True, None, 1, 0, None),
    "Valko Indorian": ("B", True, None, 1, 0, None),
    "Valko Indorian, Researcher": ("WU", True, None, 1, 0, None),
    "Arvad of the Weatherlight": ("WB", True, None, 1, 0, None),
    "The Unluckiest Planeswalker": ("R", True, None, 1, 0, None),
    "Seluma, Light of Aysen": ("W", True, None, 1, 0, None),
    "Cryptic Spires": ("", False, None, 0, 2, None),
    "Fire // Ice": ("UR", False, None, 0, 0, None),
    "Delver of Secrets // Insectile Aberration": ("U", False, None, 0, 0, None),
    "Bonecrusher Giant // Stomp": ("R", False, None, 0, 0, None),
    "Wilson, Refined Grizzly": ("G", True, "choose_background", 0, 0, None),
    "Raised by Giants": ("G", False, "is_background", 0, 0, None),
    "Pir, Imaginative Rascal": ("G", True, "with_names", 0, 0, None),
    "Thrasios, Triton Hero": ("GU", True, "plain", 0, 0, None),
    "The Tenth Doctor": ("UR", True, "is_doctor", 0, 0, None),
    "Rose Tyler": ("W", True, "doctors_companion", 0, 0, None),
    "Nazgûl": ("B", False, None, 0, 0, 9),
    "Seven Dwarves": ("R", False, None, 0, 0, 7),
    "Relentless Rats": ("B", False, None, 0, 0, 999),
    "The Prismatic Piper": ("", True, "plain", 0, 0, None),
    "Ghostfire": ("R", False, None, 0, 0, None),
    "Lurrus of the Dream-Den": ("WB", True, None, 0, 0, None),
}


@pytest.fixture(scope="module")
def upstream():
    path = shared_data("forge", "upstream-sample-cardscripts.tar.xz")
    cards, issues = load_forge(path)
    return {c.name: c for c in cards}, issues


def _letters_sorted(text: str) -> str:
    from deckeditor.games.mtg.colors import mask

    return letters(mask(text))


@pytest.mark.realdata
def test_upstream_scripts_all_import(upstream):
    cards, issues = upstream
    assert sorted(cards) == sorted(UPSTREAM)
    assert [i for i in issues if i.severity == "error"] == []


@pytest.mark.realdata
@pytest.mark.parametrize("name", sorted(UPSTREAM))
def test_upstream_script_facts(upstream, name):
    cards, _ = upstream
    card = cards[name]
    identity, eligible, partner, nrules, scid, limit = UPSTREAM[name]
    assert letters(card.identity) == _letters_sorted(identity)
    assert can_be_commander(card, "commander") is eligible
    kinds = [k for k in ("plain", "with_names", "types", "choose_background", "doctors_companion",
                         "is_background", "is_doctor") if getattr(card.partner, k)]  # fmt: skip
    assert kinds == ([partner] if partner else [])
    assert len(card.deck_rule_lines) == nrules
    assert card.set_color_id == scid
    assert card.own_copy_limit == limit


@pytest.mark.realdata
def test_upstream_specific_facts(upstream):
    cards, _ = upstream
    assert cards["Pir, Imaginative Rascal"].partner.with_names == {"Toothy, Imaginary Friend"}
    assert cards["The Prismatic Piper"].wild_color
    assert cards["Lurrus of the Dream-Den"].companion
    assert cards["The Unluckiest Planeswalker"].commander_text
    assert can_partner(cards["Wilson, Refined Grizzly"], cards["Raised by Giants"])
    assert can_partner(cards["The Tenth Doctor"], cards["Rose Tyler"])
    assert not can_partner(cards["Pir, Imaginative Rascal"], cards["Thrasios, Triton Hero"])
    assert can_partner(cards["The Prismatic Piper"], cards["Thrasios, Triton Hero"])
    tolabow = cards["Tolabow, Loch Rascal"].deck_rule_lines[0]
    assert tolabow.face == "Tolabow, Loch Rascal"
    assert tolabow.text.startswith("ColorIdentity:AllowedAdditionalColor$ 1:Type:Instant,Sorcery |")
    whtz = cards["Whtz, the Bibliophile"].deck_rule_lines[0]
    assert whtz.text.startswith("Size:AdjustMax$ Unlimited")
    # Forge's Colors:colorless does not remove Ghostfire's red (§2 "Where Forge deviates").
    assert cards["Ghostfire"].front.colors == 0
    assert cards["Fire // Ice"].mana_value == 4
