"""The role recognisers: what part a card plays in a deck — ramp, card draw, removal… — read
from its Oracle text (`role_mask`). `deckeditor.games.mtg.roles` keeps the pool's table of them.

Each role is a few phrasings over the *normalised* text of every face: reminder text removed,
case-folded, curly quotes made straight, the card's own name and "this creature/spell/…" made
`~`, one ability per line. A card may have several roles (Growth Spiral draws and ramps). What
each role means, precisely:

* ramp — a permanent that makes mana (a rock, a dork, Utopia Sprawl's extra mana, Treasure), a
  search of your library that puts a land onto the battlefield (Cultivate), a land put from your
  hand onto the battlefield, an extra land play every turn (Exploration), or a permanent that
  makes your spells cost less. Not a land itself, not a ritual (one-shot mana from an instant or
  sorcery), not a land fetched to hand (Sylvan Scrying), not one extra land this turn (Explore);
* draw — you draw (or a player you target, or each player, draws) cards, investigate (Clues), or
  impulse draw: the top cards of your library exiled with a permission to play them. Not a
  trigger on someone drawing (Nekusar), not an opponent's draw (a removal spell's consolation);
* removal — one opposing permanent dealt with: destroyed, exiled, bounced, damaged, shrunk,
  fought, tucked into its library, sacrificed by an edict, or neutralised by an Aura (Pacifism).
  Not one of your own ("target creature you control" is a blink), not a land (that is land
  destruction), not a card in a graveyard, not damage to players only, not a Fog;
* boardwipe — all or each of a kind of permanent dealt with at once (Wrath of God, Pestilence's
  "each creature", Cyclonic Rift's "all nonland permanents you don't control"). Not all lands
  (that is mass land denial), not "all creatures get +1/+1";
* counterspell — counters a spell. Not "can't be countered", not abilities only (Stifle);
* tutor — `bracket_categories.is_tutor` (a search of your library for a card that is not a land);
* protection — makes your other permanents (or you) hard to remove: hexproof, shroud,
  indestructible, protection, ward, phasing out, regeneration, given to creatures you control,
  to an equipped or enchanted creature, to a target, or to you. Not a card's own keyword (Sigarda's
  hexproof protects only Sigarda);
* recursion — gets cards back from a graveyard: to hand, to the battlefield, or cast from there.
  Not only itself (Bloodghast, flashback), not graveyard hate;
* land — a land card (a modal double-faced card with a land face counts too).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from deckeditor.games.mtg.bracket_categories import is_tutor
from deckeditor.games.mtg.card import Card, Face
from deckeditor.games.mtg.role_names import (
    BIT,
    BOARDWIPE,
    COUNTERSPELL,
    DRAW,
    LAND,
    PROTECTION,
    RAMP,
    RECURSION,
    REMOVAL,
    TUTOR,
)
from deckeditor.search.folding import replace_name

_PERMANENT_TYPES = frozenset(
    {"Artifact", "Creature", "Enchantment", "Planeswalker", "Battle", "Land"}
)


# --- normalised text ------------------------------------------------------------------------

_REMINDER = re.compile(r"\([^()]*\)")
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2212": "-"})
_SELF = re.compile(
    r"\bthis (?:creature|artifact|enchantment|aura|equipment|vehicle|land|spell|card|permanent|"
    r"planeswalker|saga|battle|class|case|room|siege|token)\b"
)


def _strip_reminder(text: str) -> str:
    previous = None
    while previous != text:
        previous, text = text, _REMINDER.sub("", text)
    return text


def face_text(face: Face) -> str:
    """One face's rules text as the recognisers read it (see the module's docstring)."""
    text = (face.oracle_text or "").casefold()
    if "(" in text:
        text = _strip_reminder(text)
    if not text.isascii():
        text = text.translate(_QUOTES)
    name = (face.name or "").casefold()
    if not name.isascii():
        name = name.translate(_QUOTES)
    text = replace_name(text, name)
    short = name.split(",", 1)[0]  # "Thrasios, Triton Hero" calls itself "Thrasios"
    if short != name and len(short) > 3:
        text = replace_name(text, short)
    return _SELF.sub("~", text) if "this " in text else text


def _abilities(text: str) -> list[str]:
    return [line.strip() for line in text.split("\n") if line.strip()]


# --- the phrasings --------------------------------------------------------------------------

_NUMBER = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|that many|\d+|an additional|additional)"

# ramp
_ADD_MANA = re.compile(
    r"\badds? (?:\{[wubrgcsx0-9/]+\}|one|two|three|four|five|x|an amount of|that much|an additional|"
    r"mana|[a-z]+ mana|\w+ additional)"
)
_TREASURE = re.compile(r"\bcreates? [^.]*?\btreasure tokens?\b")
_LAND_WORD = r"(?:basic |nonbasic |snow |legendary )?(?:land|plains|island|swamp|mountain|forest|gate|desert|cave|town)s?"
_LAND_TO_BATTLEFIELD = re.compile(
    rf"\b(?:search(?:es)? your library|each player searches (?:their|his or her) library) for [^.\n]*?\b{_LAND_WORD}\b"
    rf"[^.\n]*?\bcards?\b[^\n]*?\bonto the battlefield"
    rf"|\bput (?:a|up to \w+|any number of|x|one|two|three) {_LAND_WORD} cards? (?:from your hand |from among them )?"
    rf"onto the battlefield"
    rf"|\b(?:reveal|look at) the top [^\n]*?\bland\b[^\n]*?\bonto the battlefield"
)
# Crop Rotation swaps one land for another
_LAND_SWAP = re.compile(r"\bsacrifice a land\b")
_ONE_MORE_LAND = re.compile(r"\bfor up to (?:two|three|four|x)\b|\bfor (?:two|three|x)\b")
_EXTRA_LAND_EVERY_TURN = re.compile(
    r"\byou may play (?:an additional land|two additional lands|up to \w+ additional lands|"
    r"any number of (?:additional )?lands)\b(?! this turn)"
)
_COST_LESS = re.compile(
    r"\b(?:spells?|abilities|creature spells|noncreature spells|artifact spells)\b[^.\n]*?\bcosts? "
    r"(?:\{[^}]+\})+ less\b|\bcosts? (?:\{[^}]+\})+ less to (?:cast|activate)\b"
)
_OWN_COST = re.compile(
    r"(?:^|[.;]\s*)(?:~|this spell\b|this ability\b|it\b|flashback\b|[^.\n]*\bcards? named\b)[^.\n]*\bcosts? (?:\{[^}]+\})+ less"
)

# draw
_DRAW = re.compile(rf"\bdraws? (?:{_NUMBER}|up to \w+|cards? equal to|x cards)\b")
_NOT_YOUR_DRAW = re.compile(
    r"\b(?:opponents?|whenever|would|its controller|its owner|that creature's controller|"
    r"that permanent's controller|their controller|can't|if you've|if a player|first card|"
    r"second card|each card drawn|for each card|if an? player|has drawn|have drawn)\b[^.;:]*$"
)
_INVESTIGATE = re.compile(r"\binvestigates?\b|\bcreates? [^.]*\bclue tokens?\b")
# Fact or Fiction, Dig Through Time: more than one card from the top into your hand
_DIG = re.compile(
    r"\b(?:reveal|look at|exile) the top (?:two|three|four|five|six|seven|eight|x|\d+) cards of your library\b[^\n]*?"
    r"\bput (?:one pile|(?:two|three|four|x|all|any number) of (?:them|those cards)|them all|those cards) into your hand"
)
_IMPULSE = re.compile(
    r"\bexiles? the top (?:card|\w+ cards|x cards) of your library\b[^\n]*?\byou may (?:play|cast)\b"
)

# removal (one target)
_ENEMY_THING = (
    r"(?:creature|artifact|enchantment|planeswalker|permanent|nonland permanent|battle|"
    r"noncreature permanent|nonenchantment permanent|attacking creature|blocking creature|"
    r"attacking or blocking creature|tapped creature|untapped creature|creature or planeswalker|"
    r"artifact or enchantment|artifact or creature|creature or vehicle|nonartifact creature|"
    r"nonblack creature|nonwhite creature|nonred creature|nongreen creature|nonblue creature|"
    r"creature with [^.,]*?|[a-z]+ creature|[a-z]+ permanent|[a-z]+ artifact|[a-z]+ enchantment|[a-z]+ or [a-z]+ permanent|"
    r"creature, planeswalker, or battle|artifact, enchantment, or planeswalker|"
    r"creature or enchantment|artifact, creature, or enchantment|[a-z]+, [a-z]+, or [a-z]+|"
    r"(?:non-[a-z]+, )+(?:or )?non-[a-z]+ (?:creature|permanent))"
)
_WHOSE = r"(?: (?:an opponent|target opponent|target player|defending player) controls| you don't control| your opponents control)?"
_TARGET = (
    rf"(?:up to (?:one|two|three|four|x) |any number of |one or two |two |three |x )?(?:other )?(?:another )?"
    rf"target {_ENEMY_THING}s?{_WHOSE}"
)
_REMOVE_TARGET = re.compile(
    rf"\b(?:destroy|exile) {_TARGET}"
    rf"|\breturn {_TARGET} to (?:its|their) owners?'?s? hands?"
    rf"|\bput {_TARGET} (?:on the (?:top|bottom) of|into) its owner's library"
    rf"|\b(?:shuffles?) {_TARGET} into"
    rf"|\bowner of {_TARGET} shuffles it into"
    rf"|\b{_TARGET} (?:gets|get) -(?:\d+|x)/-(?:[1-9]\d*|x)"
    rf"|\bdeals? [^.]*?damage to (?:any target|{_TARGET}|any other target|each of up to \w+ targets?)"
    rf"|\bfights? (?:up to one )?(?:another )?target"
    rf"|\bdamage equal to [^.]*? to (?:any target|{_TARGET})"
    rf"|\bdamage divided (?:as you choose |evenly, rounded down, )?among (?:any number of|up to \w+|one, two, or three|two|three) (?:other )?targets?"
    rf"|\b(?:target|each) (?:player|opponent) sacrifices (?:a|an|one|two|x) (?:creature|planeswalker|"
    rf"nonland permanent|permanent|artifact|enchantment|attacking creature)"
    rf"|\bgain control of {_TARGET}(?! until end of turn)(?![^.]*\buntil end of turn)"
)
_YOURS = re.compile(r"\btarget [^.]*?\byou control\b|\btarget [^.]*?\byou own\b|\bcard\b")
# "… target artifacts, creatures, and/or lands you control": the clause goes on to say whose
_STILL_YOURS = re.compile(
    r"(?:,? (?:and/or |or |and )?(?:artifact|creature|enchantment|land|planeswalker|permanent|battle)s?)*"
    r",? you (?:control|own)\b"
)
_LAND_ONLY = re.compile(r"\btarget (?:nonbasic |basic )?land\b")
_AURA_NEUTRALISES = re.compile(
    r"\benchanted (?:creature|permanent)(?: or \w+)? (?:can't attack(?: or block)?|"
    r"doesn't untap|[^.]*?\bloses all (?:other )?abilities|gets -\d+/-[1-9]\d*|can't block, and its activated)"
    r"|\benchanted (?:creature|permanent)'s activated abilities can't be activated"
    r"|\byou control enchanted (?:creature|permanent|artifact|planeswalker)"
)

# board wipe
_WIPE_THING = (
    r"(?:creatures|nonland permanents|permanents|artifacts|enchantments|planeswalkers|"
    r"artifacts and enchantments|nonland, nontoken permanents|attacking creatures|tokens|"
    r"creature tokens|noncreature artifacts|other creatures|other permanents|"
    r"[a-z]+ creatures|[a-z]+ permanents|nontoken creatures|artifacts, creatures, and enchantments|"
    r"creatures and planeswalkers|artifacts and creatures|creatures and enchantments)"
)
# "each" takes the singular: "destroy each artifact, creature, and enchantment with mana value X
# or less" (Pernicious Deed), "each nonland permanent without a fate counter" (Oblivion Stone);
# not the creatures in one combat, nor the few permanents the players chose or voted for
_EACH_THING = (
    r"(?:creature|nonland permanent|permanent|artifact|enchantment|planeswalker|"
    r"artifact, creature, and enchantment|artifact and enchantment|creature and planeswalker|"
    r"nonland, nontoken permanent)"
    r"(?! card| blocking| it blocked| blocked| dealt| that dealt| that blocked| that crewed| chosen|"
    r" with the most votes| with a doom counter)"
)
_WIPE = re.compile(
    rf"\b(?:destroy|exile) (?:all|each) (?:other )?(?:non\w+ )?{_WIPE_THING}"
    rf"|\b(?:destroy|exile) each (?:other )?(?:non\w+ )?{_EACH_THING}\b"
    rf"|\breturn all (?:other )?(?:non\w+ )?{_WIPE_THING} to (?:their|its) owners' hands"
    rf"|\bdeals? [^.]*?damage to each (?:other )?(?:creature|non\w+ creature|creature and each planeswalker|"
    rf"creature and planeswalker|creature without flying|creature with flying|creature your opponents control|"
    rf"creature and each player|creature and each other player|player and each creature|"
    rf"opponent and each creature)"
    rf"|\ball (?:other )?(?:non\w+ )?creatures(?: your opponents control)? get -(?:\d+|x)/-(?:[1-9]\d*|x)"
    rf"|\bcreatures (?:your opponents control|target (?:player|opponent) controls|you don't control) get -(?:\d+|x)/-(?:[1-9]\d*|x)"
    rf"|\beach (?:other )?creature gets -(?:\d+|x)/-(?:[1-9]\d*|x)"
    rf"|\beach (?:player|opponent) sacrifices (?:all|each|x|two|three|half) (?:the )?(?:creatures|nonland permanents|permanents)"
    rf"|\bput all (?:other )?(?:non\w+ )?{_WIPE_THING} on the bottom of"
    rf"|\bshuffles? all (?:other )?{_WIPE_THING}"
)
_WIPE_NOT = re.compile(
    r"\b(?:destroy|exile) all (?:auras|equipment)\b|\battached to\b|\byou control\b(?! [^.]*except)"
)

# counterspell
_COUNTER = re.compile(
    r"\bcounter (?:target|that|the (?:first |chosen )?|all|each|up to \w+ target|it unless|it\.|"
    r"another target|two target|x target)[^.]*?\bspells?\b"
    r"|\bcounter (?:target|that|it)\b(?! (?:activated|triggered|ability|abilities))"
)

# protection
_PROTECTED = r"(?:hexproof|shroud|indestructible|protection from|ward)"
_PROTECT = re.compile(
    rf"\b(?:[a-z]+s|other [a-z]+s?|each other creature|commanders?)(?: [\w,]+)* you control "
    rf"(?:gain|gains|have|has|get|gets)\b[^.]*?\b{_PROTECTED}"
    rf"|\b(?:equipped|enchanted|fortified) (?:creature|permanent|artifact|land)\b[^.]*?\b(?:has|gains|gets)\b[^.]*?\b{_PROTECTED}"
    rf"|\btarget (?:\w+ )*?(?:creature|permanent|artifact|enchantment|planeswalker)s?(?: you control)? "
    rf"(?:gains?|gets?|has|have)\b[^.]*?\b{_PROTECTED}"
    rf"|\b(?:you|you and [^.]*?) (?:have|has|gain) (?:hexproof|shroud|protection from)"
    rf"|\b(?:all |target |each |other )?(?:\w+ )?(?:permanents|creatures|permanent|creature|artifacts|nonland permanents)"
    rf"(?: [\w,]+)* you control phase out"
    rf"|\bphase out (?:target|each|all|any number of|up to)"
    rf"|\bregenerate (?:target|each|all|another)"
    rf"|\b(?:creature|creatures|permanent|permanents) you control (?:with [^.]*? )?can't be (?:the target|destroyed|sacrificed)"
    rf"|\bchosen (?:creature|permanent) (?:gains|has)\b[^.]*?\b{_PROTECTED}"
)
# Snakeskin Veil: "… target creature you control. It gains hexproof …"
_PROTECT_IT = re.compile(
    rf"\btarget (?:creature|permanent|artifact|creature or planeswalker)[^.]*?\byou control\b[^.]*\.\s*"
    rf"(?:it|that creature|that permanent) (?:gains|has|gets)\b[^.]*?\b{_PROTECTED}"
)
_PROTECT_ENEMY = re.compile(r"\b(?:opponents? controls?|an opponent controls|you don't control)\b")

# recursion
_RECURSE = re.compile(
    r"\breturn (?:(?:up to )?(?:one|two|three|x|any number of|all|each|a|an|another|target|those|the) )?"
    r"(?:other )?(?:target )?[^.]*?\bcards?\b[^.]*?\bfrom (?:your|a|their|an opponent's) graveyards? "
    r"to (?:your hand|the battlefield|its owner's hand|their owners' hands)"
    r"|\bput (?:up to \w+ )?(?:target |a |an |all |any number of )?[^.]*?\bcards?\b[^.]*?\bfrom (?:your|a|their|an opponent's) graveyards? onto the battlefield"
    r"|\breturn enchanted creature card to the battlefield"
    r"|\breturn (?:up to \w+ )?target [^.]*?\bcards? (?:from your graveyard )?to your hand"
    r"|\byou may (?:cast|play) [^.]*?\bfrom your graveyard"
    r"|\bcards? in your graveyard (?:have|has|gains?) (?:flashback|escape|retrace|jump-start|unearth)"
    r"|\bexiles? all creature cards from (?:their|your) graveyards?[^.]*?\bonto the battlefield"
    r"|\breturn to (?:your hand|the battlefield) target [^.]*?\bcards? in your graveyard"
    r"|\bput target [^.]*?\bcards? from your graveyard on top of your library"
)
# Meren: "choose target creature card in your graveyard. … return that card to the battlefield"
_RECURSE_CHOSEN = re.compile(
    r"\btarget [^.]*?\bcards? in your graveyard\b[^\n]*?\breturn (?:it|that card|those cards) to (?:your hand|the battlefield)"
)
_SELF_ONLY = re.compile(r"\breturn ~|\b(?:cast|play) ~ from\b|\bput ~ from\b")


def _any_face(card: Card, predicate: Callable[[Face], bool]) -> bool:
    return any(predicate(face) for face in card.faces)


def _is_permanent(face: Face) -> bool:
    return bool(_PERMANENT_TYPES & set(face.types))


def _is_land_card(card: Card) -> bool:
    if "Land" in card.faces[0].types:
        return True
    return getattr(card.layout, "value", card.layout) == "modal_dfc" and _any_face(
        card, lambda f: "Land" in f.types
    )


# --- one role each ---------------------------------------------------------------------------


# every face of a card with its normalised text (`face_text`)
Texts = list[tuple[Face, str]]


def _reads_ramp(card: Card, texts: Texts) -> bool:
    if "Land" in card.faces[0].types:
        return False  # a land's mana is counted as a land
    for face, text in texts:
        if "Land" in face.types:
            continue  # a modal card's land face: its mana is the land's
        permanent = _is_permanent(face)
        for ability in _abilities(text):
            if permanent and (_ADD_MANA.search(ability) or _TREASURE.search(ability)):
                return True
            if _LAND_TO_BATTLEFIELD.search(ability) and "graveyard" not in ability:
                if _LAND_SWAP.search(text) and not _ONE_MORE_LAND.search(ability):
                    continue
                if not re.search(
                    r"\b(?:its controller|that player|target player|target opponent)\b[^.]*search",
                    ability,
                ):
                    return True
            if permanent and _EXTRA_LAND_EVERY_TURN.search(ability):
                return True
            if permanent and _COST_LESS.search(ability) and not _OWN_COST.search(ability):
                if not re.search(r"\bopponents?\b[^.]*\bcost", ability):
                    return True
    return False


def _reads_draw(card: Card, texts: Texts) -> bool:
    for _face, text in texts:
        for ability in _abilities(text):
            if _INVESTIGATE.search(ability) or _IMPULSE.search(ability) or _DIG.search(ability):
                return True
            for m in _DRAW.finditer(ability):
                before = ability[: m.start()]
                clause = re.split(r"[.;:,]|\bthen\b", before)[-1]
                if _NOT_YOUR_DRAW.search(clause):
                    continue
                if (
                    re.search(r"\b(?:target|each) (?:opponent|player)(?:s)? (?:may )?$", clause)
                    and "opponent" in clause
                ):
                    continue
                return True
    return False


_SENTENCE_END = re.compile(r"(?<=\.)\s+")


def _names_target(ability: str) -> bool:
    """Whether an ability can hold one of `_REMOVE_TARGET`'s phrasings (a cheap test first)."""
    return "target" in ability or "sacrifices" in ability


