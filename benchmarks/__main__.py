"""Run every benchmark and print each figure beside its baseline.

make bench                 # 100,000 dogs
BENCH_DOGS=20000 make bench
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from benchmarks.demo_rate import demo_rate
from benchmarks.measure import report
from benchmarks.search_bench import search_benchmarks, section, write_section
from benchmarks.startup import first_paint
from clerkdesk.clock import SystemClock


def main() -> int:
    dogs = int(os.environ.get("BENCH_DOGS", "100000"))
    with tempfile.TemporaryDirectory(prefix="clerkdesk-bench-") as tmp:
        folder = Path(tmp)
        sys.stdout.write(f"ClerkDesk benchmarks, {dogs:,} dogs, python {sys.version.split()[0]}\n")
        figure, database = demo_rate(folder, dogs, SystemClock())
        report(figure)
        sys.stdout.write(f"{'':<44} ({dogs / figure.value:,.0f} dogs/s)\n")
        for startup in first_paint(f"sqlite:///{database}"):
            report(startup)
        write_section(section(search_benchmarks(database, dogs, SystemClock()), dogs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
