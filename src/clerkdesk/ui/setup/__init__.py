"""A new office's set-up, one step at a time, shown in the main window after its first
administrator is created (and whenever an administrator signs in to an office that cannot
sell yet): the town, the seal, the first tag stock, the staff, the printers."""
