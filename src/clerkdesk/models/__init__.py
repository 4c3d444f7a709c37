"""The ORM models; importing this package registers every table on ``Base.metadata``."""

from clerkdesk.models.base import Base
from clerkdesk.models.documents import StoredDocument
from clerkdesk.models.dogs import (
    Dog,
    DogDesignation,
    RabiesCertificate,
)
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
from clerkdesk.rules.kinds import (
    CertificateKind,
    DesignationKind,
    DogStatus,
    LicenseStatus,
    OwnerStatus,
    PrintedKind,
    ReceiptStatus,
    Sex,
    TagMarkKind,
    TagStatus,
    TenderKind,
)

__all__ = [
    "Base",
    "CertificateKind",
    "DesignationKind",
    "DocumentReprint",
    "Dog",
    "DogDesignation",
    "DogStatus",
    "License",
    "LicenseStatus",
    "NumberSequence",
    "Owner",
    "OwnerStatus",
    "PrintedKind",
    "RabiesCertificate",
    "Receipt",
    "ReceiptLine",
    "ReceiptStatus",
    "SearchToken",
    "Setting",
    "Sex",
    "StoredDocument",
    "TagIssue",
    "TagMark",
    "TagMarkKind",
    "TagStatus",
    "TagStock",
    "Tender",
    "TenderKind",
    "TownProfileVersion",
]
