"""The services tests' fixture: the small town of ``small_town``."""

from small_town import town  # noqa: F401  (the fixture, for every test in this folder)
