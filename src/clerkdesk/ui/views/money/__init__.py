"""The Money area: receipts, voids and the daily close-out."""
