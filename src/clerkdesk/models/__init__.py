"""The ORM models; importing this package registers every table on ``Base.metadata``."""

from clerkdesk.models.access import ActingSession, SignInAttempt, UserSecret
from clerkdesk.models.audit import AuditEntry
from clerkdesk.models.base import Base
from clerkdesk.models.census import CensusAnswer
from clerkdesk.models.documents import StoredDocument
from clerkdesk.models.dogs import (
    Dog,
    DogDesignation,
    RabiesCertificate,
)
from clerkdesk.models.enforcement import (
    DogHearing,
    DogOrder,
    EnforcementPayment,
    Impound,
    LicensingBar,
    Violation,
    ViolationDog,
)
from clerkdesk.models.importing import ImportBatch
from clerkdesk.models.kennels import (
    Kennel,
    KennelDog,
    KennelInspection,
    KennelLicense,
    KennelTag,
)
from clerkdesk.models.ledger import Closeout, LedgerEntry, PeriodLock, ReceiptVoid
from clerkdesk.models.licensing import License, TagIssue, TagMark, TagStock
from clerkdesk.models.money import (
    NumberSequence,
    Receipt,
    ReceiptLine,
    Tender,
)
from clerkdesk.models.people import Owner
from clerkdesk.models.reprints import DocumentReprint
from clerkdesk.models.search import SearchToken
from clerkdesk.models.town import Setting, TownProfileVersion
from clerkdesk.models.users import User
from clerkdesk.models.years import LicenseYearOpening, NoticeRun
from clerkdesk.rules.kinds import (
    CertificateKind,
    DesignationKind,
    DogStatus,
    InspectionResult,
    KennelStatus,
    LedgerKind,
    LicenseStatus,
    NoticeKind,
    OwnerStatus,
    PrintedKind,
    ReceiptStatus,
    Sex,
    TagMarkKind,
    TagStatus,
    TenderKind,
)
from clerkdesk.rules.roles import Role

__all__ = [
    "ActingSession",
    "AuditEntry",
    "Base",
    "CensusAnswer",
    "CertificateKind",
    "Closeout",
    "DesignationKind",
    "DocumentReprint",
    "Dog",
    "DogDesignation",
    "DogHearing",
    "DogOrder",
    "DogStatus",
    "EnforcementPayment",
    "ImportBatch",
    "Impound",
    "InspectionResult",
    "Kennel",
    "KennelDog",
    "KennelInspection",
    "KennelLicense",
    "KennelStatus",
    "KennelTag",
    "LedgerEntry",
    "LedgerKind",
    "License",
    "LicenseStatus",
    "LicenseYearOpening",
    "LicensingBar",
    "NoticeKind",
    "NoticeRun",
    "NumberSequence",
    "Owner",
    "OwnerStatus",
    "PeriodLock",
    "PrintedKind",
    "RabiesCertificate",
    "Receipt",
    "ReceiptLine",
    "ReceiptStatus",
    "ReceiptVoid",
    "Role",
    "SearchToken",
    "Setting",
    "Sex",
    "SignInAttempt",
    "StoredDocument",
    "TagIssue",
    "TagMark",
    "TagMarkKind",
    "TagStatus",
    "TagStock",
    "Tender",
    "TenderKind",
    "TownProfileVersion",
    "User",
    "UserSecret",
    "Violation",
    "ViolationDog",
]
