"""What the ``clerkdesk kennel`` commands read from their arguments: record numbers, a number
of dogs and the state's kennel classes."""

from __future__ import annotations

from clerkdesk.cli.context import fail

# The state's five classes (rules.schedule.KENNEL_CLASSES), written out so that listing
# the commands does not import the rules (tests/cli/test_cli_kennels.py checks they agree).
CLASSES = ("personal", "commercial-breeder", "commercial-boarding", "charitable", "veterinary")


def record_id(option: str, text: str) -> int:
    cleaned = text.strip()
    if not (cleaned.isascii() and cleaned.isdigit()) or len(cleaned) > 9 or int(cleaned) == 0:
        fail(f"{option} must be a record number such as 12, not {text[:40]!r}")
    return int(cleaned)


def dog_count(option: str, text: str) -> int:
    cleaned = text.strip()
    if not (cleaned.isascii() and cleaned.isdigit()) or len(cleaned) > 6 or int(cleaned) == 0:
        fail(f"{option} must be a whole number of dogs, 1 or more, not {text[:40]!r}")
    return int(cleaned)
