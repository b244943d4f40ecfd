"""Pebbles' cards: a name and a hue."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pebble:
    name: str
    hue: str
    types: tuple[str, ...] = ("Pebble",)

    @property
    def face_names(self) -> tuple[str, ...]:
        return (self.name,)


CARDS = (
    Pebble("Grey Pebble", "grey"),
    Pebble("Red Pebble", "red"),
    Pebble("Blue Pebble", "blue"),
    Pebble("Red Boulder", "red"),
)
