"""The desktop app. Only this package imports Qt; it reaches the data through services."""
