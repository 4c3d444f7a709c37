"""The paper matches the collar: a tag received as "W-1" reads "W-1" on the receipt and the
certificate (read back from the real PDFs), on the owner card and in the search, which
finds the dog by "W-1" as well as by 1. A tag of stock received without a prefix reads as
its bare number, as it always did."""

from __future__ import annotations

import datetime as dt

import pytest

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import TagMarkKind
from clerkdesk.reports.certificate_pdf import render_certificates
from clerkdesk.reports.receipt_pdf import render_receipt
from clerkdesk.rules.kinds import NoticeKind
from clerkdesk.services import documents, people
from clerkdesk.services.dog_changes import replace_tag
from clerkdesk.services.owner_card import owner_card
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.reprints import owner_documents
from clerkdesk.services.search import search
from clerkdesk.services.tag_history import tag_history, year_tags
from clerkdesk.services.tag_marks import MarkTag, mark_tag
from clerkdesk.services.unlicensed import unlicensed_list
from clerkdesk.services.voids import void_receipt
from pdf_support import page_texts
from prefixed_town import YEAR, PrefixedTown, license_with_tag, prefixed_town
from small_town import CLERK, check, owner_input


@pytest.fixture
def town(database: Database, clock: FixedClock) -> PrefixedTown:
    return prefixed_town(database, clock)


def _flat(data: bytes) -> str:
    return " ".join(" ".join(page_texts(data)).split())


def test_the_receipt_and_the_certificate_read_the_tag_as_received(town: PrefixedTown) -> None:
    # GIVEN Rex licensed with the first tag of stock received as W-1 to W-50
    assert town.tag_number == 1
    # WHEN the clerk prints the receipt and the license certificate
    receipt = documents.receipt_document(town.database, town.receipt_id)
    (certificate,) = documents.license_certificates(town.database, town.receipt_id)
    # THEN both say W-1, as the tag on the collar does
    assert {line.tag for line in receipt.lines} == {"W-1"}
    assert certificate.tag == "W-1"
    receipt_text = _flat(render_receipt(receipt))
    assert "tag no. W-1" in receipt_text
    certificate_text = _flat(render_certificates([certificate]))
    number = certificate.license_number
    assert f"LICENSE NO. TAG NO. VALID THROUGH {number} W-1" in certificate_text


def test_a_tag_of_stock_without_a_prefix_reads_as_its_number(town: PrefixedTown) -> None:
    # GIVEN Bella licensed with tag 51, of a range received with no prefix
    sold = license_with_tag(town, town.bella, 51)
    # THEN the receipt, the certificate and the card say 51, nothing before it
    receipt = documents.receipt_document(town.database, sold.receipt_id)
    assert {line.tag for line in receipt.lines} == {"51"}
    (certificate,) = documents.license_certificates(town.database, sold.receipt_id)
    assert certificate.tag == "51"
    assert "tag no. 51 " in _flat(render_receipt(receipt)) + " "
    card = owner_card(town.database, town.jane, town.clock.today())
    held = {d.name: d.held for d in card.dogs}
    assert held["Bella"] is not None and held["Bella"].tag == "51"


def test_the_owner_card_reads_the_tag_as_received(town: PrefixedTown) -> None:
    card = owner_card(town.database, town.jane, town.clock.today())
    (rex,) = [d for d in card.dogs if d.name == "Rex"]
    assert rex.held is not None
    assert (rex.held.tag_number, rex.held.tag) == (1, "W-1")


@pytest.mark.parametrize("typed", ["W-1", "w-1", "W1", "w 1", "tag W-1", "1"])
def test_the_search_finds_the_dog_by_its_tag_as_received_or_by_its_number(
    town: PrefixedTown, typed: str
) -> None:
    # GIVEN also an owner whose name and street start with W and 1 (Walt Wells, 1 Mill Rd)
    walt = owner_input("Walt", "Wells", street="1 Mill Rd", phone="508-555-0142")
    people.create_owner(town.database, walt, actor=CLERK, clock=town.clock)
    result = search(town.database, typed, on=town.clock.today())
    # THEN Rex is the hit to open, and the search says which tag matched, as it reads
    assert result.exact is not None, typed
    assert (result.exact.dog_id, result.exact.dog_name) == (town.rex, "Rex")
    assert "tag W-1 (2026–27)" in result.exact.matched
    # AND, typed as it reads, nothing else: "W" and "1" are not looked for as a name or a
    # street (a number alone is also a house number, as it always was)
    if typed != "1":
        assert [(hit.kind, hit.dog_id) for hit in result.hits] == [("dog", town.rex)]


