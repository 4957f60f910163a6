"""χ on the 59 DIMACS instances: sudograph's portfolio against the plain python-sat peer.

Usage::

    .venv/bin/python bench/bench_chromatic.py [--dir DIR] [--cap 20] [--only NAME ...]
                                              [--output docs/chromatic.md]

For every ``*.col`` of ``DIR`` (default ``../shared/data/graphs/dimacs``), in the same run and
under the same cap: ``chromatic_number(graph, timeout=cap)`` and the peer
(``bench/peer_sat_chromatic.py``: greedy clique precoloured, networkx DSATUR, CaDiCaL for k =
upper−1, upper−2, ... with a fresh solver per k), one after the other, the order alternating
from one instance to the next; plus networkx's DSATUR greedy colouring. Times start with the
graph already read (each side in its own form), after one warm-up call that imports
python-sat (the peer imports it when loaded); when both sides take under ``SHORT`` seconds,
each runs ``REPEATS`` times, interleaved, and the best time of each is kept. Every colouring
of ours is checked proper and every proven χ (ours and the peer's) is compared with the known
value of the folder's README.md. Prints a Markdown table and the totals; ``--output`` puts
them between the table markers of that file (the prose around them is kept). Exit 1 when a
colouring is improper or a proven χ differs from the known one.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
import warnings
from pathlib import Path

import networkx as nx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from greedy_dimacs import read_chi
from peer_sat_chromatic import chromatic as peer_chromatic
from peer_sat_chromatic import read as peer_read

from sudograph.formats.dimacs import read_dimacs
from sudograph.graph import Graph
from sudograph.problem import is_proper_coloring
from sudograph.search.chromatic import ChromaticResult, chromatic_number

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIR = ROOT.parent / "shared" / "data" / "graphs" / "dimacs"


SHORT = 0.1
"""Below this many seconds on both sides, each side is timed REPEATS times (the best kept)."""
REPEATS = 3

START, END = "<!-- bench_chromatic table -->", "<!-- /bench_chromatic table -->"


def write_table(path: Path, table: str) -> None:
    """Put ``table`` between the markers of ``path`` (the prose around it is kept)."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    block = f"{START}\n{table}\n{END}"
    if START in text and END in text:
        head, rest = text.split(START, 1)
        text = head + block + rest.split(END, 1)[1]
    else:
        text = (text or "# Chromatic number: sudograph against a plain SAT script\n\n") + block
    path.write_text(text.rstrip("\n") + "\n", encoding="utf-8")


def _ours(g: Graph, cap: float) -> tuple[ChromaticResult, float]:
    t = time.perf_counter()
    r = chromatic_number(g, timeout=cap)
    return r, time.perf_counter() - t


def _peer(ng: nx.Graph, cap: float) -> tuple[tuple[int, bool], float]:
    t = time.perf_counter()
    p = peer_chromatic(ng, cap)
    return p, time.perf_counter() - t


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, default=DEFAULT_DIR, help="folder of DIMACS *.col files")
    ap.add_argument("--cap", type=float, default=20.0, help="seconds per instance and side")
    ap.add_argument("--only", nargs="*", default=None, help="instance names (file stems) to run")
    ap.add_argument("--output", type=Path, help="Markdown file to put the table into")
    args = ap.parse_args(argv)
    given = sys.argv[1:] if argv is None else argv  # (the command that made the table)
    if not args.dir.is_dir():
        print(f"bench_chromatic: no folder {args.dir}", file=sys.stderr)
        return 2
    chromatic_number(Graph.from_edges(5, [(i, (i + 1) % 5) for i in range(5)]))  # imports
    known = read_chi(args.dir.parent / "README.md")
    files = sorted(args.dir.glob("*.col"), key=lambda p: p.stem.lower())
    if args.only:
        unknown = sorted(set(args.only) - {f.stem for f in files})
        if unknown:
            print(
                f"bench_chromatic: no instance {', '.join(unknown)} in {args.dir}", file=sys.stderr
            )
            return 2
        files = [f for f in files if f.stem in args.only]
    if not files:
        print(f"bench_chromatic: no *.col file in {args.dir}", file=sys.stderr)
        return 2
    rows = [
        "| instance | known χ | ours: χ (bounds) | ours s | proved by | peer: χ | peer s "
        "| ratio ours/peer | networkx DSATUR |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    bad = 0
    ours_proved = peer_proved = within = both = 0
    ub_worse: list[str] = []
    for i, path in enumerate(files):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            g = read_dimacs(path)
        ng = peer_read(str(path))
        chi_known = int(known.get(path.stem, "0 ").split()[0])
        proved_known = "(proved)" in known.get(path.stem, "")

        if i % 2:
            (pc, pp), ps = _peer(ng, args.cap)
            r, rs = _ours(g, args.cap)
        else:
            r, rs = _ours(g, args.cap)
            (pc, pp), ps = _peer(ng, args.cap)
        if max(rs, ps) < SHORT:  # milliseconds: the best of REPEATS runs each, interleaved
            for _ in range(REPEATS - 1):
                rs = min(rs, _ours(g, args.cap)[1])
                ps = min(ps, _peer(ng, args.cap)[1])
        nxc = max(nx.greedy_color(ng, "DSATUR").values(), default=-1) + 1
        ok = is_proper_coloring(g, r.coloring, r.chromatic_number)
        wrong = (r.proven and r.chromatic_number != chi_known) or (pp and pc != chi_known)
        wrong = wrong or (r.lower_bound > chi_known and proved_known)
        if not ok or wrong:
            bad += 1
        ours_proved += r.proven
        peer_proved += pp
        if pp:
            both += r.proven
            within += r.proven and rs <= 1.5 * ps
        if r.upper_bound > pc:
            ub_worse.append(path.stem)
        mine = (
            f"{r.chromatic_number}"
            if r.proven
            else f"{r.chromatic_number} ({r.lower_bound}..{r.upper_bound})"
        )
        by = f"{r.lower_by} / {r.upper_by}" if r.proven else ""
        flag = "" if ok and not wrong else " **WRONG**"
        rows.append(
            f"| {path.stem} | {known.get(path.stem, '?')} | {mine}{flag} | {rs:.3f} | {by} "
            f"| {pc}{'' if pp else ' (not proven)'} | {ps:.3f} | {rs / max(ps, 1e-9):.2f} "
            f"| {nxc} |"
        )
        print(rows[-1], flush=True)
    summary = [
        "",
        f"Proven: ours {ours_proved}/{len(files)}, peer {peer_proved}/{len(files)}; of the "
        f"peer's {peer_proved}, ours proves {both}, {within} within 1.5x the peer's time. "
        f"Upper bound above the peer's: {', '.join(ub_worse) or 'none'}. "
        f"Wrong or improper: {bad}.",
        "",
        f"Command: `{' '.join(['.venv/bin/python', 'bench/bench_chromatic.py', *given])}`; "
        f"{platform.machine()}, Python {platform.python_version()}, {platform.system()}.",
    ]
    print("\n".join(summary))
    if args.output:
        write_table(args.output, "\n".join(rows + summary))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
