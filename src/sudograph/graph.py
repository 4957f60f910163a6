"""Graphs to colour: the Sudoku graph, the Petersen graph, any graph.

Glossary: ``v`` vertex (an int ``0..n-1``), ``c`` colour (``1..k``; 0 means uncoloured),
``k`` number of colours, ``h`` house (a group of vertices in which every colour appears exactly
once: a row, a column or a box of a Sudoku), ``N`` side of a Sudoku grid (``N = box_rows *
box_cols``), cell ``row * N + col`` is vertex ``v`` (the numbering of networkx).

>>> g = sudoku_graph(3)
>>> g.stats()
{'vertices': 81, 'edges': 810, 'degree': {'min': 20, 'max': 20}, 'houses': 27}
>>> petersen_graph().neighbors[0]
(1, 4, 5)
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import chain
from operator import index, itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import InvalidArgument

if TYPE_CHECKING:  # pragma: no cover
    import networkx as nx

MAX_SIDE = 64
"""Largest Sudoku side (and largest k of the compiled engine): colours fit in a 64-bit mask."""

Edge = tuple[int, int]


@dataclass(frozen=True, eq=False)
class Graph:
    """An immutable undirected simple graph on vertices ``0..n-1``.

    ``neighbors[v]`` is the sorted tuple of the neighbours of ``v``; ``houses`` are optional
    cliques of the graph in which, when a house has as many vertices as there are colours,
    every colour appears exactly once (a Sudoku's rows, columns and boxes); ``labels``
    optional names of the vertices.

    >>> g = Graph.from_edges(3, [(0, 1), (2, 1), (1, 0)])
    >>> g.neighbors
    ((1,), (0, 2), (1,))
    >>> g.num_edges, g.edges()
    (2, [(0, 1), (1, 2)])
    """

    neighbors: tuple[tuple[int, ...], ...]
    houses: tuple[tuple[int, ...], ...] = ()
    labels: tuple[str, ...] | None = None
    name: str = ""
    _edge_count: int = field(default=-1, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Check the adjacency: in range, no self-loop, sorted, symmetric; houses in range.

        Lists are taken as tuples (a graph is hashable), numpy integers as ints. Raises
        :class:`InvalidArgument` naming the first fault found.
        """
        if isinstance(self.neighbors, str | bytes) or not isinstance(self.neighbors, Sequence):
            raise InvalidArgument(
                "Graph takes the neighbours of each vertex (a tuple of tuples of vertices), "
                f"got {type(self.neighbors).__name__}; Graph.from_edges(n, edges) takes edges"
            )
        rows = _adjacency(self.neighbors)
        if rows is not self.neighbors:
            object.__setattr__(self, "neighbors", rows)
        houses = self.houses
        if type(houses) is not tuple or not _all_types(houses, tuple) or not _all_ints(houses):
            object.__setattr__(self, "houses", _houses(houses))
        if not isinstance(self.name, str):
            raise InvalidArgument(f"name must be a string, got {self.name!r}")
        if self.labels is not None:
            object.__setattr__(self, "labels", _labels(self.labels))
        n = len(self.neighbors)
        total = 0
        for v, nbrs in enumerate(self.neighbors):
            prev = -1
            for u in nbrs:
                if not 0 <= u < n or u == v:
                    raise InvalidArgument(f"vertex {v}: bad neighbour {u}")
                if u <= prev:
                    raise InvalidArgument(f"vertex {v}: neighbours must be sorted and distinct")
                prev = u
            total += len(nbrs)
        sets = self._neighbor_sets()
        for v, nbrs in enumerate(self.neighbors):
            for u in nbrs:
                if v not in sets[u]:
                    raise InvalidArgument(f"edge ({v}, {u}) is not listed at vertex {u}")
        for h, house in enumerate(self.houses):
            for v in house:
                if not 0 <= v < n:
                    raise InvalidArgument(f"house {h}: vertex {v} out of range 0..{n - 1}")
            for i, v in enumerate(house):  # a clique: every method reads it as edges or as one
                for u in house[i + 1 :]:
                    if u == v or u not in sets[v]:
                        what = "twice" if u == v else f"and {u} not adjacent"
                        raise InvalidArgument(
                            f"house {h}: vertex {v} {what} (a house is a clique of the graph)"
                        )
        if self.labels is not None and len(self.labels) != n:
            raise InvalidArgument(f"{len(self.labels)} labels for {n} vertices")
        object.__setattr__(self, "_edge_count", total // 2)

    # -- factories --------------------------------------------------------------------------
    @classmethod
    def from_edges(
        cls,
        n: int,
        edges: Iterable[Edge],
        *,
        houses: Iterable[Sequence[int]] = (),
        labels: Sequence[str] | None = None,
        name: str = "",
    ) -> Graph:
        """Build a graph from an edge list; duplicate and reversed edges are merged.

        Raises :class:`InvalidArgument` naming the edge on one that is not a pair of vertices,
        a vertex that is not an int or is outside ``0..n-1``, or a self-loop; and on ``n``
        above the DIMACS reader's :data:`~sudograph.formats.dimacs.MAX_VERTICES` (a tuple of
        10**12 vertices would grow until memory runs out).

        >>> Graph.from_edges(3, [(0, 1, 2)])
        Traceback (most recent call last):
        ...
        sudograph.errors.InvalidArgument: edge (0, 1, 2): an edge is a pair of vertices
        """
        from .formats.dimacs import MAX_VERTICES

        n = whole_number("number of vertices", n)
        if isinstance(edges, str | bytes) or not isinstance(edges, Iterable):
            raise InvalidArgument(
                f"edges must be an iterable of vertex pairs, got {type(edges).__name__}"
            )
        if n < 0:
            raise InvalidArgument(f"number of vertices must be >= 0, got {n}")
        if n > MAX_VERTICES:
            raise InvalidArgument(f"number of vertices must be at most {MAX_VERTICES}, got {n}")
        adj: dict[int, set[int]] = {}  # only the vertices with an edge: n may be large
        for edge in edges:
            try:
                u, v = edge
            except (TypeError, ValueError):
                raise InvalidArgument(f"edge {edge!r}: an edge is a pair of vertices") from None
            if type(u) is not int or type(v) is not int:  # the fast test; then the slow one
                u, v = _vertex_pair(edge)
            if not (0 <= u < n and 0 <= v < n):
                raise InvalidArgument(f"edge ({u}, {v}): vertex out of range 0..{n - 1}")
            if u == v:
                raise InvalidArgument(f"edge ({u}, {v}) is a self-loop")
            adj.setdefault(u, set()).add(v)
            adj.setdefault(v, set()).add(u)
        isolated: tuple[int, ...] = ()
        return cls(
            neighbors=tuple(tuple(sorted(adj[v])) if v in adj else isolated for v in range(n)),
            houses=_houses(houses),
            labels=_labels(labels) if labels is not None else None,
            name=name,
        )

    @classmethod
    def from_networkx(cls, g: nx.Graph, *, name: str = "") -> Graph:
        """Build from a networkx graph; vertices are renumbered in ``g.nodes`` order.

        Labels keep the original node names (as strings). A self-loop is dropped with a
        :class:`~sudograph.formats.dimacs.SelfLoopWarning`, as the DIMACS reader drops one
        (:meth:`from_edges` refuses it). Raises :class:`InvalidArgument` on anything but a
        networkx graph (:meth:`from_edges` takes an edge list).
        """
        if not (hasattr(g, "nodes") and hasattr(g, "edges") and hasattr(g, "name")):
            raise InvalidArgument(
                f"from_networkx takes a networkx graph, got {type(g).__name__} "
                "(Graph.from_edges(n, edges) takes an edge list)"
            )
        nodes = list(g.nodes)
        index = {node: i for i, node in enumerate(nodes)}
        pairs = [(e[0], e[1]) for e in g.edges]  # (a multigraph's edges carry their key too)
        edges = [(index[a], index[b]) for a, b in pairs if a != b]
        for a, b in pairs:
            if a == b:  # as the DIMACS reader drops one (a vertex cannot differ from itself)
                from .formats.dimacs import SelfLoopWarning

                warnings.warn(f"self-loop on vertex {a} dropped", SelfLoopWarning, stacklevel=2)
        return cls.from_edges(
            len(nodes), edges, labels=[str(x) for x in nodes], name=name or str(g.name or "")
        )

    def to_networkx(self) -> nx.Graph:
        """Return a networkx Graph with nodes ``0..n-1`` (networkx imported lazily)."""
        try:
            import networkx as nx
        except ImportError as exc:  # pragma: no cover - depends on the environment
            from .errors import MissingExtra

            raise MissingExtra("networkx", package="networkx") from exc
        g = nx.Graph(name=self.name)
        g.add_nodes_from(range(self.n))
        g.add_edges_from(self.edges())
        return g

    # -- queries -----------------------------------------------------------------------------
    @property
    def n(self) -> int:
        """Number of vertices."""
        return len(self.neighbors)

    @property
    def num_edges(self) -> int:
        """Number of (undirected) edges."""
        return self._edge_count

    def edges(self) -> list[Edge]:
        """Every edge once, as ``(u, v)`` with ``u < v``, sorted."""
        return [(u, v) for u, nbrs in enumerate(self.neighbors) for v in nbrs if u < v]

    def degree(self, v: int) -> int:
        """Number of neighbours of ``v`` (a vertex ``0..n-1``; :class:`InvalidArgument`
        otherwise, a negative one included).

        >>> petersen_graph().degree(10)
        Traceback (most recent call last):
        ...
        sudograph.errors.InvalidArgument: vertex 10 is outside 0..9
        """
        if type(v) is not int or not 0 <= v < len(self.neighbors):
            v = self._vertex(v)
        return len(self.neighbors[v])

    def has_edge(self, u: int, v: int) -> bool:
        """True when ``u`` and ``v`` are adjacent (both vertices ``0..n-1``; else
        :class:`InvalidArgument`)."""
        n = len(self.neighbors)
        if type(u) is not int or not 0 <= u < n:
            u = self._vertex(u)
        if type(v) is not int or not 0 <= v < n:
            v = self._vertex(v)
        return v in self._neighbor_sets()[u]

    def _vertex(self, v: object) -> int:
        """``v`` as a vertex of this graph (an int ``0..n-1``, numpy's converted), else
        :class:`InvalidArgument`: a negative index would wrap to the end."""
        i = whole_number("vertex", v)
        if not 0 <= i < len(self.neighbors):
            raise InvalidArgument(f"vertex {i} is outside 0..{len(self.neighbors) - 1}")
        return i

    def _neighbor_sets(self) -> tuple[frozenset[int], ...]:
        cached: tuple[frozenset[int], ...] | None = self.__dict__.get("_nsets")
        if cached is None:
            none: frozenset[int] = frozenset()
            cached = tuple(frozenset(a) if a else none for a in self.neighbors)
            object.__setattr__(self, "_nsets", cached)
        return cached

    def _clash_plan(self) -> ClashPlan:
        """The :class:`ClashPlan` of this graph, built on first use and kept."""
        cached: ClashPlan | None = self.__dict__.get("_cplan")
        if cached is None:
            cached = _build_clash_plan(self)
            object.__setattr__(self, "_cplan", cached)
        return cached

    def stats(self) -> dict[str, Any]:
        """Vertices, edges, min/max degree and number of houses."""
        degrees = [len(a) for a in self.neighbors] or [0]
        return {
            "vertices": self.n,
            "edges": self.num_edges,
            "degree": {"min": min(degrees), "max": max(degrees)},
            "houses": len(self.houses),
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Graph):
            return NotImplemented
        return self.neighbors == other.neighbors and self.houses == other.houses

    def __hash__(self) -> int:
        return hash((self.neighbors, self.houses))

    def __repr__(self) -> str:
        label = f" {self.name!r}" if self.name else ""
        return f"<Graph{label}: {self.n} vertices, {self.num_edges} edges>"

    def _repr_html_(self) -> str:
        """Notebook display: the stats line (the name HTML-escaped), and the picture for
        graphs of up to 400 vertices."""
        import html

        s = self.stats()
        line = (
            f"<b>Graph</b> {html.escape(self.name)}: {s['vertices']} vertices, {s['edges']} edges, "
            f"degree {s['degree']['min']}..{s['degree']['max']}, {s['houses']} houses"
        )
        if self.n > 400:
            return line
        return f"<div>{line}</div>{self._repr_svg_()}"

    def _repr_svg_(self) -> str:
        """The graph drawn as SVG (uncoloured); see :func:`sudograph.render.graph_svg`."""
        from .render import graph_svg  # lazy: pictures are a face, not the core

        return graph_svg(self)


class ClashPlan(NamedTuple):
    """How to find an edge whose ends share a colour with a few C-speed operations on bytes.

    A colouring is read as bytes (a byte per vertex, 0 = no colour). The houses that are
    cliques of the graph (a Sudoku's rows, columns and boxes) are sorted into ``layers`` of
    disjoint houses, each a pair of integers holding a byte per vertex: ``base``, ``bound *
    i`` for a vertex in the ``i``-th house of the layer, and ``members``, 0xFF for a vertex in
    one of its houses. With colours in ``1..bound``, base plus colour is a byte that tells the
    house and the colour apart (at most ``255 // bound`` houses a layer), so two vertices of a
    house share a colour when the bytes of the coloured members repeat. ``colours`` is
    ``0..bound`` as bytes; the edges no such house covers are read by ``gather_u`` and
    ``gather_v`` (None when there is none).
    """

    bound: int
    colours: bytes
    layers: tuple[tuple[int, int], ...]
    gather_u: Callable[[Sequence[int]], tuple[int, ...]] | None
    gather_v: Callable[[Sequence[int]], tuple[int, ...]] | None


def _build_clash_plan(graph: Graph) -> ClashPlan:
    """The :class:`ClashPlan` of ``graph`` (see :meth:`Graph._clash_plan`, which keeps it).

    >>> g = Graph.from_edges(4, [(0, 1), (1, 2), (0, 2), (2, 3)], houses=[(0, 1, 2)])
    >>> plan = _build_clash_plan(g)
    >>> plan.bound, [(hex(base), hex(members)) for base, members in plan.layers]
    (3, [('0x0', '0xffffff')])
    >>> plan.gather_u("abcd"), plan.gather_v("abcd")
    (('c', 'c'), ('d', 'd'))
    """
    sets = graph._neighbor_sets()
    cliques = [
        h
        for h in graph.houses
        if len(h) > 1
        and len(set(h)) == len(h)
        and all(sets[v].issuperset(h[:i]) for i, v in enumerate(h))
    ]
    bound = min(max(map(len, cliques), default=1), 255)  # a larger house: a layer of its own
    per_layer = 255 // bound
    layers: list[tuple[bytearray, bytearray]] = []  # base and members, a byte per vertex
    sizes: list[int] = []  # houses in each layer
    covered: list[set[int]] = [set() for _ in range(graph.n)]
    for h in cliques:
        fits = (
            i
            for i, (_, members) in enumerate(layers)
            if sizes[i] < per_layer and not any(members[v] for v in h)
        )
        i = next(fits, len(layers))
        if i == len(layers):
            layers.append((bytearray(graph.n), bytearray(graph.n)))
            sizes.append(0)
        base, members = layers[i]
        for v in h:
            base[v] = bound * sizes[i]
            members[v] = 0xFF
            covered[v].update(h)
        sizes[i] += 1
    rest = [
        (u, v)
        for u, nbrs in enumerate(graph.neighbors)
        for v in nbrs
        if u < v and v not in covered[u]
    ]
    if len(rest) == 1:
        rest *= 2  # itemgetter of one index gives a value, of two a tuple
    gather_u = gather_v = None
    if rest:
        gather_u = itemgetter(*(u for u, _ in rest))
        gather_v = itemgetter(*(v for _, v in rest))
    ints = tuple(
        (int.from_bytes(base, "little"), int.from_bytes(members, "little"))
        for base, members in layers
    )
    return ClashPlan(bound, bytes(range(bound + 1)), ints, gather_u, gather_v)


def require_graph(x: Any, what: str) -> Graph:
    """``x`` when it is a :class:`Graph`; else :class:`InvalidArgument` saying that ``what``
    (a function's name) takes one, and where a grid or a problem keeps its own.

    >>> require_graph(None, "color")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: color takes a Graph, got NoneType
    """
    if not isinstance(x, Graph):
        kind = type(x)
        name = kind.__name__
        if isinstance(getattr(x, "graph", None), Graph):
            hint = " (give its .graph)"
        elif kind.__module__.split(".")[0] == "networkx":
            name = f"networkx.{name}"
            hint = " (Graph.from_networkx(g) converts it)"
        else:
            hint = ""
        raise InvalidArgument(f"{what} takes a Graph, got {name}{hint}")
    return x


def check_flag(name: str, value: object) -> bool:
    """``value`` when it is True or False; :class:`InvalidArgument` otherwise (``"no"`` is
    true to Python: a flag given as text would be read the wrong way, silently).

    >>> check_flag("minimal", "no")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: minimal must be True or False, got 'no'
    """
    if type(value) is not bool:
        raise InvalidArgument(f"{name} must be True or False, got {value!r}")
    return value


def whole_number(what: str, x: object) -> int:
    """``x`` as an int (an ``int`` or an integer type such as numpy's, never a bool).

    >>> whole_number("box side", "3")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: box side '3' is not a whole number
    """
    if type(x) is int:
        return x
    if not isinstance(x, bool):
        try:
            return index(x)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise InvalidArgument(f"{what} {x!r} is not a whole number")


def _vertex_pair(edge: Any) -> tuple[int, int]:
    """The two ends of ``edge`` as ints (the slow path of :meth:`Graph.from_edges`)."""
    if isinstance(edge, str | bytes):
        raise InvalidArgument(f"edge {edge!r}: an edge is a pair of vertices")
    u, v = edge  # the caller unpacked it already
    try:
        return whole_number("vertex", u), whole_number("vertex", v)
    except InvalidArgument as exc:
        raise InvalidArgument(f"edge {edge!r}: {exc}") from None


def _adjacency(neighbors: Sequence[Any]) -> tuple[tuple[int, ...], ...]:
    """``neighbors`` as a tuple of tuples of ints (itself when it is one already: the check
    runs at C speed); :class:`InvalidArgument` naming the vertex whose neighbours are not
    vertices (order, range and symmetry are checked by :class:`Graph`).

    >>> _adjacency([[1], (0,)])
    ((1,), (0,))
    """
    if type(neighbors) is tuple and _all_types(neighbors, tuple) and _all_ints(neighbors):
        return neighbors
    rows = []
    for v, nbrs in enumerate(neighbors):
        bad = InvalidArgument(
            f"vertex {v}: its neighbours must be a tuple of vertices (ints), got {nbrs!r}"
        )
        if isinstance(nbrs, str | bytes) or not isinstance(nbrs, Iterable):
            raise bad
        try:
            rows.append(tuple(u if type(u) is int else whole_number("vertex", u) for u in nbrs))
        except InvalidArgument:
            raise bad from None
    return tuple(rows)


def _all_types(items: Iterable[object], kind: type) -> bool:
    """Whether every item is exactly of type ``kind`` (at C speed)."""
    return {*map(type, items)} <= {kind}


def _all_ints(rows: Iterable[Iterable[object]]) -> bool:
    """Whether every item of every row is exactly an int (False if a row is no iterable)."""
    try:
        return {*map(type, chain.from_iterable(rows))} <= {int}
    except TypeError:
        return False


def _labels(labels: object) -> tuple[str, ...]:
    """``labels`` as a tuple of strings; :class:`InvalidArgument` on anything else."""
    if isinstance(labels, str | bytes) or not isinstance(labels, Iterable):
        raise InvalidArgument(f"labels must be a list of strings, got {type(labels).__name__}")
    out = tuple(labels)
    if not _all_types(out, str):
        for v, x in enumerate(out):
            if not isinstance(x, str):
                raise InvalidArgument(f"labels must be strings: vertex {v} has {x!r}")
    return out


def _houses(houses: Iterable[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """``houses`` as tuples of ints (range and clique are checked by :class:`Graph`)."""
    if isinstance(houses, str | bytes) or not isinstance(houses, Iterable):
        raise InvalidArgument(f"houses must be lists of vertices, got {type(houses).__name__}")
    return tuple(_house(h, i) for i, h in enumerate(houses))


def _house(house: Iterable[int], h: int) -> tuple[int, ...]:
    """``house`` as a tuple of ints (range and clique are checked by :class:`Graph`)."""
    if isinstance(house, str | bytes) or not isinstance(house, Iterable):
        raise InvalidArgument(f"house {h}: {house!r} is not a list of vertices")
    vertices = tuple(house)
    if all(type(v) is int for v in vertices):
        return vertices
    try:
        return tuple(whole_number("vertex", v) for v in vertices)
    except InvalidArgument as exc:
        raise InvalidArgument(f"house {h}: {exc}") from None


def sudoku_houses(box_rows: int, box_cols: int) -> tuple[tuple[int, ...], ...]:
    """Rows, then columns, then boxes (row-major) of an N×N grid, as vertex tuples.

    >>> sudoku_houses(1, 2)
    ((0, 1), (2, 3), (0, 2), (1, 3), (0, 1), (2, 3))
    """
    n = box_rows * box_cols
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    boxes = []
    for br in range(0, n, box_rows):
        for bc in range(0, n, box_cols):
            boxes.append(
                tuple(r * n + c for r in range(br, br + box_rows) for c in range(bc, bc + box_cols))
            )
    return tuple(rows + cols + boxes)


def sudoku_graph(box_rows: int, box_cols: int | None = None) -> Graph:
    """The Sudoku graph with boxes of ``box_rows × box_cols`` cells (square boxes by default).

    N = box_rows × box_cols (at most 64); vertex ``row * N + col``; two cells are adjacent when
    they share a row, a column or a box; houses are the rows, columns and boxes.

    >>> sudoku_graph(2).stats()["edges"], sudoku_graph(2, 3).n
    (56, 36)

    The graph is built once per box shape and shared. Raises :class:`InvalidArgument` on a
    box side that is not a whole number or is below 1, or N above 64.

    >>> sudoku_graph("3")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: box side '3' is not a whole number
    """
    rows = box_rows if type(box_rows) is int else whole_number("box side", box_rows)
    if box_cols is None:
        return _sudoku_graph(rows, rows)
    cols = box_cols if type(box_cols) is int else whole_number("box side", box_cols)
    return _sudoku_graph(rows, cols)


@cache
def _sudoku_graph(box_rows: int, box_cols: int) -> Graph:
    """The cached builder behind :func:`sudoku_graph` (one Graph per box shape)."""
    if box_rows < 1 or box_cols < 1:
        raise InvalidArgument(f"box shape must be positive, got {box_rows}x{box_cols}")
    n = box_rows * box_cols
    if n > MAX_SIDE:
        raise InvalidArgument(f"grid side {n} is larger than {MAX_SIDE}")
    houses = sudoku_houses(box_rows, box_cols)
    adj: list[set[int]] = [set() for _ in range(n * n)]
    for h in houses:
        for v in h:
            adj[v].update(h)
    for v, a in enumerate(adj):
        a.discard(v)
    return Graph(
        neighbors=tuple(tuple(sorted(a)) for a in adj),
        houses=houses,
        name=f"sudoku {n}x{n} ({box_rows}x{box_cols} boxes)",
    )


def petersen_graph() -> Graph:
    """The Petersen graph numbered as networkx: outer cycle 0-4, spokes i-(i+5), pentagram 5-9.

    >>> g = petersen_graph()
    >>> g.n, g.num_edges, g.stats()["degree"]
    (10, 15, {'min': 3, 'max': 3})
    """
    outer = [(i, (i + 1) % 5) for i in range(5)]
    spokes = [(i, i + 5) for i in range(5)]
    inner = [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    return Graph.from_edges(10, outer + spokes + inner, name="petersen")
