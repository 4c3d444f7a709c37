"""A check of what an ordinary login may not do, run as one even when the suite runs as root.

Root reads and writes every file, so a test of a file this login may not read, or a folder
it may not write, proves nothing as root. Under root, ``as_unprivileged`` runs the function
in a child Python that loads the function's module first and then becomes the unprivileged
"nobody" (the Python the suite runs may live in root's home, which nobody may not read), as
tests/cli/test_cli_bad_input_process.py does for whole commands; under any other account it
simply calls the function. A child costs a fifth of a second: it imports only the function's
module, never pytest.
"""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

NOBODY = 65534

# The child: load the function (and whatever its arguments are made of), drop root's rights,
# call it, and hand back its result or its exception, pickled.
_CHILD = """
import importlib, os, pickle, sys
module, name, args, kwargs, preload = pickle.loads(sys.stdin.buffer.read())
for extra in preload:
    importlib.import_module(extra)
fn = importlib.import_module(module)
for part in name.split("."):
    fn = getattr(fn, part)
os.setgroups([])
os.setgid(NOBODY)
os.setuid(NOBODY)
try:
    outcome = ("returned", fn(*args, **kwargs))
except Exception as exc:
    outcome = ("raised", exc)
try:
    said = pickle.dumps(outcome)
except Exception as exc:
    said = pickle.dumps((outcome[0] + " (unpicklable)", repr(outcome[1])))
sys.stdout.buffer.write(said)
""".replace("NOBODY", str(NOBODY))


def is_root() -> bool:
    return os.name == "posix" and os.geteuid() == 0


@contextmanager
def unprivileged_folder(tmp_path: Path) -> Iterator[Path]:
    """Where a test writes what the unprivileged login works in: ``tmp_path`` itself for an
    ordinary login; under root a folder of nobody's own (pytest's are root's alone), so what
    the test then locks is all that nobody may not use."""
    if not is_root():
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="clerkdesk-unprivileged-"))
    try:
        os.chown(folder, NOBODY, NOBODY)
        folder.chmod(0o755)
        yield folder
    finally:
        shutil.rmtree(folder)


def as_unprivileged(
    fn: Callable[..., T],
    *args: Any,
    folder: Path | None = None,
    preload: tuple[str, ...] = (),
    **kwargs: Any,
) -> T:
    """``fn(*args, **kwargs)`` as a login without root's rights; its exception is raised here.

    Under root, ``fn`` must be a module-level function and its arguments and result
    picklable; the child's user folders (XDG, and the machine-wide ones the suite moves) are
    put in ``folder`` (from ``unprivileged_folder``), and ``preload`` names modules it needs
    that live where nobody may not read."""
    if not is_root():
        return fn(*args, **kwargs)
    env = dict(os.environ)
    if folder is not None:
        for name in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
            env[name] = str(folder / "login" / name.lower())
        env["CLERKDESK_SITE_CONFIG_DIR"] = str(folder / "machine-config")
        env["CLERKDESK_SITE_DATA_DIR"] = str(folder / "machine-data")
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    asked = pickle.dumps((fn.__module__, fn.__qualname__, args, kwargs, preload))
    done = subprocess.run(
        [sys.executable, "-c", _CHILD],
        input=asked,
        capture_output=True,
        env=env,
        cwd=folder or "/",
        timeout=60,
        check=False,
    )
    if done.returncode != 0:
        raise AssertionError(
            f"the unprivileged child failed:\n{done.stderr.decode(errors='replace')}"
        )
    how, what = pickle.loads(done.stdout)
    if how == "raised" and isinstance(what, ModuleNotFoundError):
        raise AssertionError(
            f"the unprivileged child could not import {what.name} once it was nobody: "
            "name the module that imports it in preload"
        ) from what
    if how == "raised":
        raise what
    if how != "returned":
        raise AssertionError(f"the unprivileged child's {how}: {what}")
    return what  # type: ignore[no-any-return]
