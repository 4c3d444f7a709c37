"""The command-line contract for towns, quote and profile (no database is touched)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clerkdesk.cli.main import main
from clerkdesk.rules.presets import preset_toml


@pytest.fixture(autouse=True)
def _no_database(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CLERKDESK_DB_URL", f"sqlite:///{tmp_path / 'never' / 'db.sqlite'}")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        status = main(list(args))
    except SystemExit as stop:  # argparse usage errors
        status = int(stop.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


WESTBOROUGH_DOG = ("quote", "dog", "--town", "westborough", "--sex", "male", "--intact")


def test_towns(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "towns")
    assert status == 0
    assert out.splitlines() == [
        "fairhaven\tTown of Fairhaven\t01-01",
        "massachusetts\tMassachusetts (state-law defaults)\t01-01",
        "sample-city\tSample City (Chapter 6, Dogs)\t01-01",
        "sample-town\tSample Town (domestic animals on town ways)\t01-01",
        "westborough\tTown of Westborough\t04-01",
    ]
    assert not (tmp_path / "never").exists()


def test_westborough_renewal_on_june_1_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, *WESTBOROUGH_DOG, "--on", "2026-06-01", "--renewal", "--json")
    assert (status, err) == (0, "")
    quote = json.loads(out)
    assert set(quote) == {"total", "license_year", "lines", "warnings", "notes"}
    assert quote["total"] == "19.00"
    assert quote["license_year"] == {"start": "2026-04-01", "end": "2027-03-31"}
    assert [line["amount"] for line in quote["lines"]] == ["15.00", "3.00", "1.00"]
    assert all(
        set(line) == {"code", "description", "amount", "account", "citation"}
        for line in quote["lines"]
    )
    assert [line["citation"] for line in quote["lines"][1:]] == ["Art. 19 §2C", "Art. 19 §2C"]
    assert quote["warnings"] == []


def test_westborough_new_to_town_and_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        *WESTBOROUGH_DOG,
        "--on",
        "2026-06-01",
        "--new-to-town-since",
        "2026-06-01",
        "--json",
    )
    assert status == 0
    assert json.loads(out)["total"] == "15.00"
    status, out, _ = run(capsys, *WESTBOROUGH_DOG, "--on", "2026-06-01", "--renewal")
    lines = out.splitlines()
    assert lines[0] == "Town of Westborough — license year 2026–27 (04/01/2026 to 03/31/2027)"
    assert lines[1].split() == ["CODE", "DESCRIPTION", "AMOUNT", "ACCOUNT", "CITATION"]
    assert lines[-1].split() == ["TOTAL", "19.00"]
    assert "Art. 19 §2C" in lines[3]


@pytest.mark.parametrize(("dogs", "total"), [("4", "15.00"), ("11", "75.00"), ("20", "75.00")])
def test_westborough_kennel(capsys: pytest.CaptureFixture[str], dogs: str, total: str) -> None:
    status, out, _ = run(
        capsys,
        "quote",
        "kennel",
        "--town",
        "westborough",
        "--on",
        "2026-06-01",
        "--dogs",
        dogs,
        "--json",
    )
    assert status == 0
    assert json.loads(out)["total"] == total


def test_westborough_kennel_of_21_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "quote", "kennel", "--town", "westborough", "--on", "2026-06-01", "--dogs", "21"
    )
    assert status == 2
    assert out == ""
    assert err.strip().splitlines() == [
        "clerkdesk: a kennel in Town of Westborough may keep no more than 20 dogs "
        "(Art. 19 §11); 21 were counted"
    ]


def test_kennel_class(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "quote",
        "kennel",
        "--town",
        "westborough",
        "--on",
        "2026-06-01",
        "--dogs",
        "8",
        "--class",
        "charitable",
        "--json",
    )
    assert (status, json.loads(out)["total"]) == (0, "0.00")
    status, _, err = run(
        capsys,
        "quote",
        "kennel",
        "--town",
        "westborough",
        "--on",
        "2026-06-01",
        "--dogs",
        "8",
        "--class",
        "zoo",
    )
    assert status == 2 and "--class" in err


def test_city_may_2_costs_ten_more_than_may_1(capsys: pytest.CaptureFixture[str]) -> None:
    totals = []
    for day in ("2026-05-01", "2026-05-02"):
        status, out, _ = run(
            capsys,
            "quote",
            "dog",
            "--town",
            "sample-city",
            "--on",
            day,
            "--sex",
            "female",
            "--altered",
            "--renewal",
            "--json",
        )
        assert status == 0
        totals.append(float(json.loads(out)["total"]))
    assert totals[1] - totals[0] == 10.0


def test_fairhaven_owner_turning_70(capsys: pytest.CaptureFixture[str]) -> None:
    base = (
        "quote",
        "dog",
        "--town",
        "fairhaven",
        "--on",
        "2026-03-10",
        "--sex",
        "female",
        "--altered",
        "--json",
    )
    _, today, _ = run(capsys, *base, "--owner-born", "1956-03-10")
    _, tomorrow, _ = run(capsys, *base, "--owner-born", "1956-03-11")
    assert json.loads(today)["total"] == "0.00"
    assert json.loads(tomorrow)["total"] != "0.00"
    assert any("example" in w for w in json.loads(tomorrow)["warnings"])


def test_every_dog_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(
        capsys,
        "quote",
        "dog",
        "--town",
        "westborough",
        "--on",
        "2027-02-15",
        "--sex",
        "female",
        "--altered",
        "--renewal",
        "--born",
        "2020-01-01",
        "--new-to-town-since",
        "2021-01-01",
        "--missed-years",
        "0",
        "--owner-born",
        "1950-01-01",
        "--owner-exempt-dogs",
        "0",
        "--designation",
        "dangerous",
        "--license-year",
        "2027",
        "--json",
    )
    assert status == 0, err
    quote = json.loads(out)
    assert quote["license_year"]["start"] == "2027-04-01"
    assert quote["total"] == "10.00"
    status, out, _ = run(
        capsys, *WESTBOROUGH_DOG, "--on", "2026-06-01", "--service-animal", "--json"
    )
    assert json.loads(out)["total"] == "0.00"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--on", "2026-13-01"), "not a date"),
        (("--on", "2026-06-01", "--missed-years", "-1"), "0 or more"),
        (("--on", "2026-06-01", "--license-year", "26"), "YYYY"),
        (("--on", "2026-06-01", "--license-year", "2024"), "ended on 03/31/2025"),
        (("--on", "2026-06-01", "--born", "2026-07-01"), "birth date is after"),
        (("--on", "2026-06-01", "--exemption", "police"), 'no exemption "police"'),
    ],
)
def test_invalid_dog_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], words: str
) -> None:
    status, out, err = run(capsys, *WESTBOROUGH_DOG, *args)
    assert status == 2
    assert out == ""
    last = err.strip().splitlines()[-1]
    assert words in last
    assert (
        len(
            [
                line
                for line in err.splitlines()
                if not line.startswith("usage:") and not line.startswith(" ")
            ]
        )
        == 1
    )


def test_missing_required_options(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (
        ("quote", "dog", "--town", "westborough", "--sex", "male"),
        ("quote", "dog", "--sex", "male", "--intact"),
        (
            "quote",
            "dog",
            "--town",
            "westborough",
            "--profile",
            "x.toml",
            "--sex",
            "male",
            "--intact",
        ),
        ("quote",),
        ("quote", "kennel", "--town", "westborough"),
    ):
        assert run(capsys, *args)[0] == 2, args


def test_unknown_town(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(
        capsys,
        "quote",
        "dog",
        "--town",
        "atlantis",
        "--on",
        "2026-06-01",
        "--sex",
        "male",
        "--intact",
    )
    assert status == 2
    assert err.strip().startswith('clerkdesk: no town preset "atlantis" (presets: fairhaven,')


def test_on_defaults_to_the_clock(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "quote", "dog", "--town", "massachusetts", "--sex", "male", "--intact", "--json"
    )
    assert status == 0
    assert json.loads(out)["license_year"]["start"].endswith("-01-01")


def test_quote_from_a_profile_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "westborough.toml"
    path.write_text(preset_toml("westborough"), encoding="utf-8")
    status, out, _ = run(
        capsys,
        "quote",
        "dog",
        "--profile",
        str(path),
        "--on",
        "2026-06-01",
        "--sex",
        "male",
        "--intact",
        "--renewal",
        "--json",
    )
    assert (status, json.loads(out)["total"]) == (0, "19.00")
    bad = tmp_path / "bad.toml"
    bad.write_text(
        preset_toml("westborough").replace("male_altered = 10.00", "male_altered = 15.00"),
        encoding="utf-8",
    )
    status, _, err = run(
        capsys,
        "quote",
        "dog",
        "--profile",
        str(bad),
        "--on",
        "2026-06-01",
        "--sex",
        "male",
        "--intact",
    )
    assert status == 2
    assert len(err.strip().splitlines()) == 1
    assert "must be lower than the fee for an intact" in err
    assert "(and 1 more; see clerkdesk profile check)" in err


def test_profile_check(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = tmp_path / "good.toml"
    good.write_text(preset_toml("fairhaven"), encoding="utf-8")
    status, out, err = run(capsys, "profile", "check", str(good))
    assert (status, err) == (0, "")
    assert out.splitlines()[0] == f"{good}: ok — fairhaven (Town of Fairhaven), 1 fee schedule(s)"
    assert "warning: schedules[0].dog_fees is an example value" in out

    bad = tmp_path / "bad.toml"
    bad.write_text(
        preset_toml("westborough")
        .replace("male_altered = 10.00", "male_altered = 15.00")
        .replace('start = "04-01"', 'start = "04-31"'),
        encoding="utf-8",
    )
    status, out, err = run(capsys, "profile", "check", str(bad))
    assert status == 2
    assert out == ""
    problems = err.strip().splitlines()
    assert problems[-1] == f"{bad}: 3 problem(s)"
    assert f'{bad}: license_year.start: "04-31": month 4 has no day 31' in problems
    assert sum("must be lower" in p for p in problems) == 2

    status, _, err = run(capsys, "profile", "check", str(tmp_path / "missing.toml"))
    assert status == 2 and "cannot read" in err


def test_profile_show(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "profile", "show", "westborough")
    assert status == 0
    assert out == preset_toml("westborough").rstrip("\n") + "\n"
    status, _, err = run(capsys, "profile", "show", "atlantis")
    assert status == 2 and 'no town preset "atlantis"' in err


def test_the_kennel_class_names_agree_with_the_rules_engine() -> None:
    from clerkdesk.cli.rules_cmds import KENNEL_CLASSES
    from clerkdesk.rules import KENNEL_CLASSES as ENGINE_CLASSES

    assert tuple(KENNEL_CLASSES) == tuple(ENGINE_CLASSES)


def test_quote_says_which_reach_of_the_late_fee_applied(capsys: pytest.CaptureFixture[str]) -> None:
    on = ("--on", "2026-06-01")
    status, out, err = run(capsys, *WESTBOROUGH_DOG, *on, "--last-licensed", "2024", "--json")
    assert (status, err) == (0, "")
    quote = json.loads(out)
    assert quote["total"] == "19.00"
    assert "charged on a dog licensed in this town before" in quote["lines"][1]["description"]
    status, out, _ = run(capsys, *WESTBOROUGH_DOG, *on, "--licensed-here-before")
    assert status == 0 and "TOTAL" in out and "19.00" in out
    status, out, _ = run(capsys, *WESTBOROUGH_DOG, *on)
    assert status == 0
    note = "note: no late fee (Art. 19 §2C): it is charged on a dog licensed in this town before"
    assert note in out
    status, out, err = run(capsys, *WESTBOROUGH_DOG, *on, "--last-licensed", "2026")
    assert (status, out) == (2, "")
    assert err.strip().endswith("must be before the license year being sold (2026–27)")
    assert len(err.strip().splitlines()) == 1


def test_kennel_category_and_a_bad_date(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "town.toml"
    path.write_text(
        preset_toml("westborough")
        + '\n[schedules.kennel.categories.hobby]\nclass = "personal"\nfee = 12.00\n',
        encoding="utf-8",
    )
    kennel = ("quote", "kennel", "--profile", str(path), "--on", "2026-06-01", "--dogs", "3")
    status, out, err = run(capsys, *kennel, "--category", "hobby", "--json")
    assert (status, err, json.loads(out)["total"]) == (0, "", "12.00")
    status, out, err = run(capsys, *kennel, "--category", "show")
    assert (status, out) == (2, "")
    assert err.strip().endswith('has no kennel category "show" (its categories: hobby)')
    bad = preset_toml("westborough").replace("2004-04-01", "2004-04-31")
    line = next(n for n, text in enumerate(bad.splitlines(), 1) if "2004-04-31" in text)
    path.write_text(bad, "utf-8")
    status, out, err = run(capsys, "profile", "check", str(path))
    assert (status, out) == (2, "")
    assert err.splitlines()[0].startswith(
        f"{path}: schedules[0].effective: 2004-04-31 is not a date (line {line})"
    )


WITH_SECTION_SIGN = preset_toml("westborough")


@pytest.mark.parametrize(
    ("data", "warning"),
    [
        (b"\xef\xbb\xbf" + WITH_SECTION_SIGN.encode("utf-8"), None),
        (WITH_SECTION_SIGN.encode("cp1252"), "was read as Windows-1252 (ANSI), not UTF-8"),
    ],
    ids=["utf-8 with BOM", "ansi"],
)
def test_profile_check_reads_what_notepad_saves(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: bytes, warning: str | None
) -> None:
    path = tmp_path / "town.toml"
    path.write_bytes(data)
    status, out, err = run(capsys, "profile", "check", str(path))
    assert (status, err) == (0, "")
    assert out.startswith(f"{path}: ok — westborough")
    assert (warning in out) if warning else ("was read as" not in out)
    quote = ("quote", "dog", "--profile", str(path), "--on", "2026-06-01", "--sex", "male")
    status, out, _ = run(capsys, *quote, "--intact", "--renewal", "--json")
    assert status == 0
    assert json.loads(out)["lines"][1]["citation"] == "Art. 19 §2C"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"[town]\nid = '\x81\x8d'\n", "neither UTF-8 nor Windows-1252 (ANSI) text"),
        (b"\x00" * 64, "is not a text file"),
        (
            WITH_SECTION_SIGN.replace("male_intact = 15.00", "male_intact = 1e999999", 1).encode(),
            "schedules[0].dog_fees.male_intact: 1e999999 is too large",
        ),
        (
            WITH_SECTION_SIGN.replace("male_intact = 15.00", "male_intact = nan", 1).encode(),
            "schedules[0].dog_fees.male_intact: must be an amount such as 15.00, not nan",
        ),
        (
            WITH_SECTION_SIGN.replace(
                "male_intact = 15.00", "male_intact = " + "9" * 5000, 1
            ).encode(),
            "not valid TOML: a number in it has thousands of digits",
        ),
    ],
    ids=["not utf-8 nor ansi", "binary", "1e999999", "nan", "5000 digits"],
)
def test_a_bad_profile_file_is_one_line_on_every_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: bytes, words: str
) -> None:
    path = tmp_path / "town.toml"
    path.write_bytes(data)
    quote = ("quote", "dog", "--profile", str(path), "--on", "2026-06-01", "--sex", "male")
    for command in (("profile", "check", str(path)), (*quote, "--intact")):
        status, out, err = run(capsys, *command)
        assert (status, out) == (2, "")
        assert len(err.strip().splitlines()) == 1, err
        assert words in err and "Traceback" not in err
    status, _, err = run(capsys, "profile", "check", str(tmp_path))
    assert status == 2 and err.strip() == f"{tmp_path}: cannot read {tmp_path}: Is a directory"


def test_profile_check_lists_uncited_values_and_refuses_a_misspelt_account(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "town.toml"
    uncited = "\n".join(
        line for line in preset_toml("westborough").splitlines() if not line.startswith("citation")
    )
    path.write_text(uncited, encoding="utf-8")
    status, out, err = run(capsys, "profile", "check", str(path))
    assert (status, err) == (0, "")
    warnings = [line for line in out.splitlines() if "has no citation" in line]
    assert "warning: license_year has no citation: its quote lines will say “no citation”" in (
        warnings
    )
    assert len(warnings) == 10
    quote = ("quote", "dog", "--profile", str(path), "--on", "2026-06-01", "--sex", "male")
    status, out, _ = run(capsys, *quote, "--intact", "--renewal", "--json")
    assert {line["citation"] for line in json.loads(out)["lines"]} == {"no citation"}

    path.write_text(
        preset_toml("westborough").replace("kennel_license = ", "kennel_licence = "), "utf-8"
    )
    status, out, err = run(capsys, "profile", "check", str(path))
    assert (status, out) == (2, "")
    assert err.strip() == (
        f'{path}: accounts.kennel_licence: no fee has the code "kennel_licence"; '
        'did you mean "kennel_license"?'
    )
