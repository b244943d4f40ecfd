"""Seed 001 format engine (specs/formats.md). Being written."""
