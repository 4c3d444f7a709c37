"""Deciding, row by row, what an old register brings in: take (a new dog), merge (a dog or
owner already on file, with whatever history is new), or refuse, with why.

The dry run and the import make the same plan from the same rows, so what the dry run
reports is what the import does. Rows are decided in order against what is on file and what
earlier rows added: an owner repeated on each of her dogs' rows is added once, a tag a second
dog claims in the same year is refused on the second row.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field

from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.register_keys import (
    chip_key,
    dog_key,
    email_key,
    household_key,
    phone_key,
)
from clerkdesk.rules.register_rows import (
    DogPart,
    KennelPart,
    LicensePart,
    OwnerPart,
    RabiesPart,
    RegisterRow,
    read_row,
    row_label,
)
from clerkdesk.services.importing.register_lookups import DogRef, Lookups, OwnerRef, last_key

TAKE, MERGE, REFUSE = "take", "merge", "refuse"


@dataclass(frozen=True)
class NewLicense:
    year: LicenseYear
    part: LicensePart


@dataclass(frozen=True)
class PlannedRow:
    """One row's decision and, when taken or merged, what it writes. ``owner`` and ``dog``
    are ids on file, or negative numbers for those this import adds (``new_owner`` and
    ``new_dog`` say so on the row that adds them)."""

    number: int
    action: str
    what: str
    why: str = ""
    owner: OwnerRef = 0
    dog: DogRef = 0
    new_owner: OwnerPart | None = None
    new_dog: DogPart | None = None
    license: NewLicense | None = None
    rabies: RabiesPart | None = None
    kennel: KennelPart | None = None
    kennel_ref: int = 0
    """The kennel's id on file, a negative number for one this row adds, 0 for none."""
    new_kennel: bool = False
    roster: bool = False


