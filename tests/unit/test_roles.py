"""Card roles read from Oracle text (`games.mtg.roles`), named both ways on the real pool: for
each role at least 20 cards that have it and 20 look-alikes that do not."""

from __future__ import annotations

import random

import pytest

from deckeditor.games.mtg import roles
from tests.conftest import shared_data


@pytest.fixture(scope="module")
def pool():
    from deckeditor.carddb.pool import CardPool
    from deckeditor.games.mtg import mtgjson

    cards, _ = mtgjson.load_mtgjson(shared_data("mtg", "cards.json.xz"))
    return CardPool("mtg", cards)


CASES = {
    roles.RAMP: (
        [
            "Cultivate",
            "Rampant Growth",
            "Sol Ring",
            "Llanowar Elves",
            "Arcane Signet",
            "Kodama's Reach",
            "Farseek",
            "Nature's Lore",
            "Three Visits",
            "Birds of Paradise",
            "Utopia Sprawl",
            "Wild Growth",
            "Smothering Tithe",
            "Dockside Extortionist",
            "Exploration",
            "Azusa, Lost but Seeking",
            "Goblin Electromancer",
            "Etherium Sculptor",
            "Mind Stone",
            "Fellwar Stone",
            "Skyshroud Claim",
            "Growth Spiral",
            "Burgeoning",
            "Oracle of Mul Daya",
            "Thran Dynamo",
            "Talisman of Dominance",
            "Elvish Mystic",
            "Sakura-Tribe Elder",
            "Wood Elves",
            "Herald's Horn",
            "Harrow",
        ],
        [
            "Explore",
            "Dark Ritual",
            "Evolving Wilds",
            "Sylvan Scrying",
            "Path to Exile",
            "Command Tower",
            "Ancient Tomb",
            "Seething Song",
            "Scroll Rack",
            "Armillary Sphere",
            "Gaea's Cradle",
            "Ghirapur Aether Grid",
            "Thalia, Guardian of Thraben",
            "Sphere of Resistance",
            "Crop Rotation",
            "Life from the Loam",
            "Tithe",
            "Land Tax",
            "Reclaim",
            "Mana Drain",
            "Sunscorch Regent",
            "Lay of the Land",
            "Traverse the Ulvenwald",
            "Elvish Visionary",
            "Ruins of Oran-Rief",
        ],
    ),
    roles.DRAW: (
        [
            "Rhystic Study",
            "Mystic Remora",
            "Phyrexian Arena",
            "Harmonize",
            "Night's Whisper",
            "Sign in Blood",
            "Brainstorm",
            "Ponder",
            "Preordain",
            "Jeska's Will",
            "Light Up the Stage",
            "Outpost Siege",
            "Explore",
            "Growth Spiral",
            "Tireless Tracker",
            "Esper Sentinel",
            "Sylvan Library",
            "Skullclamp",
            "Windfall",
            "Wheel of Fortune",
            "Fact or Fiction",
            "Beast Whisperer",
            "Guardian Project",
            "Ancestral Recall",
            "Divination",
            "Faithless Looting",
            "Thrill of Possibility",
            "Valakut Exploration",
            "Arcane Denial",
            "Chart a Course",
            "Notion Thief",
            "Words of Wisdom",
            "Opt",
            "Consider",
            "Nekusar, the Mindrazer",
            "Sensei's Divining Top",
            "Peek",
        ],
        [
            "Psychosis Crawler",
            "Underworld Dreams",
            "Smothering Tithe",
            "Spirit of the Labyrinth",
            "Narset, Parter of Veils",
            "Kederekt Parasite",
            "Sheoldred, the Apocalypse",
            "Lava Axe",
            "Lightning Bolt",
            "Scroll Rack",
            "Mirror of Fate",
            "Mind Twist",
            "Hymn to Tourach",
            "Duress",
            "Thoughtseize",
            "Impulse",
            "Anticipate",
            "Dimir Signet",
            "Fog",
            "Counterspell",
            "Llanowar Elves",
            "Sol Ring",
            "Wrath of God",
            "Demonic Tutor",
            "Mirri's Guile",
        ],
    ),
    roles.REMOVAL: (
        [
            "Swords to Plowshares",
            "Pacifism",
            "Path to Exile",
            "Beast Within",
            "Chaos Warp",
            "Generous Gift",
            "Lightning Bolt",
            "Doom Blade",
            "Go for the Throat",
            "Murder",
            "Anguished Unmaking",
            "Assassin's Trophy",
            "Vindicate",
            "Nature's Claim",
            "Reclamation Sage",
            "Oblivion Ring",
            "Banishing Light",
            "Journey to Nowhere",
            "Rapid Hybridization",
            "Pongify",
            "Krosan Grip",
            "Putrefy",
            "Mortify",
            "Terminate",
            "Dismember",
            "Fatal Push",
            "Infernal Grasp",
            "Feed the Swarm",
            "Diabolic Edict",
            "Fight with Fire",
            "Prey Upon",
            "Ravenous Chupacabra",
            "Cyclonic Rift",
            "Arrest",
            "Darksteel Mutation",
            "Unexpectedly Absent",
        ],
        [
            "Fog",
            "Holy Day",
            "Stone Rain",
            "Wrath of God",
            "Counterspell",
            "Bojuka Bog",
            "Relic of Progenitus",
            "Ephemerate",
            "Cloudshift",
            "Lava Spike",
            "Lightning Greaves",
            "Rancor",
            "Threaten",
            "Act of Treason",
            "Giant Growth",
            "Lava Axe",
            "Tormod's Crypt",
            "Rest in Peace",
            "Divination",
            "Llanowar Elves",
            "Armageddon",
            "Sol Ring",
            "Duress",
            "Aether Vial",
            "Gods Willing",
        ],
    ),
    roles.BOARDWIPE: (
        [
            "Wrath of God",
            "Damnation",
            "Toxic Deluge",
            "Blasphemous Act",
            "Cyclonic Rift",
            "Austere Command",
            "Farewell",
            "Vanquish the Horde",
            "Evacuation",
            "Pestilence",
            "Anger of the Gods",
            "Pyroclasm",
            "Massacre Wurm",
            "Ruinous Ultimatum",
            "Merciless Eviction",
            "Hour of Revelation",
            "Day of Judgment",
            "Supreme Verdict",
            "Kindred Dominance",
            "Crux of Fate",
            "Settle the Wreckage",
            "Bane of Progress",
            "Vandalblast",
            "Shatterstorm",
            "Tranquility",
            "Cleansing Nova",
            "Mass Calcify",
            # "destroy each" + a singular kind, mostly bounded by mana value
            "Pernicious Deed",
            "Oblivion Stone",
            "Culling Sun",
            "Engineered Explosives",
            "Ratchet Bomb",
            "Extinction Event",
            "Ugin, the Spirit Dragon",
            "Meltdown",
        ],
        [
            "Armageddon",
            "Ravages of War",
            "Swords to Plowshares",
            "Doom Blade",
            "Fog",
            "Holy Day",
            "Overrun",
            "Craterhoof Behemoth",
            "Glorious Anthem",
            "Heroic Intervention",
            "Tamiyo's Safekeeping",
            "Counterspell",
            "Lightning Bolt",
            "Acidic Slime",
            "Tormod's Crypt",
            "Shock",
            "Rest in Peace",
            "Winter Orb",
            "Stasis",
            "Propaganda",
            "Ghostly Prison",
            "Sleep",
            "Sunder",
            "Falter",
            "Pyroblast",
            # "each" of a few chosen or voted for, or of one combat
            "Druid of Purification",
            "Council's Judgment",
            "Golden Argosy",
            "Heat Stroke",
        ],
    ),
    roles.COUNTERSPELL: (
        [
            "Counterspell",
            "Mana Leak",
            "Negate",
            "Swan Song",
            "Fierce Guardianship",
            "Force of Will",
            "Arcane Denial",
            "Mana Drain",
            "Dovin's Veto",
            "Cryptic Command",
            "Pact of Negation",
            "An Offer You Can't Refuse",
            "Delay",
            "Essence Scatter",
            "Dispel",
            "Flusterstorm",
            "Mental Misstep",
            "Spell Pierce",
            "Remand",
            "Memory Lapse",
            "Mystic Snake",
            "Draining Whelk",
            "Counterbalance",
            "Lapse of Certainty",
            "Tale's End",
            "Glen Elendra Archmage",
            "Voidslime",
        ],
        [
            "Stifle",
            "Abrupt Decay",
            "Autumn's Veil",
            "Vexing Shusher",
            "Cavern of Souls",
            "Grand Abolisher",
            "Defense Grid",
            "Pithing Needle",
            "Null Rod",
            "Hardened Scales",
            "Winding Constrictor",
            "Vampire Nighthawk",
            "Carnage Tyrant",
            "Thrun, the Last Troll",
            "Supreme Verdict",
            "Prismatic Strands",
            "Silence",
            "Orim's Chant",
            "Ashiok, Dream Render",
            "Giant Growth",
            "Brainstorm",
            "Opt",
            "Lightning Bolt",
            "Sol Ring",
            "Leyline of Sanctity",
        ],
    ),
    roles.TUTOR: (
        [
            "Demonic Tutor",
            "Vampiric Tutor",
            "Mystical Tutor",
            "Enlightened Tutor",
            "Worldly Tutor",
            "Imperial Seal",
            "Diabolic Intent",
            "Eladamri's Call",
            "Green Sun's Zenith",
            "Chord of Calling",
            "Gamble",
            "Idyllic Tutor",
            "Steelshaper's Gift",
            "Fabricate",
            "Muddle the Mixture",
            "Dimir House Guard",
            "Beseech the Mirror",
            "Grim Tutor",
            "Merchant Scroll",
            "Personal Tutor",
            "Survival of the Fittest",
            "Birthing Pod",
        ],
        [
            "Cultivate",
            "Rampant Growth",
            "Evolving Wilds",
            "Squadron Hawk",
            "Lay of the Land",
            "Sylvan Scrying",
            "Brainstorm",
            "Ponder",
            "Impulse",
            "Path to Exile",
            "Assassin's Trophy",
            "Harrow",
            "Farseek",
            "Knight of the White Orchid",
            "Fact or Fiction",
            "Scroll Rack",
            "Sensei's Divining Top",
            "Sol Ring",
            "Counterspell",
            "Wrath of God",
            "Crop Rotation",
            "Land Tax",
            "Ghost Quarter",
            "Terramorphic Expanse",
            "Prismatic Vista",
        ],
    ),
    roles.PROTECTION: (
        [
            "Lightning Greaves",
            "Swiftfoot Boots",
            "Teferi's Protection",
            "Heroic Intervention",
            "Flawless Maneuver",
            "Mother of Runes",
            "Giver of Runes",
            "Boros Charm",
            "Tamiyo's Safekeeping",
            "Snakeskin Veil",
            "Blossoming Defense",
            "Darksteel Plate",
            "Shalai, Voice of Plenty",
            "Sterling Grove",
            "Asceticism",
            "Leyline of Sanctity",
            "Champion's Helm",
            "Whispersilk Cloak",
            "Benevolent Bodyguard",
            "Dauntless Bodyguard",
            "Gods Willing",
            "Ranger's Guile",
            "Glaring Spotlight",
        ],
        [
            "Sigarda, Host of Herons",
            "Gladecover Scout",
            "Darksteel Myr",
            "Carnage Tyrant",
            "Slippery Bogle",
            "Detection Tower",
            "Fog",
            "Holy Day",
            "Counterspell",
            "Swords to Plowshares",
            "Wrath of God",
            "Sol Ring",
            "Thrun, the Last Troll",
            "Progenitus",
            "Plague Spitter",
            "Silence",
            "Giant Growth",
            "Rancor",
            "Bonesplitter",
            "Ghostly Prison",
            "Propaganda",
            "Sleep",
            "Falter",
            "Pithing Needle",
            "Ulamog, the Infinite Gyre",
            "Grand Abolisher",
        ],
    ),
    roles.RECURSION: (
        [
            "Eternal Witness",
            "Regrowth",
            "Animate Dead",
            "Reanimate",
            "Raise Dead",
            "Sun Titan",
            "Living Death",
            "Dread Return",
            "Unearth",
            "Karmic Guide",
            "Reveillark",
            "Necromancy",
            "Sevinne's Reclamation",
            "Past in Flames",
            "Yawgmoth's Will",
            "Crucible of Worlds",
            "Ramunap Excavator",
            "Meren of Clan Nel Toth",
            "Muldrotha, the Gravetide",
            "Scrap Trawler",
            "Bala Ged Recovery // Bala Ged Sanctuary",
            "Timeless Witness",
            "Gravedigger",
            "Archaeomancer",
            "Mystic Sanctuary",
            "Seasons Past",
        ],
        [
            "Bloodghast",
            "Gravecrawler",
            "Bojuka Bog",
            "Relic of Progenitus",
            "Rest in Peace",
            "Unsummon",
            "Boomerang",
            "Cyclonic Rift",
            "Evacuation",
            "Deep Analysis",
            "Think Twice",
            "Ichorid",
            "Prized Amalgam",
            "Tormod's Crypt",
            "Scavenging Ooze",
            "Faithless Looting",
            "Entomb",
            "Buried Alive",
            "Stitcher's Supplier",
            "Grisly Salvage",
            "Mulch",
            "Mesmeric Orb",
            "Narcomoeba",
            "Golgari Grave-Troll",
            "Reassembling Skeleton",
        ],
    ),
    roles.LAND: (
        [
            "Forest",
            "Command Tower",
            "Evolving Wilds",
            "Gaea's Cradle",
            "Ancient Tomb",
            "Valakut Awakening // Valakut Stoneforge",
            "Boseiju, Who Endures",
            "Arid Mesa",
            "Hallowed Fountain",
            "Exotic Orchard",
            "Reliquary Tower",
            "Urza's Saga",
            "Dryad Arbor",
            "Bojuka Bog",
            "Cavern of Souls",
            "Mystic Sanctuary",
            "Sea Gate Restoration // Sea Gate, Reborn",
            "Ghost Quarter",
            "Strip Mine",
            "Maze of Ith",
        ],
        [
            "Sol Ring",
            "Cultivate",
            "Rampant Growth",
            "Llanowar Elves",
            "Dryad of the Ilysian Grove",
            "Azusa, Lost but Seeking",
            "Crucible of Worlds",
            "Lotus Cobra",
            "Land Tax",
            "Armageddon",
            "Harrow",
            "Explore",
            "Arcane Signet",
            "Birds of Paradise",
            "Growth Spiral",
            "Amulet of Vigor",
            "Oracle of Mul Daya",
            "Exploration",
            "Burgeoning",
            "Wood Elves",
        ],
    ),
}


