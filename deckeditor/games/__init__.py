"""The games Deck Editor knows: each subpackage with a `declaration` module is one (see
`deckeditor.games.registry`, which finds them, and `deckeditor.games.declaration`)."""
