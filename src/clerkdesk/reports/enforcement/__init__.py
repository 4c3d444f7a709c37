"""The enforcement papers (issue 28): the violation notice, the hearing notice, the order of
the hearing authority, the impound release receipt, the list of unpaid fines for court and
the month's summary for the selectmen. Each module takes the plain data it defines (filled
by ``services.enforcement.papers``) and returns PDF bytes."""
