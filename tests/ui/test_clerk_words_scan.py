"""The scanner of a screen's words finds command lines and TOML keys, and nothing else."""

from __future__ import annotations

import pytest
from clerk_words import machine_words


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("or open it with `clerkdesk year open 2027 --tags FROM-TO`.", True),
        ("Applies to: licensed_here_before", True),
        ("4 values (listed in town.examples) are examples", True),
        ("license_year.early_sale_days is an example value", True),
        ("schedules[0].dog_fees is an example value", True),
        ("Import town rules from westborough-rules-v2.toml", False),  # the file chosen
        ("No tags on hand for 2027–28: receive the year's tags in Tags (F5) → Receive…", False),
        ("Late fee — 6 weeks late (from 06/01/2026)", False),
        ("Printed r.pdf to the file /tmp/pytest_of_root/test_x0/copy-of-r.pdf.", False),
        ("e.g. 1-1500; Mon–Fri, 8:30–4:30", False),
        ("“Next year on sale” in the town rules is an example value", False),
    ],
)
def test_command_lines_and_keys_are_found(text: str, found: bool) -> None:
    assert bool(machine_words(text)) is found
