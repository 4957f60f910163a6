"""Greedy orders on the DIMACS colouring instances: colours and times against networkx and χ.

Usage::

    .venv/bin/python bench/greedy_dimacs.py [--dir DIR] [--output docs/greedy_dimacs.md]
                                            [--seed 0] [--no-networkx]

For every ``*.col`` file of ``DIR`` (default ``../shared/data/graphs/dimacs`` next to the repo)
it runs :func:`sudograph.search.greedy.greedy_color` with every order, and networkx's
``greedy_color`` with ``largest_first`` and ``DSATUR``; it checks every colouring is proper,
that our DSATUR / largest-first colourings equal networkx's, and reads the known χ from the
folder's ``README.md`` (column "chi / best known"). It prints a Markdown table; with
``--output`` it puts the table between the table markers of that file (appended if absent),
leaving the prose around it. Exit status 1 when a colouring is improper or one of
``MUST_MATCH`` differs from networkx's; 2 when the folder is missing.
"""

from __future__ import annotations

import argparse
import platform
import re
import sys
import time
import warnings
from pathlib import Path
from typing import Any

from sudograph.formats.dimacs import read_dimacs
from sudograph.graph import Graph
from sudograph.problem import is_proper_coloring
from sudograph.search.greedy import ORDERS, greedy_color

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIR = ROOT.parent / "shared" / "data" / "graphs" / "dimacs"
SHORT = {
    "sequential": "seq",
    "largest-first": "LF",
    "smallest-last": "SL",
    "dsatur": "DSATUR",
    "random-sequential": "RS",
}


def read_chi(readme: Path) -> dict[str, str]:
    """Instance name -> the "chi / best known" cell of the README table (e.g. "8 (proved)")."""
    chi: dict[str, str] = {}
    if not readme.exists():
        return chi
    for line in readme.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 6 and re.match(r"^\d+ \(", cells[5]):
            chi[cells[0]] = cells[5]
    return chi


NX_ORDERS = ("sequential", "largest-first", "smallest-last", "dsatur", "random-sequential")
"""Orders run with networkx too (for the times; sequential = ``list(G)`` as a strategy)."""
MUST_MATCH = ("largest-first", "dsatur", "random-sequential", "sequential")
"""Orders whose colouring must equal networkx's (smallest-last ties differ: set order)."""


