"""File → Back up now… and File → Restore from a backup…"""
