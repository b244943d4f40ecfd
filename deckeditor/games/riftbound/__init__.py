"""Riftbound: domains, cards, deck rules, attachment model, deck codes, gallery importer.

Modules (all Qt-free):

* ``card`` — Card, Printing, card codes, keywords and costs, records (`to_record`/`from_record`);
* ``gallery`` — the Riot gallery JSON importer (`load_gallery`) and supertype derivation;
* ``pool`` — lookups by card code and the extra name forms;
* ``rules`` — the deck checker and the catalog predicate; ``game`` — the registry interface;
* ``deckcode`` — the Piltover Archive deck code; ``deckops`` — section-aware deck edits;
* ``attachment`` — Equipment and attachment (seed 002): `preview(unit, gear) -> AttachmentView`;
* ``search_keys`` — the search language's Riftbound keys.
"""
