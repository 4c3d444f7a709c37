"""``clerkdesk print tags``, ``print calibration`` and ``print templates``."""

from __future__ import annotations

import argparse


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds ``tags``, ``calibration`` and ``templates`` under ``print``."""
