"""Screenshots of each Counter state, at 1280×800, from a fresh Westborough demo town on
June 1, 2026: search results, the owner card, the cart, the payment dialog, the tags dialog
and the print preview; the new owner, new dog and rabies forms, transfer (and its payment,
naming the new owner), a lost tag (and its payment), deceased/moved; another customer opened
while the cart holds dogs (the question, then the held cart), a dog's details and fee lines;
the forms again with the longest message each field can give, and an owner with the longest
name the register keeps; then, on February 15, 2027, the card switched to next year's
licenses on early sale. Everything on an offscreen screen of that size
(docs/screen-1280x800.json), so a dialog sizes itself as it would on the counter's PC:

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/make_counter_screenshots.py
"""

from __future__ import annotations

import datetime as dt
import os
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

from PySide6.QtWidgets import QWidget

HERE = Path(__file__).parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT / "tests" / "ui"), str(ROOT / "tests")]

from counter_fixtures import prepare_counter, second_customer  # noqa: E402
from long_inputs import (  # noqa: E402
    DOG_WORST,
    KEPT_FIRST,
    KEPT_LAST,
    OWNER_WORST,
    RABIES_WORST,
    clipped,
    put,
)
from screenshot_support import EASTERN, demo_administrator, save, visible, wait_until  # noqa: E402

from clerkdesk.clock import FixedClock  # noqa: E402
from clerkdesk.db.database import Database  # noqa: E402
from clerkdesk.db.migrate import upgrade_to_head  # noqa: E402
from clerkdesk.demo.fill import fill_demo  # noqa: E402
from clerkdesk.demo.history import DEMO_ACTOR  # noqa: E402
from clerkdesk.models import TenderKind  # noqa: E402
from clerkdesk.services.people import OwnerInput, create_owner  # noqa: E402
from clerkdesk.ui.app import application, build_shell, start  # noqa: E402
from clerkdesk.ui.counter.tags_dialog import TagsDialog  # noqa: E402
from clerkdesk.ui.counter.view import CounterView  # noqa: E402
from clerkdesk.ui.form_base import FormDialog  # noqa: E402
from clerkdesk.ui.payment_dialog import PaymentDialog  # noqa: E402
from clerkdesk.ui.printing.preview import PrintPreview  # noqa: E402
from clerkdesk.ui.question import QuestionDialog  # noqa: E402
from clerkdesk.ui.style import apply_style  # noqa: E402


def long_cases(view: CounterView, owner_id: int, long_name: int) -> None:
    """The forms with the longest message each field can give, after one press of Save;
    the card of an owner with the longest name the register keeps."""
    window = view.window()
    view.open_owner(long_name)
    wait_until(lambda: view.card.card is not None and not view.busy())
    save(window, "counter-long-name")
    view.open_owner(owner_id)
    wait_until(lambda: view.card.card is not None and not view.busy())
    shots: list[tuple[Callable[[], None], Mapping[str, str], str]] = [
        (view.new_owner, OWNER_WORST, "new-owner-messages"),
        (view.new_dog, DOG_WORST, "new-dog-messages"),
        (view.rabies, RABIES_WORST, "rabies-messages"),
    ]
    for opens, values, name in shots:
        opens()
        wait_until(lambda: view.form is not None and view.form.isVisible())
        form = view.form
        assert isinstance(form, FormDialog)
        put(form, form.widgets, values)
        form.save()
        wait_until(lambda: not view.busy())
        if problems := clipped(form):
            raise AssertionError(f"{name}: {problems}")
        save(form, f"counter-{name}")
        form.close()
        wait_until(lambda: not view.busy())


