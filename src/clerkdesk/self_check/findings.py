"""What a check found: problems (each one line with its fix), notes, and what passed."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Problem:
    """Something that stops ClerkDesk, or part of it, from working here, and its fix."""

    what: str
    fix: str = ""

    def line(self) -> str:
        """The problem and its fix in one line (a typed error's message holds both)."""
        said = f"{self.what.rstrip('.;')}; {self.fix}" if self.fix else self.what
        return " ".join(said.split())


@dataclass
class Finding:
    """One check's outcome. ``passed`` says in a few words what was found to work."""

    check: str
    passed: str = ""
    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems
