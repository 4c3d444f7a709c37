"""File → Export records…: the full export and the public-records export."""
