"""The area screens, built once the database is open."""

from __future__ import annotations

from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.reprint_job import Reprinter
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.views.audit import AuditView
from clerkdesk.ui.views.base import AreaView
from clerkdesk.ui.views.enforcement import EnforcementView
from clerkdesk.ui.views.kennels import KennelsView
from clerkdesk.ui.views.kennels.keys import KENNEL_REPRINTS
from clerkdesk.ui.views.money import MoneyView
from clerkdesk.ui.views.owners import OwnersView
from clerkdesk.ui.views.reports import ReportsView
from clerkdesk.ui.views.settings import SettingsView
from clerkdesk.ui.views.settings.town_rules import TownChanged
from clerkdesk.ui.views.tags import TagsView


def build_views(ctx: UiContext, on_town_changed: TownChanged | None = None) -> dict[str, AreaView]:
    views: dict[str, AreaView] = {
        "counter": CounterView(ctx),
        "owners": OwnersView(ctx),
        "kennels": KennelsView(
            ctx,
            reprinter=lambda parent, said, done: Reprinter(
                ctx, parent, said, done, reprint_from=KENNEL_REPRINTS
            ),
        ),
        "money": MoneyView(ctx, lambda view, said: Reprinter(ctx, view, said)),
        "tags": TagsView(ctx),
        "reports": ReportsView(ctx),
        "settings": SettingsView(ctx, on_town_changed),
        "audit": AuditView(ctx),
        "enforcement": EnforcementView(ctx),
    }
    counter, owners = views["counter"], views["owners"]
    if isinstance(counter, CounterView) and isinstance(owners, OwnersView):
        owners.open_at_counter.connect(counter.show_owner)  # Enter on a dog opens its owner
    enforcement = views["enforcement"]
    if isinstance(counter, CounterView) and isinstance(enforcement, EnforcementView):
        enforcement.open_at_counter.connect(counter.show_owner)  # a fine, a release
    return views
