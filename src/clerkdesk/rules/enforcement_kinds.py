"""The kinds and statuses of enforcement records (violations, impounds, hearings, orders).

Below the models, like ``rules.kinds``, so a screen or a document can name them without the
database layer.
"""

from __future__ import annotations

import enum


class ViolationStatus(enum.StrEnum):
    """A violation's standing apart from its money (paid is read from the receipts, so a
    voided payment leaves it unpaid again)."""

    OPEN = "open"
    # Withdrawn by the officer, or found not responsible at a hearing or in court.
    DISMISSED = "dismissed"


class ImpoundDisposition(enum.StrEnum):
    RETURNED = "returned"  # released to its owner or keeper
    ADOPTED = "adopted"  # to an adopter, who licenses it (MGL c.140 §151A)
    TRANSFERRED = "transferred"  # to a shelter, a rescue or another town
    EUTHANIZED = "euthanized"
    DIED = "died"
    OTHER = "other"


class HearingDecision(enum.StrEnum):
    DISMISSED = "dismissed"
    NUISANCE = "nuisance"
    DANGEROUS = "dangerous"


class OrderKind(enum.StrEnum):
    """What the hearing authority may order under MGL c.140 §157(c)."""

    RESTRAINT = "restraint"
    CONFINEMENT = "confinement"
    MUZZLE_LEASH = "muzzle_leash"  # muzzled and leashed off the owner's premises
    INSURANCE = "insurance"  # proof of liability insurance
    IDENTIFICATION = "identification"  # microchip or other permanent identification
    SPAY_NEUTER = "spay_neuter"
    SURRENDER = "surrender"  # surrender of license and tags
    REMOVAL = "removal"  # removed from the town
    EUTHANASIA = "euthanasia"
    OTHER = "other"


ORDER_WORDS: dict[OrderKind, str] = {
    OrderKind.RESTRAINT: "restrained",
    OrderKind.CONFINEMENT: "confined to the owner's premises",
    OrderKind.MUZZLE_LEASH: "muzzled and leashed off the owner's premises",
    OrderKind.INSURANCE: "proof of liability insurance",
    OrderKind.IDENTIFICATION: "permanent identification (microchip)",
    OrderKind.SPAY_NEUTER: "spayed or neutered",
    OrderKind.SURRENDER: "license and tags surrendered",
    OrderKind.REMOVAL: "removed from the town",
    OrderKind.EUTHANASIA: "humanely euthanized",
    OrderKind.OTHER: "other",
}
