"""Enforcement from the command line (issue 28): ``quote fine`` and ``quote impound`` read a
town profile; ``violation``, ``impound`` and ``hearing`` record and settle the officer's and
the hearing authority's work."""
