"""The office's backups: taken by hand or on the office's schedule, checked, and restored.

A backup is one zip file: ``manifest.json`` (what it is: town, schema revision, when and by
whom, counts, the database's SHA-256) and the database itself, ``database.sqlite`` (a
SQLite online-backup copy) or ``database.dump`` (``pg_dump --format=custom``). One file,
written whole under a hidden name and renamed in, so nothing that looks like a backup
exists until the whole backup does.
"""
