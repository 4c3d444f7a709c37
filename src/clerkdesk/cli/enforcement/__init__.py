"""Enforcement from the command line (issue 28): for now ``quote fine`` and ``quote impound``,
which read a town profile and print what it charges; recording violations, impounds and
hearings comes later."""
