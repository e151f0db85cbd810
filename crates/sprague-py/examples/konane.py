"""Konane (Hawaiian checkers) in plain Python: Left's stones are ``x``,
Right's ``o``. A stone jumps over an orthogonally adjacent stone of the
opponent's into the empty cell beyond, capturing it, and may go on jumping in
the same line, stopping after any jump. Whoever cannot move loses.

A position is the board as a tuple of row strings (``.`` empty, ``#`` not on
the board), as the built-in ``konane`` writes it with rows joined by ``|``.

    >>> import sprague
    >>> str(sprague.canonical(Konane(), Konane.board(".ox.|o..x|....")))
    '+-1'
"""

DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0))


class Konane:
    @staticmethod
    def board(text):
        return tuple(text.split("|"))

    def _jumps(self, rows, me, them):
        h, w = len(rows), len(rows[0])
        cells = [list(row) for row in rows]
        out = []
        for r in range(h):
            for c in range(w):
                if cells[r][c] != me:
                    continue
                for dr, dc in DIRECTIONS:
                    board = [row[:] for row in cells]
                    at_r, at_c = r, c
                    while True:
                        mid_r, mid_c, land_r, land_c = at_r + dr, at_c + dc, at_r + 2 * dr, at_c + 2 * dc
                        if not (0 <= land_r < h and 0 <= land_c < w):
                            break
                        if board[mid_r][mid_c] != them or board[land_r][land_c] != ".":
                            break
                        board[at_r][at_c] = board[mid_r][mid_c] = "."
                        board[land_r][land_c] = me
                        out.append(tuple("".join(row) for row in board))
                        at_r, at_c = land_r, land_c
        return out

    def left_moves(self, p):
        return self._jumps(p, "x", "o")

    def right_moves(self, p):
        return self._jumps(p, "o", "x")


class KonaneOnBoard:
    """Konane on the board block (``sprague.Board``, cells ``".xo#"``): every
    single and multiple capture of one side in one native call.

    >>> import sprague
    >>> str(sprague.canonical(KonaneOnBoard(), sprague.Board(".ox.|o..x|....")))
    '+-1'
    """

    def left_moves(self, b):
        return b.jumps("x", "orthogonal", "o", capture=True, chain=True)

    def right_moves(self, b):
        return b.jumps("o", "orthogonal", "x", capture=True, chain=True)

    def components(self, b):
        return b.regions(".xo", "orthogonal", 2)
