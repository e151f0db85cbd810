"""Snort in plain Python: Left colours an uncoloured vertex blue, Right red,
and no vertex may be coloured next to a vertex of the opponent's colour.
Whoever cannot colour loses.

The graph belongs to the game object; a position is a string with one
character per vertex, as after `` : `` in the built-in ``snort``'s notation:
``.`` either player may colour it, ``x`` only Left (it touches blue), ``o``
only Right (it touches red), ``#`` nobody (it touches both), and ``-`` for a
vertex already coloured (it has left the game).

    >>> import sprague
    >>> path = Snort(3, [(0, 1), (1, 2)])
    >>> str(sprague.canonical(path, "..."))
    '+-2'
"""

# What colouring a vertex does to a neighbour's state, for each player.
LEFT = {".": "x", "x": "x", "o": "#", "#": "#", "-": "-"}
RIGHT = {".": "o", "x": "#", "o": "o", "#": "#", "-": "-"}


class Snort:
    def __init__(self, n, edges):
        self.neighbours = [[] for _ in range(n)]
        for a, b in edges:
            self.neighbours[a].append(b)
            self.neighbours[b].append(a)

    def _colour(self, p, allowed, after):
        out = []
        for v, state in enumerate(p):
            if state in allowed:
                q = list(p)
                q[v] = "-"
                for u in self.neighbours[v]:
                    q[u] = after[q[u]]
                out.append("".join(q))
        return out

    def left_moves(self, p):
        return self._colour(p, ".x", LEFT)

    def right_moves(self, p):
        return self._colour(p, ".o", RIGHT)


class SnortOnGraph:
    """Snort on the graph block (``sprague.GraphBoard`` in the built-in's
    notation, cells ``".xo#"``): each move list and the components are one
    native call.

    >>> import sprague
    >>> str(sprague.canonical(SnortOnGraph(), sprague.GraphBoard("0-1 1-2")))
    '+-2'
    """

    def left_moves(self, g):
        # A vertex Left may colour; its neighbours: . -> x, x -> x, o -> #, # -> #.
        return g.mark(".x", "xx##")

    def right_moves(self, g):
        # A vertex Right may colour; its neighbours: . -> o, x -> #, o -> o, # -> #.
        return g.mark(".o", "o#o#")

    def components(self, g):
        return g.components(".xo")