def networkx_colors(graph: Graph, order: str, seed: int) -> tuple[tuple[int, ...], float]:
    """networkx's colouring (colours shifted to 1..c) and its wall time, graph build excluded."""
    import networkx as nx
    from networkx.algorithms import coloring as nxc

    strategies: dict[str, Any] = {
        "sequential": lambda g, colors: list(g),
        "largest-first": "largest_first",
        "smallest-last": "smallest_last",
        "dsatur": "DSATUR",
        "random-sequential": lambda g, colors: nxc.strategy_random_sequential(g, colors, seed),
    }
    g = graph.to_networkx()
    start = time.perf_counter()
    colours = nx.greedy_color(g, strategies[order])
    seconds = time.perf_counter() - start
    return tuple(colours[v] + 1 for v in range(graph.n)), seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--dir", type=Path, default=DEFAULT_DIR, help="folder of DIMACS *.col files"
    )
    parser.add_argument(
        "--output", type=Path, help="Markdown file to put the table into (between its markers)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of random-sequential")
    parser.add_argument(
        "--no-networkx", action="store_true", help="skip networkx's colourings and times"
    )
    args = parser.parse_args(argv)

    if not args.dir.is_dir():
        print(f"DIMACS folder {args.dir} is missing: nothing to measure.", file=sys.stderr)
        return 2
    files = sorted(args.dir.glob("*.col"))
    chi = read_chi(args.dir.parent / "README.md")
    head = ["instance", "n", "m", "χ"] + [SHORT[o] for o in ORDERS]
    if not args.no_networkx:
        head += [f"nx {SHORT[o]}" for o in NX_ORDERS]
    head += [f"{SHORT[o]} ms" for o in ORDERS]
    if not args.no_networkx:
        head += [f"nx {SHORT[o]} ms" for o in NX_ORDERS]
    rows = []
    bad: list[str] = []
    totals = {o: 0.0 for o in ORDERS}
    nx_totals = {o: 0.0 for o in NX_ORDERS}
    at_chi = {o: 0 for o in ORDERS}
    known = 0
    for path in files:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # homer's self-loops are dropped, as χ assumes
            graph = read_dimacs(path)
        results = {
            o: greedy_color(graph, o, **({"seed": args.seed} if o == "random-sequential" else {}))
            for o in ORDERS
        }
        chi_text = chi.get(path.stem, "?").split()[0]
        for o, r in results.items():
            totals[o] += r.seconds
            if not is_proper_coloring(graph, r.coloring):
                bad.append(f"{path.stem}: {o} colouring is not proper")
            if chi_text.isdigit() and r.colors == int(chi_text):
                at_chi[o] += 1
        known += chi_text.isdigit()
        row = [path.stem, str(graph.n), str(graph.num_edges), chi_text]
        row += [str(results[o].colors) for o in ORDERS]
        nx_times: list[float] = []
        if not args.no_networkx:
            for order in NX_ORDERS:
                coloring, seconds = networkx_colors(graph, order, args.seed)
                nx_totals[order] += seconds
                nx_times.append(seconds)
                same = coloring == results[order].coloring
                if order in MUST_MATCH and not same:
                    bad.append(f"{path.stem}: {order} differs from networkx")
                mark = " ≠" if order in MUST_MATCH and not same else ""
                row.append(f"{max(coloring, default=0)}{mark}")
        row += [f"{results[o].seconds * 1000:.2f}" for o in ORDERS]
        row += [f"{s * 1000:.2f}" for s in nx_times]
        rows.append(row)
        print(" ".join(row), file=sys.stderr, flush=True)

    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    n_nx = 0 if args.no_networkx else len(NX_ORDERS)
    summary = [f"**at χ** (of {known})", "", "", ""] + [str(at_chi[o]) for o in ORDERS]
    summary += [""] * (n_nx + len(ORDERS) + n_nx)
    total = ["**total ms**", "", "", ""] + [""] * (len(ORDERS) + n_nx)
    total += [f"{totals[o] * 1000:.1f}" for o in ORDERS]
    if not args.no_networkx:
        total += [f"{nx_totals[o] * 1000:.1f}" for o in NX_ORDERS]
    lines += ["| " + " | ".join(summary) + " |", "| " + " | ".join(total) + " |"]
    versions = f"Python {platform.python_version()}"
    if not args.no_networkx:
        import networkx

        versions += f", networkx {networkx.__version__}"
    footer = (
        f"{len(files)} instances from `{args.dir}`; random-sequential seed {args.seed}; "
        f"{versions}; {platform.machine()} {platform.system()}, "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}."
    )
    table = "\n".join(lines) + "\n\n" + footer + "\n"
    print(table)
    if args.output:
        text = args.output.read_text(encoding="utf-8") if args.output.exists() else ""
        args.output.write_text(splice(text, table), encoding="utf-8")
    for message in bad:
        print("MISMATCH", message, file=sys.stderr)
    return 1 if bad else 0


BEGIN = "<!-- table: begin (written by bench/greedy_dimacs.py) -->"
END = "<!-- table: end -->"


def splice(text: str, table: str) -> str:
    """Put ``table`` between the BEGIN/END markers of ``text`` (appended if they are absent)."""
    block = f"{BEGIN}\n{table}{END}\n"
    if BEGIN in text and END in text:
        head, _, rest = text.partition(BEGIN)
        _, _, tail = rest.partition(END + "\n")
        return head + block + tail
    return text + ("\n" if text else "") + block


if __name__ == "__main__":
    sys.exit(main())
