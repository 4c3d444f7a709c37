"""The Windows tree checked on Linux, as far as can be without Windows: every module the app
imports is there (compiled ones as x64 Windows binaries), every DLL's imports resolve to a
file of the tree or of Windows itself, tzdata is there, the launcher's paths resolve."""

from __future__ import annotations

import ast
import re
import zipfile
from pathlib import Path

from installer.pe_imports import NotPE, imports_of, machine

AMD64 = 0x8664
# DLLs every supported Windows (10 and 11, x64) has in System32.
WINDOWS_DLLS = frozenset(
    """advapi32 authz avrt bcrypt bthprops.cpl cabinet cfgmgr32 comctl32 comdlg32 crypt32 d2d1
    d3d11 d3d12 d3d9 d3dcompiler_47 dbghelp dcomp dhcpcsvc dnsapi dwmapi dwrite dxgi dxva2 evr
    fontsub gdi32 hid icuuc imagehlp imm32 iphlpapi kernel32 mf mfplat mfreadwrite mmdevapi mpr
    msi ncrypt netapi32 ntdll ole32 oleaut32 pdh propsys psapi rpcrt4 secur32 setupapi shell32
    shlwapi uiautomationcore urlmon user32 userenv uxtheme version winhttp winmm winscard
    winspool.drv winusb ws2_32 wtsapi32 normaliz""".split()  # noqa: SIM905 (a word a DLL reads best)
)

# Modules a library loads by name, which no ``import`` of the app names (as self-check knows).
LOADED_BY_NAME = frozenset({"psycopg", "psycopg_binary", "_rl_accel", "_cffi_backend", "tzdata"})


def is_windows_dll(name: str) -> bool:
    lower = name.lower()
    if lower.startswith(("api-ms-win-", "ext-ms-win-")):
        return True
    stem = lower.removesuffix(".dll")
    return stem in WINDOWS_DLLS or lower in WINDOWS_DLLS


def imported_top_modules(package: Path) -> set[str]:
    """Top-level names of the absolute imports in a package's sources, its own left out."""
    names: set[str] = set()
    for path in package.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module.split(".")[0])
    names.discard(package.name)
    names.discard("__future__")
    return names


def _module_places(python_dir: Path, site: Path) -> tuple[set[str], set[str]]:
    found = {p.name.split(".")[0] for p in site.iterdir()}
    found |= {p.name.split(".")[0] for p in python_dir.glob("*.pyd")}
    with zipfile.ZipFile(python_dir / "python311.zip") as stdlib:
        for name in stdlib.namelist():
            found.add(name.split("/")[0].split(".")[0])
    # Modules built into python311.dll appear there as NUL-terminated names (the inittab).
    dll = (python_dir / "python311.dll").read_bytes()
    builtin = {m.decode() for m in re.findall(rb"(?<=\x00)([_a-z][_a-z0-9]{1,30})(?=\x00)", dll)}
    return found, builtin


def problems(tree: Path, app_qt_modules: set[str]) -> list[str]:
    found: list[str] = []
    python_dir = tree / "python"
    site = python_dir / "Lib" / "site-packages"
    for need in ("python.exe", "pythonw.exe", "python311.dll", "python311.zip", "python311._pth"):
        if not (python_dir / need).is_file():
            found.append(f"python\\{need} is missing")
    if found:
        return found
    for line in (python_dir / "python311._pth").read_text(encoding="ascii").splitlines():
        entry = line.strip()
        named = entry and not entry.startswith(("#", "import "))
        if named and not (python_dir / entry.replace("\\", "/")).exists():
            found.append(f"python311._pth names {entry}, which is not in the tree")
    # The launcher and clerkdesk.cmd run python\pythonw.exe / python\python.exe -m clerkdesk.
    for need in ("ClerkDesk.exe", "clerkdesk.cmd", "clerkdesk.ico"):
        if not (tree / need).is_file():
            found.append(f"{need} is missing")
    if not (site / "clerkdesk" / "__main__.py").is_file():
        found.append("clerkdesk\\__main__.py is missing: -m clerkdesk would fail")
    cmd = (
        (tree / "clerkdesk.cmd").read_text(encoding="ascii")
        if (tree / "clerkdesk.cmd").exists()
        else ""
    )
    for target in re.findall(r'%~dp0([^"]+)"', cmd):
        if not (tree / target.replace("\\", "/")).is_file():
            found.append(f"clerkdesk.cmd runs {target}, which is not in the tree")
    places, builtin = _module_places(python_dir, site)
    for module in sorted(imported_top_modules(site / "clerkdesk") | LOADED_BY_NAME):
        if module not in places and module not in builtin:
            found.append(f"the app imports {module}, which is not in the tree")
    for module in sorted(app_qt_modules):
        if not (site / "PySide6" / f"{module}.pyd").is_file():
            found.append(f"the app imports PySide6.{module}, but {module}.pyd is not in the tree")
    if not (site / "PySide6" / "plugins" / "platforms" / "qwindows.dll").is_file():
        found.append("Qt's Windows platform plugin (qwindows.dll) is missing")
    if not (site / "tzdata" / "zoneinfo" / "America" / "New_York").is_file():
        found.append("tzdata is missing: Windows has no time zone files of its own")
    if not (tree / "licenses" / "THIRD-PARTY-NOTICES.txt").is_file():
        found.append("licenses\\THIRD-PARTY-NOTICES.txt is missing")
    found.extend(_binary_problems(tree))
    return found


def _binary_problems(tree: Path) -> list[str]:
    found: list[str] = []
    binaries = [p for p in tree.rglob("*") if p.suffix.lower() in (".dll", ".pyd", ".exe")]
    present = {p.name.lower() for p in binaries}
    for elf in [p for p in tree.rglob("*.so*") if p.is_file()]:
        found.append(f"{elf.relative_to(tree)} is a Linux library in the Windows tree")
    for path in binaries:
        data = path.read_bytes()
        try:
            if machine(data) != AMD64:
                found.append(f"{path.relative_to(tree)} is not an x64 Windows binary")
                continue
            needs = imports_of(path)
        except (NotPE, ValueError, IndexError) as exc:
            found.append(f"{path.relative_to(tree)} is not a Windows binary ({exc})")
            continue
        for dll in needs:
            if dll.lower() not in present and not is_windows_dll(dll):
                found.append(f"{path.relative_to(tree)} needs {dll}, which is not in the tree")
    return found
