"""A head printed on paper (a close-out sheet, a remittance) against the chain as stored:
what finds a chain recomputed whole, or its last entries cut off with the counter set back,
which no check inside the database can."""

from __future__ import annotations

from sqlalchemy.orm import Session

from clerkdesk.rules.ledger_hash import keyed_head, unkeyed_head
from clerkdesk.services.chain_seen import ChainSeen, Verification
from clerkdesk.settings.chain_key import KeyRing, PrintedHead


def check_against(
    session: Session, found: Verification, seen: ChainSeen, printed: PrintedHead, keys: KeyRing
) -> None:
    del session  # everything needed was seen by the walk
    stored = seen.hashes_at.get(printed.seq)
    if stored is None:
        found.add(
            printed.seq,
            f"the printed head {printed.text} names ledger entry {printed.seq}, but the chain "
            f"ends at entry {found.head_seq}: entries after it were deleted",
        )
        return
    candidates = {unkeyed_head(stored)}
    # A head is printed with the key in force when it is printed, which may be a later key
    # than the one in force at its entry (a close-out reprinted after the key was made or
    # rotated): any key the chain records and this computer holds may have signed it.
    recorded = list(dict.fromkeys(fingerprint for _at, fingerprint in seen.keys))
    held = [key for key in map(keys.by_fingerprint, recorded) if key is not None]
    candidates.update(keyed_head(key, printed.seq, stored) for key in held)
    fingerprint = seen.key_at(printed.seq) or (recorded[-1] if recorded else None)
    if fingerprint is not None and not held:
        found.unkeyed = (
            f"The head of entry {printed.seq} was printed with the chain key {fingerprint}, "
            "which is not in this computer's key file: it cannot be checked here."
        )
    if printed.value in candidates:
        found.against = f"It matches the printed head {printed.text}."
        return
    if found.unkeyed:
        found.add(printed.seq, found.unkeyed)
        return
    found.add(
        printed.seq,
        f"ledger entry {printed.seq} does not match the printed head {printed.text}: the chain "
        "was rewritten up to there (or the head was copied wrong)",
    )
