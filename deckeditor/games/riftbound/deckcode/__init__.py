"""The Piltover Archive deck code (`riftbound.md` §4): base32 text over a byte layout of
varint-counted groups. Decodes versions 1–6; encodes 3–5, choosing the lowest version that can
hold the deck, byte-exact with the reference encoder.

`decode`/`encode` (`codec`) work on card codes and counts only; `decode_to_deck`/`encode_deck`
(`decks`) map them to and from the deck model through a card pool (§4.5).
"""

from .codec import (
    ALPHABET,
    FLAG_PREFIX,
    ID_SET,
    ID_VARIANT,
    KIND,
    MAX_CARDS,
    MAX_VARINT_BYTES,
    PREFIX_FLAG,
    VARIANT_ID,
    DeckCode,
    DeckCodeError,
    b32decode,
    b32encode,
    choose_version,
    decode,
    encode,
    looks_like_code,
    looks_like_damaged_code,
    varint,
)
from .decks import (
    MAIN_SECTIONS,
    CodeImport,
    decode_to_deck,
    encode_deck,
    export_pairs,
    import_code,
)

__all__ = [
    "ALPHABET",
    "FLAG_PREFIX",
    "ID_SET",
    "ID_VARIANT",
    "KIND",
    "MAIN_SECTIONS",
    "MAX_CARDS",
    "MAX_VARINT_BYTES",
    "PREFIX_FLAG",
    "VARIANT_ID",
    "CodeImport",
    "DeckCode",
    "DeckCodeError",
    "b32decode",
    "b32encode",
    "choose_version",
    "decode",
    "decode_to_deck",
    "encode",
    "encode_deck",
    "export_pairs",
    "import_code",
    "looks_like_code",
    "looks_like_damaged_code",
    "varint",
]
