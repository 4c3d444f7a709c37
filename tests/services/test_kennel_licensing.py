"""Selling a kennel license: one receipt on the ledger, a gap-free number per license year,
tags for the counted dogs, and every reason it is refused — with nothing written."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import pytest
from sqlalchemy import func, select

from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    KennelLicense,
    KennelTag,
    LicenseStatus,
    Receipt,
    ReceiptLine,
    Tender,
)
from clerkdesk.rules.kinds import InspectionResult
from clerkdesk.services import kennels
from clerkdesk.services.kennel_licensing import (
    KennelRefused,
    KennelSaleRequest,
    kennel_standing,
    sell_kennel_license,
)
from services.kennel_support import KennelTown, add_kennel_with_dogs, inspect, make_kennel_town
from small_town import CLERK, Town, at, check

LABEL = "2026–27-K001"


@pytest.fixture
def kt(town: Town) -> KennelTown:
    return make_kennel_town(town)


def written(town: Town) -> tuple[int, ...]:
    with town.database.read() as session:
        return tuple(
            session.scalar(select(func.count()).select_from(model)) or 0
            for model in (Receipt, ReceiptLine, Tender, KennelLicense, KennelTag)
        )


def sell(kt: KennelTown, kennel: int | None = None, **changes: object):  # type: ignore[no-untyped-def]
    request = KennelSaleRequest(kennel or kt.kennel, (check("501"),), **changes)  # type: ignore[arg-type]
    return sell_kennel_license(kt.town.database, request, actor=CLERK, clock=kt.town.clock)


def test_standing_quotes_the_tier_of_the_maximum_and_counts_the_roster(kt: KennelTown) -> None:
    standing = kennel_standing(kt.town.database, kt.kennel, on=kt.town.clock.today())
    assert standing.refusals == ()
    assert standing.year_label == "2026–27"
    assert standing.max_dogs == 10
    # Pip is under three months; Scout's birth date is not known, so Scout counts.
    assert standing.dogs_counted == 3
    assert standing.quote is not None and standing.quote.total == Decimal("36.50")


def test_a_sale_is_one_receipt_one_license_and_a_tag_per_counted_dog(kt: KennelTown) -> None:
    result = sell(kt)
    assert result.license_label == LABEL
    assert result.total == Decimal("36.50")
    assert result.tags == (f"{LABEL} #1", f"{LABEL} #2", f"{LABEL} #3")
    with kt.town.database.read() as session:
        receipt = session.get(Receipt, result.receipt_id)
        assert receipt is not None and receipt.payer_owner_id == kt.town.john
        [line] = receipt.lines
        assert (line.code, line.amount, line.license_id) == (
            "kennel_license",
            Decimal("36.50"),
            None,
        )
        assert "Art. 19 §11" in line.citation
        row = session.get(KennelLicense, result.kennel_license_id)
        assert row is not None
        assert (row.receipt_id, row.number, row.max_dogs, row.dogs_counted) == (
            receipt.id,
            1,
            10,
            3,
        )
        assert row.inspection_id is not None
        assert [t.dog_id for t in row.tags] == [kt.duke, kt.daisy, kt.scout]


def test_a_second_sale_for_the_same_year_is_refused(kt: KennelTown) -> None:
    sell(kt)
    before = written(kt.town)
    with pytest.raises(KennelRefused, match=f"already licensed for 2026–27 \\(license {LABEL}\\)"):
        sell(kt)
    assert written(kt.town) == before


def test_numbers_run_per_license_year_without_gaps(kt: KennelTown) -> None:
    other, _dogs = add_kennel_with_dogs(kt.town, "Birch Lane Kennel", [("Max", None)])
    inspect(kt.town, other)
    assert sell(kt).license_label == LABEL
    assert sell(kt, other).license_label == "2026–27-K002"


def test_a_missing_inspection_is_refused_naming_the_kennel_and_year(town: Town) -> None:
    kennel, _dogs = add_kennel_with_dogs(town, "Birch Lane Kennel", [("Max", None)])
    before = written(town)
    with pytest.raises(KennelRefused) as refused:
        sell_kennel_license(
            town.database, KennelSaleRequest(kennel, (check(),)), actor=CLERK, clock=town.clock
        )
    message = str(refused.value)
    assert "Birch Lane Kennel has no inspection for license year 2026–27" in message
    assert "MGL c.140 §137A(a)" in message and "Nothing was charged." in message
    assert written(town) == before


def test_a_failed_inspection_is_refused_until_one_passes(town: Town) -> None:
    kennel, _dogs = add_kennel_with_dogs(town, "Birch Lane Kennel", [("Max", None)])
    inspect(town, kennel, result=InspectionResult.FAILED, notes="no clean water")
    standing = kennel_standing(town.database, kennel, on=town.clock.today())
    assert len(standing.refusals) == 1
    assert "failed its inspection for license year 2026–27 on 05/15/2026" in standing.refusals[0]
    assert "no clean water" in standing.refusals[0]
    inspect(town, kennel, on=dt.date(2026, 5, 30))
    assert kennel_standing(town.database, kennel, on=town.clock.today()).refusals == ()


def test_a_profile_without_the_requirement_sells_without_an_inspection(town: Town) -> None:
    from clerkdesk.rules import presets
    from clerkdesk.services.town import save_town_profile

    text = presets.preset_toml("westborough").replace("inspection_required = true", "", 1)
    save_town_profile(town.database, text, actor=CLERK, clock=town.clock)
    kennel, _dogs = add_kennel_with_dogs(town, "Birch Lane Kennel", [("Max", None)])
    assert kennel_standing(town.database, kennel, on=town.clock.today()).refusals == ()


def test_a_roster_over_the_maximum_is_refused(kt: KennelTown) -> None:
    # Full at 3 today; Pip (born 04/15/2026) counts from 07/15/2026 and fills it over.
    kennels.change_kennel(
        kt.town.database,
        kt.kennel,
        kennels.KennelInput("Maple Hill Kennel", kt.town.john, max_dogs=3),
        actor=CLERK,
        clock=kt.town.clock,
    )
    request = KennelSaleRequest(kt.kennel, (check("501"),))
    later = at(dt.date(2026, 8, 3), kt.town.clock)
    with pytest.raises(
        KennelRefused, match="counts 4 dogs 3 months or older, more than its maximum of 3"
    ):
        sell_kennel_license(kt.town.database, request, actor=CLERK, clock=later)


def test_a_closed_kennel_is_refused(kt: KennelTown) -> None:
    kennels.close_kennel(
        kt.town.database, kt.kennel, "moved to Maine", actor=CLERK, clock=kt.town.clock
    )
    with pytest.raises(KennelRefused, match="Maple Hill Kennel was closed on 06/01/2026"):
        sell(kt)


def test_a_changed_total_charges_nothing(kt: KennelTown) -> None:
    with pytest.raises(ValidationError, match=re.escape("now 36.50, not the 15.00 quoted")):
        sell(kt, expected_total=Decimal("15.00"))
    assert written(kt.town)[0] == 1  # last year's dog receipt only


def test_a_voided_sale_makes_the_license_void_and_the_kennel_licensable_again(
    kt: KennelTown,
) -> None:
    from clerkdesk.services.voids import void_receipt

    result = sell(kt)
    voided = void_receipt(
        kt.town.database, result.receipt_id, "wrong kennel", actor=CLERK, clock=kt.town.clock
    )
    assert any(f"kennel license {LABEL}" in said for said in voided.undone)
    with kt.town.database.read() as session:
        row = session.get(KennelLicense, result.kennel_license_id)
        assert row is not None and row.status is LicenseStatus.VOID
    card = kennels.kennel_card(kt.town.database, kt.kennel, on=kt.town.clock.today())
    assert all(dog.kennel_tag is None for dog in card.roster)
    assert card.licenses[0].status == "void"
    assert sell(kt).license_label == "2026–27-K002"


def test_a_dog_kept_under_a_licensed_kennel_needs_no_license_of_its_own(kt: KennelTown) -> None:
    from clerkdesk.services import licensing, rabies
    from clerkdesk.services.licensing import CheckoutRequest, LicenseItem, quote_dogs
    from small_town import vaccination

    town = kt.town
    rabies.record_certificate(town.database, kt.duke, vaccination(), actor=CLERK, clock=town.clock)
    # Before the kennel is licensed for the year, Duke may be licensed on his own.
    [before] = quote_dogs(town.database, [kt.duke], town.clock.today())
    assert before.can_license and before.kennel_license is None
    assert (
        "On the roster of Maple Hill Kennel, which holds no kennel license for 2026–27 yet"
        in before.warnings[-1]
    )
    sell(kt)
    [after] = quote_dogs(town.database, [kt.duke], town.clock.today())
    said = f"Kept under kennel license {LABEL} (Maple Hill Kennel): needs no license of its own."
    assert after.blockers == (said,)
    assert after.kennel_license == said and not after.can_license
    with pytest.raises(ValidationError, match=re.escape(said)):
        licensing.checkout(
            town.database,
            CheckoutRequest(town.john, (LicenseItem(kt.duke),), (check(),)),
            actor=CLERK,
            clock=town.clock,
        )
    # Off the roster, he is a dog like any other again.
    kennels.remove_from_roster(
        town.database, kt.kennel, kt.duke, on=town.clock.today(), actor=CLERK, clock=town.clock
    )
    [off] = quote_dogs(town.database, [kt.duke], town.clock.today())
    assert off.can_license


def test_a_maximum_above_the_towns_is_refused_as_the_kennels(kt: KennelTown) -> None:
    from clerkdesk.rules import presets
    from clerkdesk.services.town import save_town_profile

    # GIVEN the town lowers its kennel maximum below Maple Hill's 10 dogs
    text = presets.preset_toml("westborough").replace("max_dogs = 20", "max_dogs = 8", 1)
    text = text.replace("{ up_to = 20, fee = 75.00 },", "", 1)
    save_town_profile(kt.town.database, text, actor=CLERK, clock=kt.town.clock)
    standing = kennel_standing(kt.town.database, kt.kennel, on=kt.town.clock.today())
    assert standing.quote is None
    [refusal] = standing.refusals
    assert refusal.startswith("Maple Hill Kennel's maximum of 10 dogs is more than the town")
    assert "may keep no more than 8 dogs" in refusal and refusal.endswith("lower its maximum.")


def test_a_kennel_whose_keeper_moved_away_is_refused(kt: KennelTown) -> None:
    from clerkdesk.models import OwnerStatus
    from clerkdesk.services import people

    town = kt.town
    people.set_owner_status(
        town.database,
        town.john,
        OwnerStatus.MOVED,
        on=town.clock.today(),
        actor=CLERK,
        clock=town.clock,
    )
    standing = kennel_standing(town.database, kt.kennel, on=town.clock.today())
    assert "Maple Hill Kennel's keeper, John Smith, is marked moved." in standing.refusals


def test_an_application_fee_is_charged_on_a_first_license_only(town: Town) -> None:
    from clerkdesk.rules import presets
    from clerkdesk.services.town import save_town_profile

    text = presets.preset_toml("westborough").replace(
        "inspection_required = true", "inspection_required = true\napplication_fee = 25.00", 1
    )
    save_town_profile(town.database, text, actor=CLERK, clock=town.clock)
    kt = make_kennel_town(town)
    first = kennel_standing(town.database, kt.kennel, on=town.clock.today())
    assert first.quote is not None
    assert [line.code for line in first.quote.lines] == ["kennel_license", "kennel_application"]
    sold = sell(kt)
    with town.database.read() as session:
        codes = session.scalars(
            select(ReceiptLine.code).where(ReceiptLine.receipt_id == sold.receipt_id)
        ).all()
    assert "kennel_application" in codes
    # The next license year's renewal carries none.
    later = kennel_standing(town.database, kt.kennel, on=dt.date(2027, 4, 2))
    assert later.quote is not None
    assert [line.code for line in later.quote.lines] == ["kennel_license"]
