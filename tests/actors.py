"""People the tests act as: a clerk by default, any role by name."""

from __future__ import annotations

from clerkdesk.rules.roles import Actor, Role


def staff(name: str = "clerk", role: Role = Role.CLERK, workstation: str = "test") -> Actor:
    return Actor(name, role, workstation)


CLERK = staff()
