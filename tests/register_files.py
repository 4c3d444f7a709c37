"""Old registers as offices keep them, written for the import's tests: a small clean CSV, and
an XLSX of a few thousand dogs with the usual mess (mixed date formats, "M/F" and "Male",
"Neutered: Y", blank rows, one household written two ways, a tag used twice) and a known
problem on chosen rows, which ``fixed=True`` leaves out."""

from __future__ import annotations

import csv
import datetime as dt
import random
from dataclasses import dataclass, field
from pathlib import Path

from openpyxl import Workbook

HEADERS = [
    "Owner Last",
    "Owner First",
    "Address",
    "Town",
    "Zip",
    "Phone",
    "Dog Name",
    "Breed",
    "Color",
    "M/F",
    "Neutered",
    "DOB",
    "Lic Year",
    "Tag #",
    "License #",
    "Fee",
    "Rabies Vacc",
    "Rabies Exp",
    "Vet",
]

FIRST = ["Ann", "Bob", "Carla", "Dev", "Erin", "Faye", "Gus", "Hal", "Iris", "Jon", "Kim", "Lou"]
LAST = ["Adams", "Baker", "Chen", "Diaz", "Evans", "Fox", "Gray", "Hill", "Ito", "Jones", "King"]
STREETS = ["Elm", "Oak", "Maple", "Pine", "Cedar", "Birch", "Walnut", "Chestnut", "Spruce"]
DOGS = ["Max", "Bella", "Charlie", "Luna", "Cooper", "Daisy", "Milo", "Rosie", "Toby", "Zoe"]
BREEDS = ["Beagle", "Labrador Retriever", "Poodle", "Mixed", "Boxer", "Collie"]


def small_rows() -> list[list[str]]:
    """Three dogs of two households: the Greens' two dogs on two rows written two ways."""
    return [
        HEADERS,
        ["Green", "Ada", "5 Birch Rd", "Westborough", "01581", "(508) 555-0111", "Pepper",
         "Poodle", "Black", "F (spayed)", "", "03/02/2019", "2025", "501", "7001", "$10.00",
         "04/10/2025", "04/10/2028", "Dr. Hu"],
        ["GREEN", "Ada", "5 Birch Road", "Westborough", "01581", "508.555.0111", "Salt",
         "Mixed", "White", "M", "Neutered: Y", "2020-06-01", "2025", "502", "7002", "10",
         "5/1/25", "5/1/26", "Dr. Hu"],
        ["Stone", "Roy", "9 Ash St", "Westborough", "01581", "", "Bolt", "Boxer", "Fawn",
         "Male", "N", "", "2024", "503", "7003", "15", "", "", ""],
    ]  # fmt: skip


def write_csv(path: Path, rows: list[list[str]]) -> Path:
    with path.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows)
    return path


@dataclass
class Messy:
    path: Path
    dogs: int
    problems: dict[int, str] = field(default_factory=dict)
    """Sheet row number → words its refusal says."""
    households: int = 0


def messy_register(path: Path, dogs: int, *, fixed: bool = False, seed: int = 25) -> Messy:
    """``dogs`` dog rows in an XLSX with the usual mess; unless ``fixed``, six rows carry a
    problem the dry run must name (``problems``)."""
    rng = random.Random(seed)
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Dogs"
    sheet.append(HEADERS)
    row_number = 1
    made = 0
    households = 0
    messy = Messy(path, 0)
    while made < dogs:
        households += 1
        last, first = rng.choice(LAST), rng.choice(FIRST)
        house = f"{households} {rng.choice(STREETS)}"
        phone = f"508-555-{households:04d}"
        for n in range(min(rng.choice((1, 1, 2, 3)), dogs - made)):
            made += 1
            if made % 500 == 0:  # a blank row now and then
                sheet.append([])
                row_number += 1
            # one household written two ways, as two clerks typed it
            street = f"{house} St" if n % 2 == 0 else f"{house.upper()} STREET"
            born = dt.date(2015 + made % 9, 1 + made % 12, 1 + made % 28)
            born_cell: object = [
                dt.datetime(born.year, born.month, born.day),  # noqa: DTZ001 (Excel's dates)
                f"{born:%m/%d/%Y}",
                f"{born.month}/{born.day}/{born:%y}",
                born.isoformat(),
            ][made % 4]
            female = made % 2 == 0
            sex = (
                ["F", "Female", "F (spayed)"][made % 3]
                if female
                else ["M", "Male", "M/N"][made % 3]
            )
            altered = ["Neutered: Y", "Y", "N", "X", ""][made % 5]
            vacc = dt.date(2024, 1 + made % 12, 1 + made % 28)
            values: list[object] = [
                last, first, street, "Westborough", "01581", phone,
                f"{rng.choice(DOGS)} {made}", rng.choice(BREEDS), "Brown", sex, altered,
                born_cell, 2025, 1000 + made, 5000 + made, 10.0 if female else 15.0,
                f"{vacc:%m/%d/%Y}", f"{vacc.replace(year=vacc.year + 3):%m/%d/%Y}", "Dr. Vet",
            ]  # fmt: skip
            row_number += 1
            if not fixed:
                _spoil(values, made, row_number, messy)
            sheet.append(values)
    book.save(path)
    messy.dogs = made
    messy.households = households
    return messy


def _spoil(values: list[object], made: int, row: int, messy: Messy) -> None:
    """The problems an old register has, one on each of a few chosen rows."""
    if made == 7:
        values[6] = ""
        messy.problems[row] = "no dog's name"
    elif made == 19:
        values[11] = "13/45/2020"
        messy.problems[row] = "not a date: 13/45/2020"
    elif made == 31:
        values[9] = "M/F"
        messy.problems[row] = "unknown sex: M/F"
    elif made == 43:
        values[16] = "01/05/2031"
        messy.problems[row] = "rabies vaccination date in the future"
    elif made == 55:
        values[13] = 1000 + 54  # the tag of the dog two rows up (another household)
        messy.problems[row] = "tag 1054 for 2025–26 already belongs to another dog"
    elif made == 67:
        values[0] = ""
        messy.problems[row] = "no owner's name"
