"""MTG's search keys (`search.md` §4), declared for the search engine: `SEARCH` is the key table
the games' registry hands to `deckeditor.search.keys` on the first MTG query.

* ``table`` — aliases, refusals, help, the `GameSearch`;
* ``columns`` — the pre-folded columns the keys read;
* ``colours`` — `c:`/`id:` values; ``is_values`` — `is:` and `otag:`;
* ``printings`` — the printing keys `s:` `r:` `a:` `game:` `year:`.
"""

from deckeditor.games.mtg.search_keys.table import SEARCH

__all__ = ["SEARCH"]