def _reads_removal(card: Card, texts: Texts) -> bool:
    for face, text in texts:
        for ability in _abilities(text):
            if not _names_target(ability):
                if "Aura" in face.subtypes and _AURA_NEUTRALISES.search(ability):
                    return True
                continue
            for sentence in _SENTENCE_END.split(ability):
                for m in _REMOVE_TARGET.finditer(sentence):
                    hit = m.group(0)
                    if _YOURS.search(hit) or _LAND_ONLY.search(hit):
                        continue
                    after = sentence[m.end() :]
                    if _STILL_YOURS.match(after) or after.startswith(" card"):
                        continue
                    return True
            if "Aura" in face.subtypes and _AURA_NEUTRALISES.search(ability):
                return True
    return False


def _reads_boardwipe(card: Card, texts: Texts) -> bool:
    for _face, text in texts:
        for ability in _abilities(text):
            if "all " not in ability and "each " not in ability and "creatures " not in ability:
                continue
            for sentence in _SENTENCE_END.split(ability):
                m = _WIPE.search(sentence)
                if m and not _WIPE_NOT.search(m.group(0)):
                    rest = sentence[m.end() : m.end() + 14]
                    if rest.startswith(" you control") or rest.startswith(" with ~"):
                        continue
                    return True
    return False


