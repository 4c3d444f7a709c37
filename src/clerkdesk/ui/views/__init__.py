"""One screen per area of the navigation rail."""
