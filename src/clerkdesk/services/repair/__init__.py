"""Mending what an accident left a database unable to do: ``clerkdesk db repair``."""
