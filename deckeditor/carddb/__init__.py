"""The local card store: pools in memory, the SQLite cache, and the catalog index."""
