"""``clerkdesk import …``: records brought in from other programs' files."""
