"""`clerkdesk violation pay` and `clerkdesk impound release`: being built (issue 28).

The violation and impound families call these from their ``register`` so a fine or a release
is taken by the one checkout, as at the counter."""

from __future__ import annotations

import argparse


def register_pay(violation: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``violation pay`` (not yet)."""


def register_release(impound: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``impound release`` (not yet)."""
