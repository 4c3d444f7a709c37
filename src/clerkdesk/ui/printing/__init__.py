"""The one print path every area calls: documents as PDF files, a preview, the printer.

An area renders its document to a PDF (``reports``), wraps it in a ``PrintJob`` and hands
it to ``PrintPreview`` or to ``Dialogs.print_job``; nothing outside this package talks to
``QPrinter``.
"""
