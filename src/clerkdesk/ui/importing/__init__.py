"""Bringing an office's records in: the old register, vets' rabies lists and the census."""
