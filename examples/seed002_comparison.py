"""Reproduce seed 002's figure 12: GC (naive) vs GC_BIS (mrv) over its seven levels.

Run from the repository root: ``python examples/seed002_comparison.py [OUT.png]``. With numba
installed the naive search of the ultra expert grid (69 million nodes) takes seconds; on the
Python engine alone it stops at the 60-second cap and the figure says "stopped".

Needs the ``plot`` extra (``pip install 'sudograph[plot]'``, matplotlib): without it the
script stops at once, in one line (exit 1), not after minutes of solving.
"""

from __future__ import annotations

import importlib.util
import sys

from sudograph.errors import MissingExtra
from sudograph.plot import SEED002_LEVELS, plot_seed002_comparison, require_plot, seed002_runs


def main(out: str = "docs/img/seed002_comparison.png") -> None:
    """Solve the seven levels with both methods, print a table, save the figure."""
    engine = "numba" if importlib.util.find_spec("numba") else "python"
    runs = seed002_runs(("naive", "mrv"), limit_seconds=60.0, engine=engine)
    print(f"engine: {engine}")
    print(f"{'level':14} {'clues':>5} {'method':7} {'status':8} {'nodes':>12} {'seconds':>9}")
    for r in runs:
        name, clues, _ = SEED002_LEVELS[r.index]
        print(f"{name:14} {clues:5} {r.method:7} {r.status:8} {r.nodes:12} {r.seconds:9.3f}")
    ax_time, _ = plot_seed002_comparison(runs)
    ax_time.figure.savefig(out, dpi=100, bbox_inches="tight")
    print(f"saved {out}")


if __name__ == "__main__":
    try:
        require_plot()  # the pictures need matplotlib: said now, not after the work before them
    except MissingExtra as exc:
        sys.exit(f"sudograph: error: {exc}")
    main(*sys.argv[1:2])
