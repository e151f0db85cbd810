"""sprague — a combinatorial game theory engine, from Python.

Built-in rulesets by name (``sprague.games()`` lists them)::

    >>> import sprague
    >>> sprague.value("nim", "3 4 5").grundy
    2
    >>> sprague.table("octal:0.07", 200).period
    Period(preperiod=53, period=34, saltus=0, proven=True)

Nimbers (``Nimber``), partizan values (``Game``), numbers beyond the dyadics
(``Surreal``: ordinals, rationals, surreal numbers; ``surreal``), explicit graphs
(``grundy_graph``, ``solve_graph``) and games written in Python (any object
with ``moves``, or ``left_moves`` and ``right_moves``; see ``Impartial``,
``Partizan`` and ``Loopy``) go through the same engine. ``docs/python.md`` in
the repository is a tutorial.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable, Optional, Tuple

from . import _sprague
from ._sprague import (
    DEFAULT_MAX_STATES,
    BudgetError,
    Game,
    GraphBoard,
    Board,
    Move,
    Nimber,
    NotationError,
    Period,
    RulesetInfo,
    SpragueError,
    Surreal,
    Table,
    Thermograph,
    Value,
)

__all__ = [
    "DEFAULT_MAX_STATES",
    "Board",
    "BudgetError",
    "Game",
    "GraphBoard",
    "Impartial",
    "Loopy",
    "Move",
    "Nimber",
    "NotationError",
    "Partizan",
    "Period",
    "RulesetInfo",
    "SpragueError",
    "Surreal",
    "Table",
    "Thermograph",
    "Value",
    "calc",
    "canonical",
    "doc",
    "games",
    "grundy_graph",
    "loopy_game",
    "mex",
    "misere_game",
    "misere_quotient",
    "omega",
    "ordinal_nim_add",
    "ordinal_nim_mul",
    "solve_graph",
    "surreal",
    "table",
    "value",
    "values",
]


def value(
    ruleset: Any,
    position: Any,
    misere: bool = False,
    max_states: Optional[int] = None,
    loopy: Optional[bool] = None,
) -> Value:
    """The value of one position.

    ``ruleset`` is the name of a built-in ruleset with its parameters
    (``"kayles"``, ``"octal:0.07"``, ``"subtraction:1,3,4"``) and ``position``
    is written in its notation (a str; an int or a sequence of ints is joined
    with spaces, as heaps are written). Or ``ruleset`` is a game written in
    Python (an object with ``moves``, or ``left_moves`` and ``right_moves``;
    ``loopy=True`` or a ``loopy = True`` attribute for games whose positions
    may repeat) and ``position`` is any hashable position of it. A game on
    the board block (``Board``) may declare the board symmetries that keep
    its value, or negate it, as a ``symmetry`` attribute in the words of a
    rules script's ``fn symmetry()`` (``"all"`` for Cram, ``"mirrors
    transpose-negates"`` for Domineering, ``"all swap-negates"`` for
    Konane): each board is then searched as its least image. A ``regions``
    attribute, ``(cells, neighbourhood, smallest region)`` as
    ``Board.regions`` takes them or the cells alone, splits boards and graphs
    of the blocks natively in place of a ``components`` method.

    ``misere=True`` values impartial games in misère play. Searches stop with
    ``BudgetError`` after ``max_states`` stored states (default
    ``DEFAULT_MAX_STATES``). Bad notation raises ``NotationError`` (a
    ``ValueError`` with the 1-based ``column``); exceptions raised by a game's
    own functions propagate, with a note naming the position; Ctrl-C raises
    ``KeyboardInterrupt``.
    """
    return _sprague.value(ruleset, position, misere, max_states, loopy)


def values(
    ruleset: Any,
    positions: Iterable[Any],
    misere: bool = False,
    max_states: Optional[int] = None,
) -> list:
    """Values of many positions of one ruleset, as a list of ``Value``.

    For built-in rulesets the ruleset is built once and every position is
    valued in the engine without leaving it between positions. A game written
    in Python is solved by one solver for the whole batch: what the search of
    one position finds serves the next (``max_states`` bounds the batch), and
    ``components`` is asked once per position however often it is reached.
    """
    return _sprague.values(ruleset, positions, misere, max_states)


def table(
    ruleset: Any,
    count: int,
    misere: bool = False,
    max_states: Optional[int] = None,
) -> Table:
    """Values ``G(0), …, G(count - 1)`` of single heaps and their period.

    ``ruleset`` is a one-heap built-in ruleset (``"octal:0.07"``,
    ``"subtraction:1,3,4"``, …; ``misere=True`` for misère values) or an
    impartial game written in Python whose positions are heap sizes: ``moves(n)``
    returns options that are ints (one heap; 0 for nothing left) or tuples of
    ints (several heaps), or positions that ``components`` splits into ints.
    ``Table.period`` is ``Period(preperiod, period, saltus, proven)`` or None.
    """
    return _sprague.table(ruleset, count, misere, max_states)


def misere_quotient(
    ruleset: str,
    heaps: int,
    sum: Optional[str] = None,
    max_states: Optional[int] = None,
    max_order: Optional[int] = None,
) -> Value:
    """The misère quotient (Plambeck and Siegel) of the sums of heaps
    ``1 ..= heaps`` of a built-in heap ruleset (``"octal:0.07"``,
    ``"subtraction:1,2"``, …), verified for every sum of those heaps.

    ``.data`` holds ``order``, ``p_portion``, ``generators``, ``relations``,
    ``heap_elements`` and ``elements``; with ``sum`` (heaps such as
    ``"3 4 5"``), also that sum's misère outcome read from the quotient.
    ``max_order`` bounds the order of the quotient and of its candidates
    (4096 by default; the multiplication table takes ``4 * max_order**2``
    bytes).
    """
    return _sprague.misere_quotient(ruleset, heaps, sum, max_states, max_order)


def loopy_game(expr: str, max_states: Optional[int] = None) -> Value:
    """A loopy partizan game written as ``sprague calc`` writes it
    (``"{0|pass}"``, ``"a{0|{a|*}}"``, ``"on + off"``, ``"a = {0|b}; b = {a|*}; a"``).

    ``.data`` holds ``value`` (the simplest form of a stopper, else
    ``onside & offside``, or ``dud``), ``outcome`` and ``left_first`` /
    ``right_first`` (``L``, ``R`` or ``D`` for a draw), ``stopper``,
    ``onside`` and ``offside`` (``None`` when not found),
    ``compared_with_zero`` (``>``, ``<``, ``=`` or ``||``) and ``positions``.
    """
    return _sprague.loopy_game(expr, max_states)


def misere_game(expr: str, max_states: Optional[int] = None) -> Value:
    """A sum of impartial games in misère play, written in ``*[…]`` notation
    (``"*[2#,0] + *[3]"``: ``*[2#,0]`` has the options ``{*2}`` and ``0``).

    ``.data`` holds ``value`` (the misère canonical form), ``outcome``,
    ``misere_grundy``, ``grundy`` (normal play), ``genus``, ``tame``,
    ``restive``, ``restless``, ``mate`` and ``birthday``; ``max_states``
    bounds the number of forms kept.
    """
    return _sprague.misere_game(expr, max_states)


def calc(
    expr: str,
    misere: bool = False,
    cool: Optional[str] = None,
    heat: Optional[str] = None,
    max_states: Optional[int] = None,
) -> Value:
    """Any game expression, answered as ``sprague calc`` answers it: a short
    partizan game (``"{3|-1}"``, ``"^*"``: ``value``, ``outcome``, stops,
    ``mean``, ``temperature``, ``birthday``, ``atomic_weight``, ``reduced``,
    incentives, ``thermograph`` walls, and ``cooled`` / ``heated`` when
    ``cool=`` / ``heat=`` are given), a sum of misère forms (``"*[2#,0]"``,
    or nimbers with ``misere=True``), a loopy game (``"on + off"``), or a
    number beyond the dyadics (``"omega+1"``, ``"1/3 + 1/6"``).

    ``.json()`` is the JSON that ``sprague calc EXPR --json`` prints, byte
    for byte.
    """
    return _sprague.calc(expr, misere, cool, heat, max_states)


def canonical(game: Any, position: Hashable, max_states: Optional[int] = None) -> Game:
    """The canonical form (a ``Game``) of a position of a partizan game written
    in Python (an object with ``left_moves`` and ``right_moves``)."""
    return _sprague.canonical(game, position, max_states)


def games() -> list:
    """Every built-in ruleset as a ``RulesetInfo`` (name, parameters, rules,
    notation, an example, known results; ``.doc`` is all of it as text)."""
    return _sprague.games()


def doc(name: str) -> str:
    """The documentation of one built-in ruleset (``doc("kayles")``)."""
    return _sprague.doc(name)


def mex(values: Iterable[Any]) -> int:
    """The minimum excluded value: the least int ≥ 0 not among ``values``."""
    return _sprague.mex(values)


def surreal(x: Any) -> Surreal:
    """A number beyond the dyadics, written as ``sprague calc`` writes it
    (``"omega+1"``, ``"1/omega"``, ``"(omega^omega)/(omega+1)"``, ``"1/3"``;
    ``w`` and ``ω`` are ``omega`` too), or an int, a Fraction, a float.

    Bad text raises ``NotationError`` (a ``ValueError``) with the 1-based
    ``column``.
    """
    return Surreal(x)


#: The first infinite ordinal, as a ``Surreal``.
omega = Surreal("omega")


def ordinal_nim_add(a: Any, b: Any) -> Surreal:
    """The nim-sum of two ordinals (``Surreal``, int or text): the
    coefficients of equal powers of omega added bitwise."""
    return Surreal(a).nim_add(b)


def ordinal_nim_mul(a: Any, b: Any) -> Surreal:
    """The nim-product of two ordinals below ``omega^(omega^3)`` (Conway's
    field of ordinals under nim arithmetic): ``ordinal_nim_mul(omega, omega)``
    is ``omega^2``."""
    return Surreal(a).nim_mul(b)


def _edges(edges: Any) -> Tuple[list, list, bool]:
    """Sources and targets of edges given as pairs or an (m, 2) NumPy array,
    and whether the input was a NumPy array."""
    if hasattr(edges, "__array__") and hasattr(edges, "shape"):
        shape = tuple(edges.shape)
        if len(shape) != 2 or (shape[0] and shape[1] != 2):
            raise ValueError(f"edges must have shape (m, 2), not {shape}")
        if getattr(edges, "dtype", None) is not None and edges.dtype.kind not in "iu":
            raise TypeError(f"edges must be an int array, not {edges.dtype}")
        return edges[:, 0].tolist(), edges[:, 1].tolist(), True
    sources, targets = [], []
    for i, edge in enumerate(edges):
        try:
            a, b = edge
        except (TypeError, ValueError):
            raise TypeError(f"edge {i}: an edge is a pair (from, to), not {edge!r}") from None
        sources.append(a)
        targets.append(b)
    return sources, targets, False


def _array(values: list, numpy_in: bool, dtype: str) -> Any:
    if not numpy_in:
        return values
    import numpy

    return numpy.asarray(values, dtype=dtype)


def grundy_graph(n: int, edges: Any) -> Any:
    """Grundy values of the vertices ``0..n-1`` of an acyclic graph whose edges
    (moves) are pairs ``(from, to)`` or an (m, 2) NumPy int array.

    Returns a list, or a NumPy array when ``edges`` is one. A cycle raises
    ``ValueError`` naming a vertex on it.
    """
    sources, targets, numpy_in = _edges(edges)
    return _array(_sprague.grundy_graph_edges(n, sources, targets), numpy_in, "uint32")


def solve_graph(n: int, edges: Any) -> Tuple[Any, Any]:
    """Win, lose or draw for the player to move at each vertex of a graph that
    may have cycles (a vertex without moves is lost), and the remoteness.

    Returns ``(outcomes, remoteness)``: a str of ``"W"``, ``"L"``, ``"D"`` (one
    letter per vertex) and a list of ints with None for draws; with NumPy
    edges, an array of one-letter strings and an int array with -1 for draws.
    """
    sources, targets, numpy_in = _edges(edges)
    outcomes, remoteness = _sprague.solve_graph_edges(n, sources, targets)
    if not numpy_in:
        return outcomes, remoteness
    import numpy

    return (
        numpy.array(list(outcomes), dtype="<U1"),
        numpy.array([-1 if r is None else r for r in remoteness], dtype="int64"),
    )


class Impartial:
    """An impartial game from functions: ``moves(position)`` returns the
    positions reachable in one move (any hashable values), and the optional
    ``components(position)`` splits a position into independent parts (or
    returns None for a single part), whose Grundy values add by nim-sum.

    >>> take = Impartial(lambda n: [n - k for k in (1, 2) if k <= n])
    >>> value(take, 7).grundy
    1
    """

    def __init__(
        self,
        moves: Callable[[Any], Iterable[Any]],
        components: Optional[Callable[[Any], Optional[Iterable[Any]]]] = None,
    ) -> None:
        self.moves = moves
        self.components = components


class Partizan:
    """A partizan game from functions: ``left_moves(position)`` and
    ``right_moves(position)`` (Left wants positive values), and the optional
    ``components(position)``."""

    def __init__(
        self,
        left_moves: Callable[[Any], Iterable[Any]],
        right_moves: Callable[[Any], Iterable[Any]],
        components: Optional[Callable[[Any], Optional[Iterable[Any]]]] = None,
    ) -> None:
        self.left_moves = left_moves
        self.right_moves = right_moves
        self.components = components


class Loopy:
    """A game whose positions may repeat: ``moves(position)``. ``value`` gives
    ``"W"``, ``"L"`` or ``"D"`` (win, lose, draw for the player to move) with
    the remoteness; a player without a move loses."""

    loopy = True

    def __init__(self, moves: Callable[[Any], Iterable[Any]]) -> None:
        self.moves = moves

