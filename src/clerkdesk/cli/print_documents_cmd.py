"""``clerkdesk print certificate`` and ``clerkdesk print receipt``."""

from __future__ import annotations

import argparse


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds ``certificate`` and ``receipt`` under ``print``."""
