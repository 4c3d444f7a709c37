"""A comment ClerkDesk writes into the town's rules (naming who added a schedule) is text
too: a control character in it is shown escaped, so the rules still load (issue 27, item 4)."""

from __future__ import annotations

from clerkdesk.rules import presets
from clerkdesk.rules.loading import parse_profile
from clerkdesk.services.town_toml import with_schedule_appended


def test_a_written_comment_shows_its_control_characters_escaped() -> None:
    text = presets.preset_toml("westborough")
    schedule = dict(presets.load_preset("westborough").document["schedules"][0])
    schedule["effective"] = "2027-06-01"
    written = with_schedule_appended(text, schedule, "Added by cl\u202eerk\x1b[2J")
    assert "# Added by cl\\u202eerk\\x1b[2J\n" in written
    assert "\u202e" not in written and "\x1b" not in written
    assert parse_profile(written).name == "Town of Westborough"
