"""A shared server's connection cut in the middle of a write, for real.

Another connection holds a table against writes (``LOCK … IN SHARE MODE`` lets reads
through), so a workstation's transaction runs up to its first write there and waits; a
watcher then ends that workstation's server process with ``pg_terminate_backend``, as an
administrator's restart or a dropped network would, and lets the table go.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import psycopg

from pg_server import PostgresServer

_WAITING = (
    "SELECT pid FROM pg_stat_activity WHERE datname = %s AND wait_event_type = 'Lock' AND pid <> %s"
)


@dataclass
class Cut:
    """What the watcher did: the server process it ended, if one came to wait."""

    ended: list[int] = field(default_factory=list)


@contextmanager
def cut_while_writing(
    server: PostgresServer, database: str, table: str, *, wait_s: float = 60.0
) -> Iterator[Cut]:
    """Within the block, the first transaction that writes to ``table`` in ``database``
    loses its connection there."""
    cut = Cut()
    holder = psycopg.connect(host="127.0.0.1", port=server.port, user=server.user, dbname=database)
    watcher = psycopg.connect(
        host="127.0.0.1", port=server.port, user=server.user, dbname=database, autocommit=True
    )
    holder.execute(f'LOCK TABLE "{table}" IN SHARE MODE')
    holder_pid = holder.info.backend_pid
    done = threading.Event()

    def watch() -> None:
        deadline = time.monotonic() + wait_s
        try:
            while not done.is_set() and time.monotonic() < deadline:
                rows = watcher.execute(_WAITING, (database, holder_pid)).fetchall()
                if rows:
                    for (pid,) in rows:
                        watcher.execute("SELECT pg_terminate_backend(%s, 5000)", (pid,))
                        cut.ended.append(int(pid))
                    return
                time.sleep(0.02)
        finally:
            holder.rollback()

    thread = threading.Thread(target=watch, name="pg-cut", daemon=True)
    thread.start()
    try:
        yield cut
    finally:
        done.set()
        thread.join(timeout=wait_s + 5)
        holder.close()
        watcher.close()
