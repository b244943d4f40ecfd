"""Riftbound: domains, cards, deck rules, attachment model, deck codes, gallery importer."""
