"""`clerkdesk hearing …`: being built (issue 28)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `hearing` commands (none yet)."""
