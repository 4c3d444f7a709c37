"""What a quote is asked and what it answers."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.rules.money import total
from clerkdesk.rules.schedule import KennelClass, Sex

NO_CITATION = "no citation"


@dataclass(frozen=True)
class QuoteLine:
    """One itemised charge. ``source`` is the profile key path of the rule behind it."""

    code: str
    description: str
    amount: Decimal
    account: str
    citation: str
    source: str = ""
    counts: str = ""
    """What the line counts, in a few words a resident reads on a cart line after the
    description's head: ``6 weeks late (from 06/01/2026)``, ``2024–25``; "" when the head
    says it all (``License``)."""

    def __post_init__(self) -> None:
        # A rule the profile left uncited says so on every line it produces.
        if not self.citation.strip():
            object.__setattr__(self, "citation", NO_CITATION)


@dataclass(frozen=True)
class Quote:
    license_year: LicenseYear
    lines: tuple[QuoteLine, ...]
    warnings: tuple[str, ...]
    schedule_effective: dt.date | None = None
    notes: tuple[str, ...] = ()
    """Why a rule charged nothing (e.g. a late fee whose reach left this dog out), in words."""

    @property
    def total(self) -> Decimal:
        return total(line.amount for line in self.lines)


@dataclass(frozen=True)
class DogQuoteRequest:
    """A dog to license on ``on``.

    The dog: ``sex``, ``altered``, ``born``, ``service_animal``, ``designations`` (e.g.
    ``"dangerous"``) and ``exemptions`` (names of the profile's other exemptions claimed).
    The owner: ``owner_born`` and ``owner_exempt_dogs`` (dogs of this owner already licensed
    under the age exemption this license year).
    The history: ``renewal`` (licensed in this town for the previous license year),
    ``last_licensed`` (the calendar year the license year it was last licensed in this town
    starts in), ``licensed_here_before`` (licensed in this town in some earlier license
    year), ``missed_years`` (past license years, just before this one, in which it went
    unlicensed) and ``new_to_town_since`` (the date it came to town). A late fee's reach
    (``applies_to``) is decided from these: see :func:`clerkdesk.rules.history.dog_history`.
    ``license_year`` names the license year by the calendar year it starts in; by default
    the license year that contains ``on``.
    """

    on: dt.date
    sex: Sex
    altered: bool
    renewal: bool = False
    born: dt.date | None = None
    service_animal: bool = False
    designations: tuple[str, ...] = ()
    exemptions: tuple[str, ...] = ()
    owner_born: dt.date | None = None
    owner_exempt_dogs: int = 0
    new_to_town_since: dt.date | None = None
    missed_years: int = 0
    license_year: int | None = None
    last_licensed: int | None = None
    licensed_here_before: bool = False
    owner_facts: tuple[str, ...] = ()
    """Facts about the owner an exemption may require (``schedule.OWNER_FACTS``), such as
    ``"year_round_resident"``."""
    notice_sent_on: dt.date | None = None
    """The date the last renewal notice for this license year was sent to the owner: a
    late fee ``counted_from = "notice"`` runs from it."""
    previous_valid_until: dt.date | None = None
    """Rolling terms: the last day of the dog's last license in this town; its renewal runs
    from that anniversary (see :mod:`clerkdesk.rules.rolling`)."""
    rabies_vaccinated: dt.date | None = None
    """Rolling terms counted from the rabies vaccination: its date."""
    whole_sale: bool = True
    """The quote stands for a whole sale, so fees charged once per sale are on it; the
    counter quotes each dog with ``False`` and its cart adds them once."""
    tender: str | None = None
    """How the whole quote will be paid (``cash``, ``check``, ``money_order``, ``card``): a
    payment fee for it (a card convenience fee) is added as its own line."""


@dataclass(frozen=True)
class KennelQuoteRequest:
    """A kennel license for ``dogs`` counted dogs of class ``kennel_class``, or of the
    town-named ``category`` (which decides the class)."""

    on: dt.date
    dogs: int
    kennel_class: KennelClass = "personal"
    license_year: int | None = None
    category: str | None = None
    first_license: bool = False
    """The kennel's first license in the town: a one-time application fee applies."""
