"""A tender's amount from a screen is held to what its column holds by the service too
(``rules.money.checked_amount``): refused beside the tender, never rounded or crashed."""

from __future__ import annotations

from decimal import Decimal

import pytest

from clerkdesk.errors import ValidationError
from clerkdesk.models import TenderKind
from clerkdesk.services.payments import TenderInput, plan_tenders


@pytest.mark.parametrize("offered", ["1e308", "9" * 40, "NaN", "1e-9", "-Infinity"])
@pytest.mark.parametrize("kind", [TenderKind.CASH, TenderKind.CHECK])
def test_a_tender_past_its_column_is_refused(offered: str, kind: TenderKind) -> None:
    tender = TenderInput(kind, Decimal(offered), None if kind is TenderKind.CASH else "12")
    with pytest.raises(ValidationError) as refused:
        plan_tenders(Decimal("14.00"), [tender])
    assert refused.value.field == kind.value
