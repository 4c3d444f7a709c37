"""The statuses and kinds every layer names: stored by the models, shown by the screens.

They live below the models so a screen or a document can name a dog's status without
importing the database layer.
"""

from __future__ import annotations

import enum


class Sex(enum.StrEnum):
    MALE = "male"
    FEMALE = "female"


class DogStatus(enum.StrEnum):
    ACTIVE = "active"
    DECEASED = "deceased"
    MOVED = "moved"
    TRANSFERRED = "transferred"
    LOST = "lost"


class DesignationKind(enum.StrEnum):
    SERVICE_ANIMAL = "service_animal"
    NUISANCE = "nuisance"
    DANGEROUS = "dangerous"


class CertificateKind(enum.StrEnum):
    VACCINATION = "vaccination"
    # A veterinarian's rabies exemption certificate (MGL c.140 §137 and c.140 §145B).
    EXEMPTION = "exemption"


class LicenseStatus(enum.StrEnum):
    ISSUED = "issued"
    VOID = "void"
    TRANSFERRED = "transferred"
    REPLACED = "replaced"


class TagStatus(enum.StrEnum):
    ISSUED = "issued"
    LOST = "lost"
    VOID = "void"


class TagMarkKind(enum.StrEnum):
    """What became of a tag outside a sale: a spare one voided or lost from stock, or an
    issued one handed back by its owner."""

    VOID = "void"
    LOST = "lost"
    RETURNED = "returned"


class ReceiptStatus(enum.StrEnum):
    PAID = "paid"
    VOID = "void"


class LedgerKind(enum.StrEnum):
    """What a link of the ledger's hash chain stands for."""

    RECEIPT = "receipt"
    VOID = "void"
    CLOSEOUT = "closeout"
    PERIOD_LOCK = "period_lock"
    # A change of licenses', kennel licenses' or tag issues' standing posted on its own (an
    # import's licenses brought in, the upgrade that first chained them): it stands for no
    # other row, so its record is its own place in the chain.
    STANDING = "standing"
    # The chain's HMAC key set up or rotated: its fingerprint, never the key.
    CHAIN_KEY = "chain_key"

    @property
    def self_contained(self) -> bool:
        """An entry whose whole content is in the entry itself (``record_id`` is its seq)."""
        return self in (LedgerKind.STANDING, LedgerKind.CHAIN_KEY)


class TenderKind(enum.StrEnum):
    CASH = "cash"
    CHECK = "check"
    MONEY_ORDER = "money_order"
    CARD = "card"


class OwnerStatus(enum.StrEnum):
    ACTIVE = "active"
    MOVED = "moved"
    DECEASED = "deceased"


class KennelStatus(enum.StrEnum):
    ACTIVE = "active"
    # The keeper gave it up or the premises closed: kept on file, never licensed again.
    CLOSED = "closed"


class InspectionResult(enum.StrEnum):
    """An animal control officer's finding at a kennel (MGL c.140 §137C)."""

    PASSED = "passed"
    FAILED = "failed"


class NoticeKind(enum.StrEnum):
    """Letters the office mails about licenses."""

    # Before the due date: next year's license is due.
    RENEWAL = "renewal"
    # After the due date: last year's license was not renewed (MGL c.140 §151A).
    REMINDER = "reminder"


class NoticeLevel(enum.StrEnum):
    """How far along the office's letters about one license year an owner's notice is: the
    first notice before the due date, a reminder after it, and the final notice that names
    what follows under the bylaw (the §151A list, a fine)."""

    FIRST = "first"
    REMINDER = "reminder"
    FINAL = "final"

    @property
    def words(self) -> str:
        """``First notice``, ``Reminder``, ``Final notice``: as printed on the notice."""
        return {"first": "First notice", "reminder": "Reminder", "final": "Final notice"}[self]


class PrintedKind(enum.StrEnum):
    """The documents a resident is handed and may ask for again."""

    RECEIPT = "receipt"
    CERTIFICATE = "certificate"
    KENNEL_CERTIFICATE = "kennel_certificate"
    VIOLATION_NOTICE = "violation_notice"
    HEARING_NOTICE = "hearing_notice"
    HEARING_ORDER = "hearing_order"
    IMPOUND_RELEASE = "impound_release"
