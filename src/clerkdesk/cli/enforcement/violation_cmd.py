"""`clerkdesk violation …`: being built (issue 28)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `violation` commands (none yet)."""
