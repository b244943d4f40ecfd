"""Catalog search language: parser -> tree -> predicate over a game's card fields."""
