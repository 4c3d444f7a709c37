"""``clerkdesk export``: the full export, the public-records export, and checking an
export's zip against its manifest."""
