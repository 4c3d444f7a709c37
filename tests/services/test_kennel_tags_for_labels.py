"""A kennel license's tags as labels: every tag of the license sold, or the ones asked for;
refused in words for a kennel not licensed for the year or a tag it does not have."""

from __future__ import annotations

import pytest

from clerkdesk.errors import ValidationError
from clerkdesk.services.kennel_licensing import KennelSaleRequest, sell_kennel_license
from clerkdesk.services.kennel_tag_labels import kennel_tag_labels
from clerkdesk.services.voids import void_receipt
from services.kennel_support import KennelTown, make_kennel_town
from small_town import CLERK, Town, check


@pytest.fixture
def kt(town: Town) -> KennelTown:
    return make_kennel_town(town)


def _sell(kt: KennelTown) -> int:
    request = KennelSaleRequest(kt.kennel, (check(),))
    sale = sell_kennel_license(kt.town.database, request, actor=CLERK, clock=kt.town.clock)
    return sale.receipt_id


def test_every_tag_of_the_license_in_order(kt: KennelTown) -> None:
    _sell(kt)
    labels = kennel_tag_labels(kt.town.database, kt.kennel, on=kt.town.clock.today())
    assert (labels.town, labels.year_label, labels.license_label) == (
        "Town of Westborough",
        "2026–27",
        "2026–27-K001",
    )
    # Duke, Daisy and Scout count; Pip, under three months, has no tag
    assert labels.tags == ("K001 #1", "K001 #2", "K001 #3")
    only = kennel_tag_labels(
        kt.town.database, kt.kennel, on=kt.town.clock.today(), year=2026, positions=(3,)
    )
    assert only.tags == ("K001 #3",)


def test_a_kennel_without_a_license_or_a_tag_asked_for_is_refused(kt: KennelTown) -> None:
    today = kt.town.clock.today()
    with pytest.raises(ValidationError, match="holds no kennel license for 2026–27"):
        kennel_tag_labels(kt.town.database, kt.kennel, on=today)
    receipt = _sell(kt)
    with pytest.raises(ValidationError, match=r"has no tag #7 \(its tags: #1–#3\)"):
        kennel_tag_labels(kt.town.database, kt.kennel, on=today, positions=(1, 7))
    with pytest.raises(ValidationError, match="holds no kennel license for 2027–28"):
        kennel_tag_labels(kt.town.database, kt.kennel, on=today, year=2027)
    # A voided license's tags are void with it
    void_receipt(kt.town.database, receipt, "wrong kennel", actor=CLERK, clock=kt.town.clock)
    with pytest.raises(ValidationError, match="holds no kennel license"):
        kennel_tag_labels(kt.town.database, kt.kennel, on=today)
