"""The conditions Massachusetts law puts on every dog license, as a certificate states them.

MGL c.140 §137(c) grants a license "upon condition" that the dog is kept from livestock and
fowl, and makes the owner keep the tag on the dog and replace a lost one at once; §137(b)
grants it only on a rabies certificate (§145B); §146 makes it good throughout the state and
says what to do when the dog moves to another town. Worded for the resident, not quoted.
A town's own conditions (``[certificate] conditions``) print after these.
"""

from __future__ import annotations

from clerkdesk.rules.profile import DEFAULT_CONDITIONS

STATUTORY_CONDITIONS: tuple[tuple[str, str], ...] = (
    (
        "This license is granted on condition that the dog is controlled and restrained "
        "from killing, chasing or harassing livestock or fowl.",
        "MGL c.140 §137(c)",
    ),
    (
        "The dog must wear a collar or harness with this license's tag securely attached. "
        "If the tag is lost, get a substitute tag from the clerk at once.",
        "MGL c.140 §137(c)",
    ),
    (
        "Granted on a veterinarian's certificate of rabies vaccination (or exemption): keep "
        "the dog vaccinated.",
        "MGL c.140 §137(b), §145B",
    ),
    (
        "Good throughout Massachusetts. If the dog moves for good to another town, take this "
        "license and tag to its clerk within 30 days for a transfer license.",
        "MGL c.140 §146",
    ),
)


def town_conditions(conditions: str) -> str:
    """The town's own conditions, or nothing where the profile keeps its default (the tag
    rule of §137, which the second condition above already states)."""
    text = " ".join(conditions.split())
    return "" if text == " ".join(DEFAULT_CONDITIONS.split()) else text