@dataclass
class Planner:
    profile: TownProfile
    today: dt.date
    found: Lookups
    _next: int = 0
    owners_new: int = 0
    dogs_new: int = 0
    licenses_new: int = 0
    certificates_new: int = 0
    kennels_new: int = 0
    max_numbers: dict[dt.date, int] = field(default_factory=dict)
    added_by_row: dict[int, int] = field(default_factory=dict)
    """The row that adds each owner, dog and kennel this import brings in (by its number)."""

    def _on_file(self, ref: int) -> str:
        row = self.added_by_row.get(ref)
        return f"added by row {row}" if row is not None else "on file"

    def _temp(self, row: int) -> int:
        self._next -= 1
        self.added_by_row[self._next] = row
        return self._next

    def _owner(self, owner: OwnerPart) -> OwnerRef | None:
        found = self.found
        last = last_key(owner.last_name)
        hit = found.households.get(
            household_key(owner.first_name, owner.last_name, owner.street, owner.unit)
        )
        if hit is None and email_key(owner.email):
            hit = found.emails.get((email_key(owner.email), last))
        if hit is None and phone_key(owner.phone):
            hit = found.phones.get((phone_key(owner.phone), last))
        return hit

    def _dog(
        self, owner: OwnerRef | None, dog: DogPart, year: LicenseYear | None, tag: int | None
    ) -> tuple[DogRef | None, str]:
        """The dog on file (or added by an earlier row) this row names, and a problem when
        the row's chip or tag belongs to another dog."""
        found = self.found
        name = dog_key(None, dog.name)[1]
        if chip_key(dog.microchip):
            hit = found.chips.get(chip_key(dog.microchip))
            if hit is not None:
                return hit, ""
        if year is not None and tag is not None:
            hit = found.tags.get((year.start, tag))
            if hit is not None:
                same_name = dog_key(None, found.dog_names.get(hit, ""))[1] == name
                same_owner = owner is None or found.dog_owner.get(hit) == owner
                if same_name and same_owner:
                    return hit, ""
                return None, self._taken_tag(hit, tag, year)
        if owner is not None:
            return found.dogs_by_name.get(dog_key(owner, dog.name)), ""
        return None, ""

    def _taken_tag(self, holder: DogRef, tag: int, year: LicenseYear) -> str:
        found = self.found
        whose = found.owner_names.get(found.dog_owner.get(holder, 0), "")
        return (
            f"tag {tag} for {year.label} already belongs to another dog "
            f"({found.dog_names.get(holder, '?')}{', ' + whose if whose else ''})"
        )

    def _year(self, part: LicensePart | None) -> LicenseYear | None:
        if part is None:
            return None
        if part.year is not None:
            return self.profile.license_year_starting_in(part.year)
        assert part.licensed_on is not None
        return self.profile.license_year_containing(part.licensed_on)

    def plan(self, number: int, cells: Mapping[str, str]) -> PlannedRow:
        read = read_row(cells, today=self.today)
        if not isinstance(read, RegisterRow):
            return PlannedRow(number, REFUSE, row_label(cells), "; ".join(read))
        row = read
        year = self._year(row.license)
        tag = row.license.tag if row.license else None
        owner_ref = self._owner(row.owner)
        dog_ref, problem = self._dog(owner_ref, row.dog, year, tag)
        if problem:
            return PlannedRow(number, REFUSE, row_label(cells), problem)
        if dog_ref is not None:
            owner_ref = self.found.dog_owner.get(dog_ref, owner_ref)
        # The license: refused when its number is another dog's; left out when held already.
        new_license = None
        if row.license is not None and year is not None:
            held_by = (
                self.found.numbers.get((year.start, row.license.number))
                if row.license.number is not None
                else None
            )
            if held_by is not None and held_by != dog_ref:
                return PlannedRow(
                    number,
                    REFUSE,
                    row_label(cells),
                    f"license number {row.license.number} for {year.label} already belongs to "
                    f"another dog ({self.found.dog_names.get(held_by, '?')})",
                )
            if dog_ref is None or (dog_ref, year.start) not in self.found.licensed:
                new_license = NewLicense(year, row.license)
        rabies = row.rabies
        held = rabies is not None and dog_ref is not None
        if (
            held
            and rabies
            and (dog_ref, rabies.vaccinated_on, rabies.expires_on) in self.found.certificates
        ):
            rabies = None
        return self._decided(number, row, owner_ref, dog_ref, new_license, rabies)

    def _decided(
        self,
        number: int,
        row: RegisterRow,
        owner_ref: OwnerRef | None,
        dog_ref: DogRef | None,
        new_license: NewLicense | None,
        rabies: RabiesPart | None,
    ) -> PlannedRow:
        found = self.found
        said: list[str] = []
        new_owner = new_dog = None
        if owner_ref is None:
            owner_ref = self._temp(number)
            new_owner = row.owner
            o = row.owner
            found.add_owner(
                owner_ref, o.first_name, o.last_name, o.street, o.unit, o.phone, o.email
            )
            self.owners_new += 1
            said.append(f"new owner {found.owner_names[owner_ref]}")
        else:
            where = self._on_file(owner_ref)
            said.append(f"owner {found.owner_names.get(owner_ref, '')} ({where})")
        if dog_ref is None:
            dog_ref = self._temp(number)
            new_dog = row.dog
            found.add_dog(dog_ref, owner_ref, row.dog.name, row.dog.microchip)
            self.dogs_new += 1
            said.append(f"new dog {row.dog.name}")
        else:
            where = self._on_file(dog_ref)
            said.append(f"dog {found.dog_names.get(dog_ref, row.dog.name)} ({where})")
        if new_license is not None:
            year, part = new_license.year, new_license.part
            found.licensed.add((dog_ref, year.start))
            if part.number is not None:
                found.numbers[(year.start, part.number)] = dog_ref
                self.max_numbers[year.start] = max(self.max_numbers.get(year.start, 0), part.number)
            if part.tag is not None:
                found.tags[(year.start, part.tag)] = dog_ref
            self.licenses_new += 1
            said.append(f"{year.label} license brought in")
        if rabies is not None:
            found.certificates.add((dog_ref, rabies.vaccinated_on, rabies.expires_on))
            self.certificates_new += 1
            said.append("rabies certificate")
        kennel_ref, new_kennel, roster = self._kennel(number, row.kennel, owner_ref, dog_ref, said)
        nothing = new_owner is None and new_dog is None and new_license is None
        nothing = nothing and rabies is None and not new_kennel and not roster
        if nothing:
            said.append("nothing new")
        return PlannedRow(
            number,
            TAKE if new_dog is not None else MERGE,
            ", ".join(said),
            owner=owner_ref,
            dog=dog_ref,
            new_owner=new_owner,
            new_dog=new_dog,
            license=new_license,
            rabies=rabies,
            kennel=row.kennel,
            kennel_ref=kennel_ref,
            new_kennel=new_kennel,
            roster=roster,
        )

    def _kennel(
        self, number: int, kennel: KennelPart | None, owner: OwnerRef, dog: DogRef, said: list[str]
    ) -> tuple[int, bool, bool]:
        if kennel is None:
            return 0, False, False
        key = (owner, last_key(kennel.name))
        ref = self.found.kennels.get(key)
        new = ref is None
        if ref is None:
            ref = self._temp(number)
            self.found.kennels[key] = ref
            self.kennels_new += 1
            said.append(f"new kennel {kennel.name}")
        roster = (ref, dog) not in self.found.rostered
        if roster:
            self.found.rostered.add((ref, dog))
            said.append(f"kept at {kennel.name}")
        return ref, new, roster
