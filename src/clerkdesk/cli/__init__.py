"""The ``clerkdesk`` command line: the contract scripts and checks rely on."""
