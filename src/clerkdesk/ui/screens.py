"""The area screens, built once the database is open."""

from __future__ import annotations

from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.views.base import AreaView
from clerkdesk.ui.views.owners import OwnersView
from clerkdesk.ui.views.placeholders import placeholder_views
from clerkdesk.ui.views.settings import SettingsView
from clerkdesk.ui.views.settings.town_rules import TownChanged
from clerkdesk.ui.views.tags import TagsView


def build_views(ctx: UiContext, on_town_changed: TownChanged | None = None) -> dict[str, AreaView]:
    return {
        "counter": CounterView(ctx),
        "owners": OwnersView(ctx),
        **placeholder_views(),
        "tags": TagsView(ctx),
        "settings": SettingsView(ctx, on_town_changed),
    }
