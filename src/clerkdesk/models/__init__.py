"""The ORM models; importing this package registers every table on ``Base.metadata``."""

from clerkdesk.models.base import Base
from clerkdesk.models.documents import StoredDocument
from clerkdesk.models.dogs import (
    CertificateKind,
    DesignationKind,
    Dog,
    DogDesignation,
    DogStatus,
    RabiesCertificate,
    Sex,
)
from clerkdesk.models.licensing import License, LicenseStatus, TagIssue, TagStatus, TagStock
from clerkdesk.models.money import (
    NumberSequence,
    Receipt,
    ReceiptLine,
    ReceiptStatus,
    Tender,
    TenderKind,
)
from clerkdesk.models.people import Owner, OwnerStatus
from clerkdesk.models.search import SearchToken
from clerkdesk.models.town import Setting, TownProfileVersion

__all__ = [
    "Base",
    "CertificateKind",
    "DesignationKind",
    "Dog",
    "DogDesignation",
    "DogStatus",
    "License",
    "LicenseStatus",
    "NumberSequence",
    "Owner",
    "OwnerStatus",
    "RabiesCertificate",
    "Receipt",
    "ReceiptLine",
    "ReceiptStatus",
    "SearchToken",
    "Setting",
    "Sex",
    "StoredDocument",
    "TagIssue",
    "TagStatus",
    "TagStock",
    "Tender",
    "TenderKind",
    "TownProfileVersion",
]
