"""The area screens, built once the database is open."""

from __future__ import annotations

from clerkdesk.ui.context import UiContext
from clerkdesk.ui.views.base import AreaView
from clerkdesk.ui.views.counter import CounterView
from clerkdesk.ui.views.owners import OwnersView
from clerkdesk.ui.views.placeholders import placeholder_views


def build_views(ctx: UiContext) -> dict[str, AreaView]:
    return {"counter": CounterView(ctx), "owners": OwnersView(ctx), **placeholder_views()}
