"""``clerkdesk self-check``: whether this machine can run ClerkDesk, and if not, what to do.

Each check is a function returning a ``Finding`` (``findings``); ``run.run_checks`` runs them
all. Nothing here imports Qt at the top: a check that needs PySide6 imports it when it runs,
so the window's pre-start check (``qt_libraries.window_problem``) can run before Qt loads.
"""
