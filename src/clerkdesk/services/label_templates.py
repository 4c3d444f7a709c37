"""The office's own label sheet templates, kept in the shared settings table beside the
built-in ones, so every workstation prints on the same stock the same way.

Each custom template is one row (``label_template:NAME``) holding its JSON: saving one
template never rewrites another.
"""

from __future__ import annotations

import json
import logging
from dataclasses import replace

from sqlalchemy import func, select

from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Setting
from clerkdesk.reports.label_sheets import BUILT_IN, SheetTemplate, TemplateError, check, from_json
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import acting

KEY_PREFIX = "label_template:"
MAX_CUSTOM = 50
log = logging.getLogger(__name__)


def _decode(key: str, value: str) -> SheetTemplate | None:
    try:
        data = json.loads(value)
        if not isinstance(data, dict):
            raise TemplateError("not a JSON object")
        return from_json(data)
    except (ValueError, TemplateError) as exc:
        # A row edited by hand: leave it out rather than refuse every label.
        log.warning("label template %s is unreadable and left out: %s", key, exc)
        return None


def custom_templates(database: Database) -> tuple[SheetTemplate, ...]:
    """The office's own templates, by name."""
    with database.read() as session:
        rows = session.execute(
            select(Setting.key, Setting.value)
            .where(Setting.key.startswith(KEY_PREFIX))
            .order_by(Setting.key)
        ).all()
    found = (_decode(key, value) for key, value in rows)
    return tuple(t for t in found if t is not None)


def all_templates(database: Database) -> tuple[SheetTemplate, ...]:
    """The built-in sheets first, then the office's own."""
    return BUILT_IN + custom_templates(database)


def find_template(database: Database, name: str | None) -> SheetTemplate:
    """The template called ``name`` (the 30-up address sheet when None)."""
    if name is None:
        return BUILT_IN[0]
    wanted = name.strip().lower()
    for template in BUILT_IN:
        if template.name == wanted:
            return template
    templates = custom_templates(database)
    for template in templates:
        if template.name == wanted:
            return template
    known = ", ".join(t.name for t in BUILT_IN + templates)
    raise ValidationError(
        f"No label template is called {name!r} (there are: {known}).", field="template"
    )


def save_template(
    database: Database,
    template: SheetTemplate,
    *,
    actor: Actor,
    replace_existing: bool = False,
) -> SheetTemplate:
    """Keep a custom template for the office; refuses a built-in's name, and an existing
    custom name unless ``replace_existing``."""
    template = check(replace(template, name=template.name.strip().lower(), custom=True))
    if any(t.name == template.name for t in BUILT_IN):
        raise ValidationError(
            f"{template.name} is a built-in template; give yours another name.", field="name"
        )
    key = KEY_PREFIX + template.name
    value = json.dumps(template.as_json(), ensure_ascii=False, sort_keys=True)
    with acting(database, actor, Permission.MANAGE_TOWN) as session:
        existing = session.get(Setting, key)
        if existing is not None and not replace_existing:
            raise ValidationError(
                f"A template called {template.name} exists already.", field="name"
            )
        if existing is None:
            kept = session.scalar(
                select(func.count()).select_from(Setting).where(Setting.key.startswith(KEY_PREFIX))
            )
            if (kept or 0) >= MAX_CUSTOM:
                raise ValidationError(
                    f"The office keeps at most {MAX_CUSTOM} templates; delete one first.",
                    field="name",
                )
            session.add(Setting(key=key, value=value))
        else:
            existing.value = value
    return template


def delete_template(database: Database, name: str, *, actor: Actor) -> bool:
    """Forget a custom template; False if there was none by that name."""
    wanted = name.strip().lower()
    if any(t.name == wanted for t in BUILT_IN):
        raise ValidationError(f"{wanted} is a built-in template and stays.", field="name")
    with acting(database, actor, Permission.MANAGE_TOWN) as session:
        # Through the session, not a bulk DELETE, so the audit trail sees the row go.
        existing = session.get(Setting, KEY_PREFIX + wanted)
        if existing is None:
            return False
        session.delete(existing)
        return True
