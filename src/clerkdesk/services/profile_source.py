"""The town profile in force, read inside the caller's transaction.

Use cases that charge money read the profile themselves rather than trusting the copy a
screen loaded earlier, so every workstation charges by the same rules.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.errors import ValidationError
from clerkdesk.models import TownProfileVersion
from clerkdesk.rules import TownProfile, parse_profile

_parsed: dict[str, TownProfile] = {}


def profile_in_force(session: Session) -> TownProfile:
    text = session.scalar(
        select(TownProfileVersion.profile_toml).order_by(TownProfileVersion.id.desc()).limit(1)
    )
    if text is None:
        raise ValidationError(
            "No town is set up in this database: choose the town's rules under Settings.",
            field="town",
        )
    profile = _parsed.get(text)
    if profile is None:
        # Parsing is pure, so the same text always gives the same profile; keep a few.
        if len(_parsed) > 8:
            _parsed.clear()
        profile = _parsed[text] = parse_profile(text, stored=True)
    return profile
