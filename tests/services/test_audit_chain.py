"""The audit trail's own chain: every entry links the one before it, whoever wrote it and
however many workstations write at once."""

from __future__ import annotations

from at_once import at_once
from sqlalchemy import select

from clerkdesk.db.database import Database
from clerkdesk.models import AuditEntry
from clerkdesk.services import people
from clerkdesk.services.ledger_verify import verify_ledger
from small_town import CLERK, Town, owner_input


def _url(database: Database) -> str:
    return database.url.render_as_string(hide_password=False)


def test_six_workstations_writing_at_once_keep_one_chain(town: Town) -> None:
    # GIVEN six workstations, each adding owners (every one an audit entry) at the same moment
    def job(number: int):  # type: ignore[no-untyped-def]
        def work(db: Database) -> None:
            for n in range(3):
                people.create_owner(
                    db, owner_input("Ann", f"Race{number}x{n}"), actor=CLERK, clock=town.clock
                )

        return work

    outcomes = at_once(_url(town.database), [job(n) for n in range(6)])
    # THEN every write went through, and the chain has no fork and no gap
    assert outcomes == ["done"] * 6
    with town.database.read() as session:
        places = list(session.scalars(select(AuditEntry.chain_seq).order_by(AuditEntry.chain_seq)))
    assert None not in places and places == list(range(1, len(places) + 1))
    found = verify_ledger(town.database)
    assert found.intact, found.breaks
    assert found.audit_entries == len(places)


def test_an_entry_a_service_adds_itself_is_chained_with_the_rest(town: Town) -> None:
    # A service that adds its own AuditEntry (an export, a reprint) joins the chain too.
    with town.database.write() as session:
        session.add(
            AuditEntry(
                at=town.clock.now(),
                user_name="clerk",
                action="export",
                table_name="export",
                record_id="full",
            )
        )
    with town.database.read() as session:
        last = session.scalars(select(AuditEntry).order_by(AuditEntry.id.desc())).first()
        assert last is not None and last.action == "export" and last.chain_seq is not None
        assert last.workstation == ""
    assert verify_ledger(town.database).intact