def main() -> int:
    if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
        os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={HERE / 'screen-1280x800.json'}"
    clock = FixedClock(dt.datetime(2026, 6, 1, 10, 30, tzinfo=EASTERN))
    with tempfile.TemporaryDirectory(prefix="clerkdesk-counter-") as tmp:
        # The receipt and certificates it prints, and its log, stay out of the user's folders.
        for name in ("XDG_DATA_HOME", "XDG_STATE_HOME"):
            os.environ[name] = str(Path(tmp) / name.lower())
        url = f"sqlite:///{Path(tmp) / 'demo.sqlite'}"
        database = Database.open(url)
        upgrade_to_head(database)
        fill_demo(database, dogs=450, seed=7, town_id="westborough", clock=clock)
        case = prepare_counter(database)
        long_name = create_owner(
            database,
            OwnerInput(KEPT_FIRST, KEPT_LAST, "1234 Old Connecticut Path", "Westborough", "01581"),
            actor=DEMO_ACTOR,
            clock=clock,
        )
        second = second_customer(database, case)
        database.dispose()
        app = application()
        apply_style(app)
        shell = build_shell(url, clock)
        shell.actor = demo_administrator(url, clock)
        window = start(url, shell)
        window.resize(1280, 800)
        wait_until(lambda: window.is_open and not window.busy())
        view = window.views["counter"]
        assert isinstance(view, CounterView)
        save(window, "counter-home")
        window.focus_search()
        window.search.setText(case.last_name)
        window.search.textEdited.emit(case.last_name)
        wait_until(lambda: view.results.model.rowCount() > 0 and not view.busy())
        save(window, "counter-search")
        view.open_owner(case.owner_id)
        wait_until(lambda: view.card.card is not None and not view.busy())
        save(window, "counter-owner-card")
        view.renew_all_due()
        wait_until(lambda: not view.busy())
        save(window, "counter-cart")
        view.pay()
        wait_until(lambda: visible(PaymentDialog) is not None)
        payment = visible(PaymentDialog)
        assert isinstance(payment, PaymentDialog)
        payment.row(TenderKind.CASH).amount.setText("20.00")
        check = payment.row(TenderKind.CHECK)
        check.amount.setText(f"{payment.total - 20:.2f}")
        assert check.reference is not None
        check.reference.setText("4521")
        wait_until(lambda: True)
        save(payment, "counter-payment")
        payment.finish()
        wait_until(lambda: visible(TagsDialog) is not None)
        tags = visible(TagsDialog)
        assert tags is not None
        save(tags, "counter-tags")
        tags.finish()
        wait_until(lambda: visible(PrintPreview) is not None and not view.busy())
        preview = visible(PrintPreview)
        assert preview is not None
        wait_until(lambda: True)
        save(preview, "counter-preview")
        preview.close()
        wait_until(lambda: view.card.card is not None and not view.busy())
        # The forms and the changes, each from its key on the card.
        shots: list[tuple[Callable[[], None], Callable[[], QWidget | None], str]] = [
            (view.new_owner, lambda: view.form, "new-owner"),
            (view.new_dog, lambda: view.form, "new-dog"),
            (view.rabies, lambda: view.form, "rabies"),
            (view.changes.transfer, lambda: view.changes.picker, "transfer"),
            (view.changes.mark_status, lambda: view.changes.status_dialog, "deceased-moved"),
        ]
        for opens, dialog, name in shots:
            opens()
            wait_until(lambda d=dialog: d() is not None and d().isVisible())  # type: ignore[misc, union-attr]
            shown = dialog()
            assert shown is not None
            save(shown, f"counter-{name}")
            shown.close()
            wait_until(lambda: not view.busy())
        # A transfer's payment names the new owner; a lost tag's names the new tag.
        view.changes.transfer()
        wait_until(lambda: view.changes.picker is not None and view.changes.picker.isVisible())
        picker = view.changes.picker
        assert picker is not None
        picker.box.setText(second.search_text)
        picker.box.textEdited.emit(second.search_text)
        wait_until(lambda: picker.results.model.rowCount() > 0 and not picker.results.busy())
        picker.results.open_current()
        wait_until(lambda: visible(PaymentDialog) is not None)
        transfer_payment = visible(PaymentDialog)
        assert transfer_payment is not None
        save(transfer_payment, "counter-transfer-payment")
        transfer_payment.close()  # Back: to the new owner's search, then away
        wait_until(lambda: picker.isVisible())
        picker.close()
        view.changes.lost_tag()
        wait_until(lambda: visible(TagsDialog) is not None)
        lost = visible(TagsDialog)
        assert isinstance(lost, TagsDialog)
        save(lost, "counter-lost-tag")
        lost.finish()
        wait_until(lambda: visible(PaymentDialog) is not None)
        lost_payment = visible(PaymentDialog)
        assert lost_payment is not None
        save(lost_payment, "counter-lost-tag-payment")
        lost_payment.close()
        wait_until(lambda: lost.isVisible())
        lost.close()
        wait_until(lambda: not view.busy())
        # One customer per cart: the next resident's dogs in the cart, then the first
        # resident opened again: add to this receipt, or hold the cart.
        view.open_owner(second.owner_id)
        wait_until(
            lambda: view.card.card is not None and view.card.card.owner_id == second.owner_id
        )
        view.renew_all_due()
        view.open_owner(case.owner_id)
        wait_until(lambda: visible(QuestionDialog) is not None)
        question = visible(QuestionDialog)
        assert isinstance(question, QuestionDialog)
        wait_until(lambda: True)
        save(question, "counter-another-customer")
        question.choose("hold")
        wait_until(lambda: view.card.card is not None and view.card.card.owner_id == case.owner_id)
        wait_until(lambda: not view.busy())
        save(window, "counter-held-cart")
        view.customer.bring_back()
        wait_until(
            lambda: view.card.card is not None and view.card.card.owner_id == second.owner_id
        )
        wait_until(lambda: not view.busy())
        view.card.table.setFocus()
        view.show_details()
        wait_until(lambda: view.details is not None and view.details.isVisible())
        assert view.details is not None
        save(view.details, "counter-dog-details")
        view.details.close()
        view.cart.cart.clear()
        view.cart.refresh()
        long_cases(view, case.owner_id, long_name)
        # February: this year's licenses sold, next year's on sale early (Y switches).
        clock.moment = dt.datetime(2027, 2, 15, 10, 30, tzinfo=EASTERN)
        window.status.show_workspace(window.ctx)
        view.open_owner(case.owner_id)
        wait_until(lambda: view.card.card is not None and not view.busy())
        view.switch_year()
        wait_until(
            lambda: view.card.card is not None and view.card.card.license_year.starts_in == 2027
        )
        view.renew_all_due()
        wait_until(lambda: not view.busy())
        save(window, "counter-early-sale")
        window.close()
        shell.tasks.wait()
        if window.ctx is not None:
            window.ctx.database.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
