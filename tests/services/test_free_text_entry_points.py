"""Text is text at the services' other doors (issue 27, item 4): the receipt's payer name, a
fee waiver's reason, a kennel's category, the town rules' note and saved-by, a reprint's
reason. Each refuses an escape sequence, a line break and a right-to-left override in one
line naming the field, with nothing saved, and drops a zero-width joiner."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import func, select

from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    DocumentReprint,
    Kennel,
    Owner,
    PrintedKind,
    Receipt,
    ReceiptLine,
    TownProfileVersion,
)
from clerkdesk.rules import presets
from clerkdesk.rules.roles import Permission
from clerkdesk.services import kennels, licensing, reprints
from clerkdesk.services.acting import acting
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.town import save_town_profile, store_version
from services.kennel_support import kennel_input
from small_town import CLERK, Town, check

ZWJ = "\u200d"
HOSTILE = [
    pytest.param("\x1b[31m", "an escape character", id="escape"),
    pytest.param("\n", "a line break (U+000A); write it on one line", id="line-break"),
    pytest.param("\u202e", "a right-to-left or left-to-right control (U+202E)", id="rtl"),
]


def _count(town: Town, model: object) -> int:
    with town.database.read() as session:
        return int(session.scalar(select(func.count()).select_from(model)) or 0)  # type: ignore[call-overload]


def _refused(town: Town, model: object, action: Callable[[], object], words: str) -> str:
    """``action`` refused with ``words`` in one line, and no row of ``model`` added."""
    before = _count(town, model)
    with pytest.raises(ValidationError) as refused:
        action()
    assert words in refused.value.message and "\n" not in refused.value.message
    assert _count(town, model) == before
    return refused.value.message


def _sell_rex(town: Town, waiver: str | None = None) -> int:
    waivers = {"late_fee": waiver} if waiver is not None else {}
    request = CheckoutRequest(town.jane, (LicenseItem(town.rex, waivers=waivers),), (check(),))
    return licensing.checkout(town.database, request, actor=CLERK, clock=town.clock).receipt_id


def _name_jane(town: Town, first: str) -> None:
    """Jane's first name as one stored before text was checked might hold it."""
    with acting(town.database, CLERK, Permission.EDIT_RECORDS, clock=town.clock) as session:
        jane = session.get(Owner, town.jane)
        assert jane is not None
        jane.first_name = first


@pytest.mark.parametrize(("bad", "words"), HOSTILE)
def test_a_payer_name_on_file_with_a_control_character_is_refused(
    town: Town, bad: str, words: str
) -> None:
    _name_jane(town, f"Ja{bad}ne")
    said = _refused(town, Receipt, lambda: _sell_rex(town), words)
    assert said.startswith("The payer's name on file holds")


def test_a_payer_name_is_written_without_a_zero_width_joiner(town: Town) -> None:
    _name_jane(town, f"Ja{ZWJ}ne")
    receipt_id = _sell_rex(town)
    with town.database.read() as session:
        receipt = session.get(Receipt, receipt_id)
        assert receipt is not None and receipt.payer_name == "Jane Doe"


@pytest.mark.parametrize(("bad", "words"), HOSTILE)
def test_a_waiver_reason_with_a_control_character_is_refused(
    town: Town, bad: str, words: str
) -> None:
    said = _refused(town, ReceiptLine, lambda: _sell_rex(town, f"In hos{bad}pital"), words)
    assert said.startswith("The reason for the waiver holds")


def test_a_waiver_reason_is_kept_without_a_zero_width_joiner_and_not_too_long(
    town: Town,
) -> None:
    _refused(town, ReceiptLine, lambda: _sell_rex(town, "x" * 201), "at most 200")
    receipt_id = _sell_rex(town, f"In hos{ZWJ}pital")
    with town.database.read() as session:
        reasons = set(
            session.scalars(
                select(ReceiptLine.waiver_reason).where(
                    ReceiptLine.receipt_id == receipt_id, ReceiptLine.code == "late_fee"
                )
            )
        )
    assert reasons == {"In hospital"}


@pytest.mark.parametrize(("bad", "words"), HOSTILE)
def test_a_kennel_category_with_a_control_character_is_refused(
    town: Town, bad: str, words: str
) -> None:
    data = kennel_input(town, category=f"hob{bad}by")

    def add() -> int:
        return kennels.add_kennel(town.database, data, actor=CLERK, clock=town.clock)

    said = _refused(town, Kennel, add, words)
    assert said.startswith("Category holds")


def test_a_kennel_category_is_read_without_a_zero_width_joiner(town: Town) -> None:
    # the town names no category: the refusal quotes the category as it was cleaned
    data = kennel_input(town, category=f"hob{ZWJ}by")
    with pytest.raises(ValidationError, match='no kennel category "hobby"'):
        kennels.add_kennel(town.database, data, actor=CLERK, clock=town.clock)


def _save_rules(town: Town, note: str) -> object:
    text = presets.preset_toml("westborough").replace("Town of Westborough", "Westborough")
    return save_town_profile(town.database, text, actor=CLERK, clock=town.clock, note=note)


@pytest.mark.parametrize(("bad", "words"), HOSTILE)
def test_a_note_on_the_town_rules_with_a_control_character_is_refused(
    town: Town, bad: str, words: str
) -> None:
    said = _refused(town, TownProfileVersion, lambda: _save_rules(town, f"new{bad} fees"), words)
    assert said.startswith("The note holds")


@pytest.mark.parametrize(("bad", "words"), HOSTILE)
def test_the_rules_saved_by_a_name_with_a_control_character_are_refused(
    town: Town, bad: str, words: str
) -> None:
    text = presets.preset_toml("westborough").replace("Town of Westborough", "Westborough")
    profile = presets.load_preset("westborough")

    def store() -> None:
        with acting(town.database, CLERK, Permission.MANAGE_TOWN, clock=town.clock) as session:
            store_version(session, text, profile, f"cl{bad}erk", town.clock, None, None)

    said = _refused(town, TownProfileVersion, store, words)
    assert said.startswith("The user name holds")


def test_a_note_on_the_town_rules_is_kept_without_a_zero_width_joiner(town: Town) -> None:
    _save_rules(town, f"new{ZWJ} fees")
    with town.database.read() as session:
        newest = session.scalars(
            select(TownProfileVersion).order_by(TownProfileVersion.id.desc())
        ).first()
    assert newest is not None and newest.note == "new fees"


def _receipt(town: Town) -> int:
    with town.database.read() as session:
        found = session.scalars(select(Receipt.id)).first()
    assert found is not None
    return found


def _reprint(town: Town, reason: str) -> object:
    return reprints.reprint(
        town.database, PrintedKind.RECEIPT, _receipt(town), actor=CLERK, clock=town.clock,
        reason=reason,
    )  # fmt: skip


@pytest.mark.parametrize(("bad", "words"), HOSTILE)
def test_a_reprint_reason_with_a_control_character_is_refused(
    town: Town, bad: str, words: str
) -> None:
    said = _refused(town, DocumentReprint, lambda: _reprint(town, f"lost{bad} it"), words)
    assert said.startswith("The reason holds")


def test_a_reprint_reason_is_kept_without_a_zero_width_joiner(town: Town) -> None:
    _reprint(town, f"lost{ZWJ} it")
    with town.database.read() as session:
        assert set(session.scalars(select(DocumentReprint.reason))) == {"lost it"}
