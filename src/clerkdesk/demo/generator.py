"""Deterministic rows for a demo town: the same seed and date give the same town.

Rows are plain dicts with ids assigned here, so the filler can insert them in bulk.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

from clerkdesk.demo import vocabulary as v
from clerkdesk.models import CertificateKind, DogStatus, OwnerStatus, Sex

Row = dict[str, Any]


@dataclass
class DemoBatch:
    owners: list[Row] = field(default_factory=list)
    dogs: list[Row] = field(default_factory=list)
    certificates: list[Row] = field(default_factory=list)


def _years_before(day: dt.date, years: int) -> dt.date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # February 29th
        return day.replace(year=day.year - years, day=28)


class DemoTown:
    def __init__(
        self,
        *,
        seed: int,
        today: dt.date,
        town_id: str,
        now: dt.datetime,
        first_owner_id: int = 1,
        first_dog_id: int = 1,
        first_certificate_id: int = 1,
        history_years: int = 0,
    ) -> None:
        self.rng = random.Random(seed)
        self.history_years = history_years
        self.today = today
        self.now = now
        self.city, self.postal_code, self.area_code = v.TOWN_PLACES.get(town_id, v.DEFAULT_PLACE)
        self._owner_id = first_owner_id
        self._dog_id = first_dog_id
        self._certificate_id = first_certificate_id
        self._breed_weights = list(accumulate(b[1] for b in v.BREEDS))
        self._phones: set[str] = set()

    def batches(self, dogs: int, batch_size: int = 5000) -> Iterator[DemoBatch]:
        """Owners with 1–3 dogs each until ``dogs`` dogs exist, a batch at a time."""
        made = 0
        batch = DemoBatch()
        while made < dogs:
            count = min(self.rng.choices((1, 2, 3), weights=(62, 29, 9))[0], dogs - made)
            owner = self._owner()
            batch.owners.append(owner)
            for _ in range(count):
                dog = self._dog(owner)
                batch.dogs.append(dog)
                batch.certificates.extend(self._certificates(dog))
            made += count
            if len(batch.dogs) >= batch_size:
                yield batch
                batch = DemoBatch()
        if batch.owners:
            yield batch

    def _phone(self) -> str:
        while True:
            number = (
                f"{self.area_code}-{self.rng.randint(200, 999)}-{self.rng.randint(0, 9999):04d}"
            )
            if number not in self._phones:
                self._phones.add(number)
                return number

    def _owner(self) -> Row:
        rng = self.rng
        first, last = rng.choice(v.FIRST_NAMES), rng.choice(v.LAST_NAMES)
        age = rng.choices((rng.randint(21, 69), rng.randint(70, 94)), weights=(82, 18))[0]
        born = _years_before(self.today, age) - dt.timedelta(days=rng.randint(0, 364))
        row: Row = {
            "id": self._owner_id,
            "first_name": first,
            "last_name": last,
            "street": f"{rng.randint(1, 420)} {rng.choice(v.STREETS)}",
            "unit": f"Apt {rng.randint(1, 30)}" if rng.random() < 0.12 else None,
            "city": self.city,
            "state": "MA",
            "postal_code": self.postal_code,
            "mailing_street": f"PO Box {rng.randint(1, 999)}" if rng.random() < 0.03 else None,
            "mailing_city": None,
            "mailing_state": None,
            "mailing_postal_code": None,
            "phone": (phone := self._phone()),
            "phone_digits": phone.replace("-", ""),
            "phone_alt": None,
            "email": f"{first}.{last}{rng.randint(1, 99)}@example.com".lower()
            if rng.random() < 0.6
            else None,
            "birth_date": born,
            "notes": None,
            "status": OwnerStatus.ACTIVE,
            "status_changed_on": None,
            "created_at": self.now,
            "updated_at": self.now,
        }
        if row["mailing_street"]:
            row.update(
                mailing_city=self.city, mailing_state="MA", mailing_postal_code=self.postal_code
            )
        self._owner_id += 1
        return row

    def _dog(self, owner: Row) -> Row:
        rng = self.rng
        breed, _, colours = rng.choices(v.BREEDS, cum_weights=self._breed_weights)[0]
        sex = rng.choice((Sex.MALE, Sex.FEMALE))
        altered = rng.random() < 0.78
        born = self.today - dt.timedelta(days=rng.randint(200, 15 * 365))
        status = rng.choices(
            (DogStatus.ACTIVE, DogStatus.DECEASED, DogStatus.MOVED), weights=(93, 5, 2)
        )[0]
        row: Row = {
            "id": self._dog_id,
            "owner_id": owner["id"],
            "name": rng.choice(v.DOG_NAMES),
            "breed": breed,
            "breed_secondary": rng.choice(v.BREEDS)[0]
            if breed == "Mixed Breed" and rng.random() < 0.4
            else None,
            "color": rng.choice(colours),
            "sex": sex,
            "altered": altered,
            "altered_proof": "Veterinarian's certificate" if altered else None,
            "birth_date": born,
            "birth_date_estimated": rng.random() < 0.15,
            "microchip": f"985{rng.randint(0, 10**12 - 1):012d}" if rng.random() < 0.55 else None,
            "description": None,
            "status": status,
            "status_changed_on": None if status is DogStatus.ACTIVE else self.today,
            "came_to_town_on": None,
            "created_at": self.now,
            "updated_at": self.now,
        }
        self._dog_id += 1
        return row

    def _certificates(self, dog: Row) -> list[Row]:
        """The dog's current certificate, and its previous one for some dogs."""
        rng = self.rng
        vaccine, years = rng.choice(v.VACCINES)
        clinic, vet = rng.choice(v.CLINICS)
        # Most dogs are current; about one in ten has let its certificate lapse.
        given = self.today - dt.timedelta(days=rng.randint(20, years * 365 + 120))
        born: dt.date = dog["birth_date"]
        given = max(given, born + dt.timedelta(days=100))
        if given >= self.today:
            given = self.today - dt.timedelta(days=1)
        out = [self._certificate(dog, given, vaccine, years, clinic, vet)]
        # Earlier certificates back to the oldest license year the demo town writes, each
        # given the day the one before it ran out, so past licenses had a current one.
        cutoff = _years_before(self.today, self.history_years + 1)
        earlier = given
        while earlier > cutoff:
            earlier = _years_before(earlier, 3)
            if earlier <= born + dt.timedelta(days=100):
                break
            out.insert(0, self._certificate(dog, earlier, "Imrab 3", 3, clinic, vet))
            if not self.history_years and rng.random() < 0.6:
                break
        return out

    def _certificate(
        self, dog: Row, given: dt.date, vaccine: str, years: int, clinic: str, vet: str
    ) -> Row:
        row: Row = {
            "id": self._certificate_id,
            "dog_id": dog["id"],
            "kind": CertificateKind.VACCINATION,
            "vaccination_date": given,
            "expires_on": _years_before(given, -years),
            "duration_years": years,
            "vaccine": vaccine,
            "lot_number": f"{self.rng.randint(100000, 999999)}A",
            "rabies_tag_number": f"{given.year % 100:02d}-{self.rng.randint(1, 99999):05d}",
            "veterinarian": vet,
            "clinic": clinic,
            "created_at": self.now,
        }
        self._certificate_id += 1
        return row