def _reads_counterspell(card: Card, texts: Texts) -> bool:
    for _face, text in texts:
        for ability in _abilities(text):
            if "spell" in ability and _COUNTER.search(ability):
                return True
    return False


def _reads_protection(card: Card, texts: Texts) -> bool:
    for _face, text in texts:
        for ability in _abilities(text):
            if _PROTECT_IT.search(ability):
                return True
            for sentence in _SENTENCE_END.split(ability):
                m = _PROTECT.search(sentence)
                if m and not _PROTECT_ENEMY.search(m.group(0)) and not m.group(0).startswith("~"):
                    return True
    return False


def _reads_recursion(card: Card, texts: Texts) -> bool:
    for _face, text in texts:
        for ability in _abilities(text):
            if _RECURSE_CHOSEN.search(ability):
                return True
            for sentence in _SENTENCE_END.split(ability):
                m = _RECURSE.search(sentence)
                if m and not _SELF_ONLY.search(m.group(0)):
                    return True
    return False


# Each reader runs only on texts holding one of its words: most cards have no role's words, and
# the regexes above would otherwise cost ~2.5 s over the pool instead of well under one.
_READERS: tuple[tuple[str, Callable[[Card, Texts], bool], Callable[[str], bool]], ...] = (
    (
        RAMP,
        _reads_ramp,
        lambda t: (
            "add" in t
            or "treasure" in t
            or "land" in t
            or "less" in t
            or "onto the battlefield" in t
        ),
    ),
    (
        DRAW,
        _reads_draw,
        lambda t: "draw" in t or "investigate" in t or "clue" in t or "the top" in t,
    ),
    (REMOVAL, _reads_removal, lambda t: "target" in t or "enchanted" in t or "sacrifices" in t),
    (BOARDWIPE, _reads_boardwipe, lambda t: "all " in t or "each " in t or "creatures " in t),
    (COUNTERSPELL, _reads_counterspell, lambda t: "counter " in t),
    (
        PROTECTION,
        _reads_protection,
        lambda t: (
            "hexproof" in t
            or "shroud" in t
            or "indestructible" in t
            or "protection" in t
            or "ward" in t
            or "phase" in t
            or "regenerate" in t
            or "can't be" in t
        ),
    ),
    (RECURSION, _reads_recursion, lambda t: "graveyard" in t),
)


def role_mask(card: Card) -> int:
    """The card's roles as bits of `BIT`."""
    texts = [(face, face_text(face)) for face in card.faces]
    whole = "\n".join(t for _, t in texts)
    mask = 0
    for role, reads, has_words in _READERS:
        if has_words(whole) and reads(card, texts):
            mask |= BIT[role]
    # Overload (Cyclonic Rift) turns the one target into each: its words are reminder text
    if mask & BIT[REMOVAL] and "Overload" in getattr(card, "keywords", ()):
        mask |= BIT[BOARDWIPE]
    if ("search" in whole or "Transmute" in getattr(card, "keywords", ())) and is_tutor(card):
        mask |= BIT[TUTOR]
    if _is_land_card(card):
        mask |= BIT[LAND]
    return mask
