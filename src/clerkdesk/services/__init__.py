"""Use cases: the only door to the data. No Qt here; the UI and the CLI call the same functions."""
