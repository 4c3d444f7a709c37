"""Qt item models over service results."""
