"""The database: one engine and session factory for SQLite and PostgreSQL, and migrations."""