def test_a_prefix_the_stock_was_not_received_with_finds_no_tag(town: PrefixedTown) -> None:
    license_with_tag(town, town.bella, 51)
    # "X-1" is no tag of this town; "W-51" is not tag 51, which was received bare
    for typed in ("X-1", "W-51"):
        result = search(town.database, typed, on=town.clock.today())
        assert result.exact is None, typed
        assert not any("tag" in hit.matched for hit in result.hits), typed
    # AND the bare number still finds it, read as it is
    found = search(town.database, "51", on=town.clock.today())
    assert found.exact is not None and found.exact.dog_name == "Bella"
    assert "tag 51 (2026–27)" in found.exact.matched


def test_a_refused_tag_is_named_as_it_reads(town: PrefixedTown) -> None:
    # WHEN the clerk types the number of Rex's tag W-1 for Bella
    with pytest.raises(ValidationError, match="Tag W-1 was already given out"):
        license_with_tag(town, town.bella, 1)


def test_the_tags_history_the_years_list_and_a_mark_read_the_tags_as_received(
    town: PrefixedTown,
) -> None:
    # GIVEN Rex's tag W-1 lost and replaced with tag 51 (a range received bare), W-7 voided
    replaced = replace_tag(
        town.database, town.license_id, (check(),), new_tag=51, actor=CLERK, clock=town.clock
    )
    assert (replaced.tag_number, replaced.tag) == (51, "51")
    voided = mark_tag(
        town.database, MarkTag(YEAR, 7, TagMarkKind.VOID, "bent"), actor=CLERK, clock=town.clock
    )
    # THEN each names the tag as it reads
    assert voided.words == "Tag W-7 (2026–27) voided: bent"
    (lost,) = tag_history(town.database, 1).entries
    assert (lost.tag, lost.replaced_by_tag) == ("W-1", "51")
    (new,) = tag_history(town.database, 51).entries
    assert (new.tag, new.replaces_tag) == ("51", "W-1")
    page = year_tags(town.database, YEAR, clock=town.clock)
    assert [(r.number, r.tag) for r in page.rows] == [(1, "W-1"), (7, "W-7"), (51, "51")]


def test_a_renewal_notice_and_the_unlicensed_list_name_the_tag_as_received(
    town: PrefixedTown,
) -> None:
    from clerkdesk.services.notices import NoticeChoice, _plan, iter_notices

    # GIVEN Rex licensed for 2026–27 with W-1; the renewal notices for 2027–28
    on = dt.date(2027, 3, 1)
    choice = NoticeChoice(NoticeKind.RENEWAL, YEAR + 1)
    with town.database.read() as session:
        profile = profile_in_force(session)
        _, days = _plan(profile, choice, on)
        notices = [n for batch in iter_notices(session, profile, choice, days, on) for n in batch]
    # THEN Rex's line names his tag as it reads
    (notice,) = notices
    assert [(d.name, d.last_tag) for d in notice.dogs] == [("Rex", "W-1")]
    # AND once 2027–28 is under way, the list of dogs not renewed says the same
    listed = unlicensed_list(town.database, year=YEAR + 1, on=dt.date(2027, 7, 1))
    assert [(r.dog_name, r.last_tag) for r in listed.rows if r.dog_name == "Rex"] == [
        ("Rex", "W-1")
    ]


def test_a_sale_says_each_tag_as_it_reads(town: PrefixedTown) -> None:
    (bella,) = license_with_tag(town, town.bella, 2).licenses
    assert (bella.tag_number, bella.tag) == (2, "W-2")


def test_a_dog_licensed_already_is_refused_naming_its_tag_as_it_reads(town: PrefixedTown) -> None:
    card = owner_card(town.database, town.jane, town.clock.today())
    (rex,) = [d for d in card.dogs if d.name == "Rex"]
    assert any("(license 1, tag W-1)" in said for said in rex.standing.blockers)


def test_a_void_and_the_owners_documents_name_the_tags_as_they_read(town: PrefixedTown) -> None:
    # GIVEN Rex's tag W-1 lost and replaced with W-2
    replaced = replace_tag(
        town.database, town.license_id, (check(),), new_tag=2, actor=CLERK, clock=town.clock
    )
    assert replaced.receipt_id is not None
    # THEN the owner's documents list Rex's certificate with the tag he wears
    listed = owner_documents(town.database, town.jane)
    assert "Rex, tag W-2" in [entry.summary for entry in listed]
    # WHEN the replacement is voided, THEN the words name both tags as they read
    undone = void_receipt(
        town.database, replaced.receipt_id, "wrong dog", actor=CLERK, clock=town.clock
    )
    assert undone.undone == ("replacement tag W-2 is void; tag W-1 is Rex's tag again",)
