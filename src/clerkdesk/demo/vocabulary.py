"""Words the demo town is made of. Invented people; common New England places and breeds."""

from __future__ import annotations

from clerkdesk.paths import resources_dir


def _words(list_name: str) -> tuple[str, ...]:
    """One entry a line, from ``resources/demo``."""
    text = (resources_dir() / "demo" / f"{list_name}.txt").read_text(encoding="utf-8")
    return tuple(line.strip() for line in text.splitlines() if line.strip())


FIRST_NAMES = _words("first_names")

LAST_NAMES = _words("last_names")

STREETS = _words("streets")

DOG_NAMES = _words("dog_names")

# (breed, relative frequency, usual colours)
BREEDS: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    ("Labrador Retriever", 14, ("Black", "Yellow", "Chocolate")),
    ("Golden Retriever", 9, ("Golden", "Cream", "Red")),
    ("German Shepherd", 7, ("Black/Tan", "Sable", "Black")),
    ("Mixed Breed", 16, ("Brown", "Black/White", "Tan", "Brindle", "Tricolor")),
    ("Beagle", 5, ("Tricolor", "Lemon/White")),
    ("Poodle", 4, ("White", "Black", "Apricot")),
    ("Labradoodle", 4, ("Cream", "Apricot", "Chocolate")),
    ("Goldendoodle", 4, ("Cream", "Golden", "Red")),
    ("French Bulldog", 3, ("Fawn", "Brindle", "Cream")),
    ("Bulldog", 2, ("Fawn/White", "Brindle")),
    ("Boxer", 3, ("Fawn", "Brindle")),
    ("Dachshund", 3, ("Red", "Black/Tan", "Dapple")),
    ("Yorkshire Terrier", 3, ("Blue/Tan",)),
    ("Shih Tzu", 3, ("Gold/White", "Black/White")),
    ("Cavalier King Charles Spaniel", 2, ("Blenheim", "Tricolor")),
    ("Australian Shepherd", 3, ("Blue Merle", "Red Merle", "Black Tri")),
    ("Border Collie", 2, ("Black/White", "Red/White")),
    ("Siberian Husky", 2, ("Gray/White", "Black/White", "Red/White")),
    ("Pembroke Welsh Corgi", 2, ("Red/White", "Sable")),
    ("Boston Terrier", 2, ("Black/White", "Brindle/White")),
    ("Chihuahua", 3, ("Fawn", "Black", "Chocolate")),
    ("Pit Bull Terrier", 4, ("Blue", "Brindle", "White", "Fawn")),
    ("Rottweiler", 2, ("Black/Rust",)),
    ("Bernese Mountain Dog", 1, ("Tricolor",)),
    ("Cocker Spaniel", 2, ("Buff", "Black", "Parti")),
    ("Jack Russell Terrier", 2, ("White/Tan", "Tricolor")),
    ("Havanese", 1, ("Cream", "Black", "Silver")),
    ("Shetland Sheepdog", 1, ("Sable/White", "Blue Merle")),
    ("Great Dane", 1, ("Fawn", "Harlequin", "Black")),
    ("Newfoundland", 1, ("Black", "Brown")),
)

CLINICS = (
    ("Westborough Animal Hospital", "Dr. Anne Kowalski"),
    ("Harbor Veterinary Clinic", "Dr. Luis Medeiros"),
    ("Assabet Valley Veterinary", "Dr. Priya Raman"),
    ("Route 9 Pet Care", "Dr. Thomas Greene"),
    ("Sconset Animal Clinic", "Dr. Maureen Flaherty"),
    ("Central Mass Veterinary Associates", "Dr. Kevin Liu"),
    ("Town Line Veterinary Hospital", "Dr. Sarah Okafor"),
    ("Rabies Clinic at the Town Barn", "Dr. Robert Almeida"),
)

VACCINES = (("Imrab 3", 3), ("Rabvac 3", 3), ("Defensor 3", 3), ("Nobivac 1-Rabies", 1))

# City, ZIP and telephone area code of the place each preset's demo town stands in.
TOWN_PLACES: dict[str, tuple[str, str, str]] = {
    "westborough": ("Westborough", "01581", "508"),
    "fairhaven": ("Fairhaven", "02719", "508"),
    "sample-city": ("Sample City", "01601", "774"),
    "sample-town": ("Sample Town", "01701", "978"),
}
DEFAULT_PLACE = ("Springfield", "01103", "413")
