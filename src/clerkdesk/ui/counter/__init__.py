"""The Counter screen: search, the owner's card, the cart, payment, tags and printing.

Shortcuts: the action keys (R, N, O, E, V, T, L, D, P, W) are plain letters scoped to the
counter screen. They fire only when the cursor is not in a text box: a line edit takes a
typed letter as text (Qt gives it the key first), so typing a name never renews a dog.
F12 (pay), Del (remove a cart line) and Ctrl+E (edit dog) work from anywhere on the screen;
F12 and Ctrl+F (find a receipt or certificate to reprint) from the search box too.
"""
