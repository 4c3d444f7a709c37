"""Enforcement use cases (issue 28): violations and fines, impounds and release, complaints,
hearings, orders and licensing bars. Money for a fine or a release is taken by the one
checkout (``services.licensing``), never here."""
