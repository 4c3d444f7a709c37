"""Errors the rules raise: a profile that breaks the rules, a quote that cannot be given."""

from __future__ import annotations

from collections.abc import Sequence

from clerkdesk.errors import ValidationError


class ProfileError(ValidationError):
    """A town profile with problems; ``problems`` lists every one, each naming its key."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        count = len(self.problems)
        first = self.problems[0] if self.problems else "unknown problem"
        more = f" (and {count - 1} more)" if count > 1 else ""
        super().__init__(f"the town profile is not valid: {first}{more}")


class UnknownPreset(ValidationError):
    """No preset has the id asked for."""


class QuoteRefused(ValidationError):
    """What was asked for cannot be licensed, or the request contradicts itself."""


class KennelOverMaximum(QuoteRefused):
    """A kennel with more dogs than the profile allows."""
