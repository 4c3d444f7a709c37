"""A real PostgreSQL server for the suite, started in a temporary folder and thrown away.

PostgreSQL refuses to run as root, so under root its commands run as the ``postgres`` user.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import psycopg


def find_bindir() -> Path | None:
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]))
    for folder in reversed(candidates):
        if (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    found = shutil.which("pg_ctl")
    return Path(found).resolve().parent if found else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def admin_connection(host: str, port: int, user: str) -> psycopg.Connection[tuple[Any, ...]]:
    """A connection to the server's ``postgres`` database, in autocommit, for making and
    dropping databases."""
    return psycopg.connect(host=host, port=port, user=user, dbname="postgres", autocommit=True)


class PostgresServer:
    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.base = Path(tempfile.mkdtemp(prefix="clerkdesk-pg-"))
        self.data = self.base / "data"
        self.port = _free_port()
        self.user = "clerkdesk"
        self._run_as: str | None = None
        self._databases = 0
        if os.geteuid() == 0:
            self._run_as = "postgres"
            entry = pwd.getpwnam("postgres")
            os.chown(self.base, entry.pw_uid, entry.pw_gid)
        self.base.chmod(0o755)

    def _run(self, *args: str) -> None:
        subprocess.run(
            [str(self.bindir / args[0]), *args[1:]],
            check=True,
            user=self._run_as,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            cwd=self.base,
        )

    def start(self) -> None:
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            self.user,
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-locale",
            "--no-sync",
        )
        # Each pytest-xdist worker starts a server of its own on a port found free; should
        # another take that port between the look and the start, the next try finds another.
        for attempt in range(3):
            try:
                self._start_on(self.port)
                return
            except subprocess.CalledProcessError:
                if attempt == 2:
                    raise
                self.port = _free_port()

    def _start_on(self, port: int) -> None:
        options = (
            f"-p {port} -k {self.base} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
            "-c max_connections=60"
        )
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.base / "server.log"),
            "-o",
            options,
            "-w",
            "-t",
            "60",
            "start",
        )

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            # A run leaves hundreds of databases of a few hundred files each: removing them
            # took most of a minute at the end of the last test. Taken aside under a new
            # name at once, they are removed by a process of their own while the run ends.
            aside = self.base.with_name(self.base.name + "-removing")
            try:
                self.base.rename(aside)
            except OSError:
                aside = self.base
            subprocess.run(
                ["sh", "-c", 'rm -rf -- "$1" >/dev/null 2>&1 &', "sh", str(aside)], check=False
            )

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/{database}"

    def create_database(self, template: str | None = None) -> str:
        """A new database, empty or a copy of ``template`` (a file copy on the server: far
        quicker than building the same schema again)."""
        self._databases += 1
        name = f"test_{os.getpid()}_{self._databases}"
        copied = f' TEMPLATE "{template}"' if template else ""
        with admin_connection("127.0.0.1", self.port, self.user) as conn:
            conn.execute(f'CREATE DATABASE "{name}"{copied}')
        return self.url(name)
