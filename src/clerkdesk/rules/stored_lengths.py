"""The longest a profile's values may be where they are stored as they are: a town's id and
name on each saved version, a fee's code and revenue account on every receipt line.

PostgreSQL refuses text longer than its column (SQLite keeps it), so a 300-character
account passed ``profile check`` and then stopped every checkout on a shared server. The
lengths are the models' columns (``tests/rules/test_stored_lengths.py`` holds them
equal); the rules sit below the models and cannot read them. Descriptions, citations and
rule sources are cut to their columns when a line is written, so they have no limit here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

TOWN_ID = 40  # town_profile_version.town_id
TOWN_NAME = 120  # town_profile_version.name
FEE_CODE = 40  # receipt_line.code
ACCOUNT = 80  # receipt_line.account


def _too_long(key: str, value: str, limit: int, what: str) -> str | None:
    if len(value) <= limit:
        return None
    return (
        f"{key}: {what} is {len(value)} characters; the database keeps at most {limit} (shorten it)"
    )


def length_problems(
    profile_id: str,
    name: str,
    accounts: Mapping[str, str],
    default_account: str | None,
    codes: Iterable[tuple[str, str]],
) -> list[str]:
    """Each value longer than the column it is saved in, naming its key; ``codes`` are
    (fee code, where it is set) as ``loading.fee_codes`` gives them."""
    found = [
        _too_long("town.id", profile_id, TOWN_ID, "the town's id"),
        _too_long("town.name", name, TOWN_NAME, "the town's name"),
    ]
    if default_account is not None:
        found.append(_too_long("accounts.default", default_account, ACCOUNT, "the account"))
    found += [
        _too_long(f"accounts.{code}", account, ACCOUNT, "the account")
        for code, account in accounts.items()
    ]
    seen: set[str] = set()
    for code, source in codes:
        if code not in seen:
            seen.add(code)
            found.append(_too_long(source, code, FEE_CODE, f'the fee code "{code[:20]}…"'))
    return [problem for problem in found if problem is not None]
