"""What a run of notices could not print as asked, for the run's summary: owners sent a
letter because their notice does not fit a postcard, and names or addresses cut to fit
their box (after wrapping and shrinking to the smallest size that still reads)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class NoticeSummary:
    letters_instead: list[tuple[int, str, str]] = field(default_factory=list)
    """(owner no., name, why) for each owner whose postcard became a letter."""
    letters_from_page: int | None = None
    """The first page of those letters, after the postcard sheets."""
    cut: list[tuple[int, str, str]] = field(default_factory=list)
    """(owner no., where, the text that was cut)."""

    def lines(self) -> list[str]:
        """The summary in words, one line each; empty when everything printed as asked."""
        found: list[str] = []
        if self.letters_instead:
            count = len(self.letters_instead)
            owners = "owner's notice does" if count == 1 else "owners' notices do"
            where = f" (from page {self.letters_from_page})" if self.letters_from_page else ""
            found.append(
                f"{count} {owners} not fit a postcard and {'is' if count == 1 else 'are'} "
                f"printed as letters after the postcards{where}: print those pages on plain "
                "paper for window envelopes."
            )
            found += [f"  Owner no. {n}, {name}: {why}" for n, name, why in self.letters_instead]
        found += [f"Owner no. {n}: {where} cut to fit: {text}" for n, where, text in self.cut]
        return found