@pytest.mark.parametrize("role", list(CASES))
def test_cards_that_have_the_role(pool, role):
    inside = CASES[role][0]
    assert len(inside) >= 20
    assert [n for n in inside if role not in roles.roles_of(pool.get(n))] == []


@pytest.mark.parametrize("role", list(CASES))
def test_look_alikes_that_do_not(pool, role):
    outside = CASES[role][1]
    assert len(outside) >= 20
    assert [n for n in outside if role in roles.roles_of(pool.get(n))] == []


@pytest.mark.parametrize(
    "name, expected",
    [
        ("Cultivate", {roles.RAMP}),
        ("Rampant Growth", {roles.RAMP}),
        ("Explore", {roles.DRAW}),  # one more land this turn is not a land put onto the battlefield
        ("Swords to Plowshares", {roles.REMOVAL}),
        ("Pacifism", {roles.REMOVAL}),
        ("Fog", set()),
        ("Growth Spiral", {roles.RAMP, roles.DRAW}),
        ("Cyclonic Rift", {roles.REMOVAL, roles.BOARDWIPE}),  # overload
        ("Valakut Awakening // Valakut Stoneforge", {roles.DRAW, roles.LAND}),
        ("Animate Dead", {roles.RECURSION}),  # its -1/-0 is no removal
        # found by reading random cards of the pool: several targets, another's graveyard, a
        # stolen artifact; a blink of your own is no removal
        ("Kiora's Dismissal", {roles.REMOVAL}),
        ("Into the Void", {roles.REMOVAL}),
        ("Eliminate the Competition", {roles.REMOVAL}),
        ("Souvenir Snatcher", {roles.REMOVAL}),
        ("Nurgle's Conscription", {roles.RECURSION}),
        ("Ghostly Flicker", set()),
        ("Guardian of Ghirapur", set()),
        ("Skred", {roles.REMOVAL}),  # "… equal to the number of snow permanents you control"
        ("Fire Dragon", {roles.REMOVAL}),
        (
            "Victim of Night",
            {roles.REMOVAL},
        ),  # "target non-Vampire, non-Werewolf, non-Zombie creature"
    ],
)
def test_a_card_has_exactly_its_roles(pool, name, expected):
    assert set(roles.roles_of(pool.get(name))) == expected


def test_every_card_of_the_pool_is_read_and_each_role_is_found(pool):
    masks = roles.masks_for(pool.cards)
    assert len(masks) == len(pool.cards)
    for role in roles.ROLES:
        assert sum(1 for m in masks if m & roles.BIT[role]) >= 300, role


def test_a_land_is_never_ramp(pool):
    """A land's mana is counted as a land: no card is both, save a modal card with a land face."""
    for card in random.Random(3).sample(pool.cards, 4000):
        found = roles.roles_of(card)
        if roles.LAND in found and roles.RAMP in found:
            assert "Land" not in card.faces[0].types, card.name


def test_the_pool_table_and_one_card_agree(pool):
    table = roles.roles_for_pool(pool)
    for card in random.Random(5).sample(pool.cards, 200):
        assert table.get(card.name, 0) == roles.role_mask(card)
        assert roles.mask_in(pool, card) == table.get(card.name, 0)


def test_count_roles_counts_copies():
    from tests.support.mtg_cards import POOL

    forest = POOL.get("Forest")
    counted = roles.count_roles([(forest, 30)], POOL)
    assert counted[roles.LAND] == 30 and counted[roles.RAMP] == 0
    assert set(counted) == set(roles.ROLES)


def test_otag_keys_find_the_roles(pool):
    from deckeditor.search import compile_query

    def found(query):
        return {pool[r].name for r in compile_query(query, "mtg").filter_rows(pool)}

    ramp = found("otag:ramp c:g")
    assert {"Cultivate", "Rampant Growth", "Llanowar Elves"} <= ramp and "Explore" not in ramp
    assert "Sol Ring" in found("otag:ramp t:artifact")
    assert "Rhystic Study" in found("otag:draw")
    removal = found("otag:removal")
    assert {"Swords to Plowshares", "Pacifism"} <= removal and "Fog" not in removal
    assert "Wrath of God" in found("otag:boardwipe") and "Doom Blade" not in found("otag:boardwipe")
    assert "Counterspell" in found("otag:counterspell") and "Stifle" not in found(
        "otag:counterspell"
    )
    assert "Lightning Greaves" in found("otag:protection")
    assert "Eternal Witness" in found("otag:recursion")
    assert "Bloodghast" not in found("otag:recursion")
    assert found("otag:ramp -otag:ramp") == set()


