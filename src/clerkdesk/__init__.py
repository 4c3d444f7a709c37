"""ClerkDesk: dog and kennel licensing for the town clerk's office."""

__version__ = "0.1.0"
