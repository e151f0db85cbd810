"""Cram in plain Python: each player in turn places a domino, vertical or
horizontal, on two empty cells; whoever cannot place one loses.

A position is ``(w, h, empty)``: a board ``w`` cells wide and ``h`` high whose
empty cells are the set bits of ``empty`` (cell ``(r, c)`` is bit
``r * w + c``). A move clears two adjacent bits. ``components`` splits the
empty cells into their orthogonally connected regions, each cropped to its
bounding box, so that equal regions anywhere are one memo entry; a lone cell
takes no domino and is dropped.

    >>> import sprague
    >>> sprague.value(Cram(), Cram.board("....|....|....")).grundy
    1
"""


class Cram:
    @staticmethod
    def board(text):
        """The position of a board in the ``..#.|....`` notation (``.`` empty,
        ``#`` covered), or ``WxH`` for an empty ``W x H`` board."""
        if "x" in text:
            w, h = (int(s) for s in text.split("x"))
            return (w, h, (1 << (w * h)) - 1)
        rows = text.split("|")
        w = len(rows[0])
        empty = sum(1 << (r * w + c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == ".")
        return (w, len(rows), empty)

    def moves(self, p):
        w, h, empty = p
        # Cells whose right neighbour is on the same row.
        not_last = sum(((1 << (w - 1)) - 1) << (r * w) for r in range(h))
        out = []
        for step, starts in ((1, empty & (empty >> 1) & not_last), (w, empty & (empty >> w))):
            while starts:
                bit = starts & -starts
                starts ^= bit
                out.append((w, h, empty & ~(bit | bit << step)))
        return out

    def components(self, p):
        w, h, empty = p
        full_row = (1 << w) - 1
        not_first = sum((full_row - 1) << (r * w) for r in range(h))
        not_last = sum((full_row >> 1) << (r * w) for r in range(h))
        parts = []
        rest = empty
        while rest:
            region = rest & -rest
            while True:
                grown = region | (region << 1 & not_first) | (region >> 1 & not_last) | region << w | region >> w
                grown &= empty
                if grown == region:
                    break
                region = grown
            rest &= ~region
            if region & (region - 1):  # two cells or more
                parts.append(crop(w, h, region))
        if len(parts) == 1 and parts[0] == p:
            return None
        return parts


def crop(w, h, cells):
    """``(w, h, cells)`` cut down to the bounding box of ``cells``."""
    full_row = (1 << w) - 1
    rows = [(cells >> (r * w)) & full_row for r in range(h)]
    while rows and not rows[-1]:
        rows.pop()
    while rows and not rows[0]:
        rows.pop(0)
    union = 0
    for row in rows:
        union |= row
    low = (union & -union).bit_length() - 1
    width = union.bit_length() - low
    packed = 0
    for r, row in enumerate(rows):
        packed |= (row >> low) << (r * width)
    return (width, len(rows), packed)


class CramOnBoard:
    """Cram on the board block (``sprague.Board``, cells ``".--#"``): each move
    list and the regions are one native call, and boards hash natively.

    >>> import sprague
    >>> sprague.value(CramOnBoard(), sprague.Board("4x3", cells=".--#")).grundy
    1
    """

    def moves(self, b):
        return b.place("#|#", "#") + b.place("##", "#")

    def components(self, b):
        return b.regions(".", "orthogonal", 2)