def test_the_import_stores_the_roles_beside_the_snapshot(tmp_path, monkeypatch):
    """Roles are computed once, when a pool is imported: a later start reads them back."""
    import json
    import lzma
    import sqlite3
    from types import SimpleNamespace

    from deckeditor.carddb.store import CardStore, import_sources

    with lzma.open(shared_data("mtg", "cards.json.xz")) as fh:
        data = json.load(fh)
    names = ["Cultivate", "Sol Ring", "Swords to Plowshares", "Fog", "Forest"]
    source = tmp_path / "AtomicCards.json"
    source.write_text(
        json.dumps({"meta": data["meta"], "data": {n: data["data"][n] for n in names}})
    )
    db = tmp_path / "cards.sqlite3"
    import_sources([source], app_paths=SimpleNamespace(card_db=db))
    with sqlite3.connect(db) as conn:
        assert conn.execute(
            "SELECT 1 FROM derived WHERE game = 'mtg' AND name = 'mtg-roles'"
        ).fetchone()
    monkeypatch.setattr(roles, "masks_for", lambda cards: pytest.fail("computed again"))
    with CardStore(db) as store:
        pool = store.load_pool("mtg")
        table = roles.roles_for_pool(pool)
    assert roles.roles_of_mask(table["Cultivate"]) == (roles.RAMP,)
    assert "Fog" not in table  # no role: not stored
    assert roles.roles_of_mask(table["Forest"]) == (roles.LAND,)
