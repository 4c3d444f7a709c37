"""Build ClerkDesk's installers (``installer/build.py``); the app never imports this."""
