"""The ORM models; importing this package registers every table on ``Base.metadata``."""

from clerkdesk.models.base import Base
from clerkdesk.models.dogs import CertificateKind, Dog, DogStatus, RabiesCertificate, Sex
from clerkdesk.models.people import Owner, OwnerStatus
from clerkdesk.models.town import Setting, TownProfileVersion

__all__ = [
    "Base",
    "CertificateKind",
    "Dog",
    "DogStatus",
    "Owner",
    "OwnerStatus",
    "RabiesCertificate",
    "Setting",
    "Sex",
    "TownProfileVersion",
]
