"""Bringing in records kept by other programs: the register, vets' rabies lists, the census."""
