"""``clerkdesk backup``, ``backup verify``, ``restore`` and ``town backups``."""
