"""``generate``, ``count``, ``rate``, ``hint`` and ``explain``: make puzzles, count their
solutions, rate them, give the next logical step or the whole logical path.

Exit codes: 0 done; 1 ``hint`` found no placement, ``rate`` and ``hint`` met a grid with no
solution or several, or ``explain``/``count`` met a puzzle without a (logical) solution; 2 an
unreadable grid (reported as ``file:line:column``, the others still handled), a usage error,
or ``generate`` found no puzzle in its time.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, redirect_stdout
from typing import IO, Any

from .._process import Terminated, terminate_gracefully
from .._text import plural
from ..engine import resolve_engine
from ..errors import InvalidArgument, ParseError, SudographError, write_text
from ..generate import (
    DIFFICULTIES,
    GENERATE_SECONDS,
    SYMMETRIES,
    check_options,
    classic_puzzle,
    is_best_effort,
    is_minimal,
)
from ..grid import Grid, box_for
from ..logic import (
    ALREADY_COMPLETE,
    NO_TECHNIQUE,
    NOTHING_TO_RATE,
    LogicResult,
    describe,
    hint,
    rate,
    solve_logically,
)
from .common import (
    Said,
    add_grid_options,
    box_arg,
    dask_address,
    describe_item,
    error_json,
    fail,
    has_variant,
    looks_like_path,
    no_grid_error,
    one_puzzle_output,
    output_path,
    positive_seconds,
    print_error_json,
    print_json,
    progress_wanted,
    puzzle_place,
    python_first_budget,
    read_items,
    regions_box,
    report_error,
    say_file_options,
    warn,
    whole,
)


def register(subparsers: Any) -> None:
    """Add the ``generate``, ``count``, ``rate``, ``hint`` and ``explain`` sub-commands."""
    p = subparsers.add_parser(
        "generate",
        help="make puzzles with exactly one solution",
        description="Make random puzzles with a unique solution, one per line. The same --seed "
        "gives the same puzzles, on any machine. Each puzzle is looked for until one meets the "
        f"options or its time is up (--timeout, default {GENERATE_SECONDS:g} s): then one line "
        "says what to try. Exit 0 made, 2 bad options, no puzzle in time (or an -o OUT that "
        "another run holds or --resume cannot continue), 130 interrupted (Ctrl-C) and 143 "
        "terminated: every line so far is written.",
    )
    size = p.add_mutually_exclusive_group()
    size.add_argument("--size", type=int, metavar="N", help="side of the grid (square boxes)")
    size.add_argument("--box", type=box_arg, metavar="RxC", help="box shape, e.g. 2x3")
    p.add_argument("--count", type=whole(1), default=1, metavar="K", help="how many puzzles")
    p.add_argument("--clues", type=int, metavar="C", help="exact number of clues")
    p.add_argument(
        "--symmetry", type=str.lower, choices=SYMMETRIES, help="symmetry of the clue pattern"
    )
    p.add_argument("--minimal", action="store_true", help="no clue can be removed")
    p.add_argument("--difficulty", type=str.lower, choices=list(DIFFICULTIES), help="rating band")
    p.add_argument(
        "--seed",
        type=whole(0),
        help="random seed (printed on stderr when not given); puzzle K of the run is seeded "
        'with random.Random("SEED:K"): generate(seed=random.Random("5:1")) in Python is the '
        "first puzzle of --seed 5, generate(seed=5) is not",
    )
    p.add_argument(
        "--timeout",
        type=positive_seconds,
        metavar="SECONDS",
        help=f"time limit per puzzle (default {GENERATE_SECONDS:g}: a minute, then the run "
        "stops and says what to try; the same seed gives the same puzzle however fast the "
        "machine). Given, and without --clues, --minimal or --difficulty, it is best effort: "
        "at the limit the clue removal stops and the puzzle so far, unique, is written (for "
        "large grids: --size 25 --timeout 20)",
    )
    p.add_argument(
        "-o",
        "--output",
        type=output_path,
        metavar="FILE",
        help="write the puzzles to FILE, complete lines only (-: standard output)",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="one JSON object per puzzle, with its rating and whether it is minimal (worked "
        "out once the puzzle is made: not within --timeout)",
    )
    p.add_argument("--resume", action="store_true", help="continue the -o FILE of a run")
    p.add_argument(
        "--variant",
        metavar="NAME[+NAME]",
        help="variant puzzles (x, windoku, disjoint, centre-dot, asterisk, anti-knight, "
        "anti-king, jigsaw, killer; combine with +), minimal, written in the variant format",
    )
    p.add_argument("--regions", metavar="MAP", help="jigsaw region map: a file, or N*N symbols")
    p.add_argument(
        "--workers",
        type=whole(1),
        metavar="N",
        help="make the puzzles on N processes (default: one per core for more than "
        f"{CHUNK} puzzles, else this one; the same lines, in the same order whatever N); "
        "with --dask local, the local cluster's workers",
    )
    _add_dask_option(p)
    p.set_defaults(func=run_generate)

    p = subparsers.add_parser(
        "count",
        help="count the solutions of puzzles",
        description="Count the solutions of each puzzle (all of them, or up to --limit). Exit 0 "
        "every puzzle has a solution, 1 one has none, 2 bad lines or options, 130 interrupted "
        "(Ctrl-C) and 143 terminated: every row of a file so far is written, none for the "
        "puzzle cut off (--resume counts it again); one puzzle on the command line cut off by "
        "Ctrl-C gets its count so far, a lower bound ('at least N solutions (interrupted)').",
    )
    p.add_argument("source", metavar="PUZZLE|FILE|-", help="a puzzle, a file of puzzles, or -")
    p.add_argument("--limit", type=whole(1), metavar="N", help="stop counting at N solutions")
    p.add_argument(
        "-o",
        "--output",
        type=output_path,
        metavar="OUT",
        help="one line per puzzle to OUT (-: standard output); one PUZZLE: its count to OUT",
    )
    p.add_argument("--workers", type=whole(1), metavar="N", help="file mode: worker processes")
    p.add_argument("--resume", action="store_true", help="file mode: continue an OUT file")
    _add_dask_option(p)
    add_grid_options(p)
    p.set_defaults(func=run_count)

    p = subparsers.add_parser(
        "rate",
        help="rate puzzles: hardest technique needed and a score",
        description="Rate each puzzle: the hardest human technique its logical solution needs "
        "and a score (1.0 singles ... 4.4 colouring; 6 and more when logic stalls). Exit 0 "
        "every puzzle rated, 1 one not rated (no solution, or more than one), 2 bad input (a "
        "line that does not read, clashing clues) or options, 130 interrupted (Ctrl-C).",
    )
    p.add_argument("source", metavar="PUZZLE|FILE|-", help="a puzzle, a file of puzzles, or -")
    add_grid_options(p)
    p.set_defaults(func=run_rate)

    p = subparsers.add_parser(
        "hint",
        help="the steps to the next digit placed (not the solution)",
        description="Give the steps up to the next digit placed by logic: the eliminations "
        "that placement needs (pointing, subsets, fish...), then the placement; only those "
        "it needs of the ones the easiest techniques find, so the first step shown may be "
        "harder than the first of `sudograph explain`. "
        "Exit 0 a placement found (or the grid is complete), 1 the techniques stall, "
        "no solution or more than one, 2 bad input or options, 130 interrupted (Ctrl-C).",
    )
    p.add_argument("source", metavar="PUZZLE|FILE|-", help="a puzzle (or a file of puzzles)")
    add_grid_options(p)
    p.set_defaults(func=run_hint)

    p = subparsers.add_parser(
        "explain",
        help="the whole logical solution path, step by step",
        description="Solve by human techniques only and print every step in words. Exit 0 "
        "solved, 1 the techniques stall, no solution or more than one, 2 bad input or options, "
        "130 interrupted (Ctrl-C).",
    )
    p.add_argument("source", metavar="PUZZLE|FILE|-", help="a puzzle (or a file of puzzles)")
    add_grid_options(p)
    p.set_defaults(func=run_explain)


def _add_dask_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--dask",
        type=dask_address,
        metavar="ADDRESS|local",
        help="run on the Dask cluster at ADDRESS (tcp://host:8786) or a local one",
    )


# -- generate -----------------------------------------------------------------------------------


def _progress(done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    bar = "#" * filled + "-" * (width - filled)
    end = "\n" if done == total else ""
    print(f"\rgenerating [{bar}] {done}/{total}", end=end, file=sys.stderr, flush=True)


def run_generate(args: argparse.Namespace) -> int:
    """Generate ``--count`` puzzles and print them one per line (or as JSON)."""
    try:
        size_box = box_for(args.size) if args.size is not None else None
    except InvalidArgument as exc:  # named as info names it
        raise InvalidArgument(f"--size {args.size}: {exc}") from None
    box = size_box or args.box or regions_box(args) or (3, 3)
    # usage errors first, one line each: before the seed is printed and OUT or a cluster opened
    variant = _variant_of(args, box) if has_variant(args) else None  # '--variant ""' refused
    if variant is None:
        if args.resume and args.seed is None:
            raise InvalidArgument("generate --resume needs the --seed of the run it continues")
        _check_options(args, box)
    from .batchmode import output_file

    output = output_file(args.output, args.resume)  # -o -: standard output, no --resume
    if args.dask:  # without the extra: its one line, before the seed's
        from ..distributed import require_dask

        require_dask()
    seed = args.seed
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
        print(f"sudograph: seed {seed}", file=sys.stderr)
    if not args.dask and resolve_engine("auto") == "numba":  # the checks run compiled
        from ..engine.compile import ensure_compiled

        # another size, or a variant, runs on the house kernel: loaded before any puzzle's
        # clock starts (a first puzzle's --timeout spent loading it came back almost full)
        houses = ("houses",) if variant is not None or box != (3, 3) else ()
        for kernel in ("fast", "twin", *houses):
            ensure_compiled(kernel, warn)  # says so once when it compiles (first run)
    if not args.dask and variant is None:  # off each puzzle's clock, as the kernels (and
        from ..generate import prepare  # before a pool forks: its workers have it)

        prepare(box)
    if variant is not None:
        return _generate_variants(args, variant, box, seed)
    spec = {
        "box": box,
        "seed": seed,
        "json": args.json,
        **{k: getattr(args, k) for k in ("clues", "symmetry", "minimal", "difficulty", "timeout")},
    }
    if args.workers is None and not args.dask:  # every core, for more than one chunk
        args.workers = default_workers(args.count)
    pooled = (args.workers or 1) > 1  # (processes of this machine, without --dask)
    if args.dask or args.resume or args.output or pooled:  # -o: complete lines, Ctrl-C kept
        from .batchmode import run_numbered

        if args.resume and args.output:
            _check_same_run(args.output, spec)

        drawn = f"--seed {seed}" if args.seed is None else ""  # a --resume needs it given
        return run_numbered(args, puzzle_lines, spec, args.count, chunk=CHUNK, resume_with=drawn)
    show = progress_wanted(output) and args.count > 1
    with ExitStack() as stack:
        write = _writer(stack, output)
        for k in range(1, args.count + 1):
            write(*puzzle_lines(range(k, k + 1), spec))
            if show:
                _progress(k, args.count)
    return 0


def _check_options(args: argparse.Namespace, box: tuple[int, int]) -> None:
    """Raise :class:`InvalidArgument` for the options that :func:`~sudograph.generate.generate`
    refuses before it makes a puzzle (:func:`~sudograph.generate.check_options`), checked
    before anything starts: the numbered run (``--dask``, ``--resume``) opens OUT (and a
    cluster) before its first puzzle is made, and an error there would leave OUT truncated."""
    try:
        check_options(
            box[0] * box[1],
            args.clues,
            args.symmetry,
            args.timeout,
            minimal=args.minimal,
            difficulty=args.difficulty,
            box=box,
        )
    except InvalidArgument as exc:  # "clues must be ..." as the other options say theirs
        text = str(exc)
        for name in ("clues", "timeout"):
            if text.startswith(f"{name} must "):
                raise InvalidArgument(f"--{name}: {text.removeprefix(name + ' ')}") from None
        raise


def _writer(
    stack: ExitStack, path: str | None, inputs: tuple[str | None, ...] = ()
) -> Callable[..., None]:
    """A ``print`` to standard output (no ``path``, or ``-``), or to ``path``, opened in
    ``stack`` at the first line: locked before it is truncated (one run writes a file at a
    time), so that an error before any line (an option that the first puzzle finds bad) leaves
    the file as it was; refused at once when it is one of the ``inputs`` files
    (``--regions``), which truncating would erase."""
    from .batchmode import output_file

    path = output_file(path)
    out: IO[str] | None = None if path else sys.stdout
    if path:
        from .batchmode import refuse_input_as_output

        refuse_input_as_output(path, inputs)

    def write(*texts: str) -> None:
        nonlocal out
        if out is None:
            from .batchmode import OutputLock

            stack.enter_context(OutputLock(str(path)))
            opened = open(str(path), "w", encoding="utf-8")  # noqa: SIM115 - the stack closes it
            out = stack.enter_context(opened)
        print(*texts, file=out)
        out.flush()

    return write


def _variant_of(args: argparse.Namespace, box: tuple[int, int]) -> Any:
    """The rules of ``generate --variant/--regions`` for ``generate_variant`` (names joined by
    ``+``, or a :class:`~sudograph.variants.Variant` with the region map read and checked).

    A jigsaw killer is its Variant with the name ``killer`` left to ``variant_puzzle``'s
    ``killer`` (a Variant names killer only with its cages): ``(Variant, "killer")``.

    Raises :class:`InvalidArgument` (or :class:`ParseError` for a bad map) for the options it
    does not take, unknown names, rules that do not fit the size."""
    from ..formats.variant import variant_from_options
    from ..generate import check_variant_minimal
    from ..variants import Variant, variant_names
    from .common import _text_of, misspelt_regions

    options = ("clues", "difficulty", "resume", "dask")
    refused = [f"--{o}" for o in options if getattr(args, o) not in (None, False)]
    if refused:
        raise InvalidArgument(f"generate --variant does not take {', '.join(refused)}")
    check_options(box[0] * box[1], symmetry=args.symmetry, timeout=args.timeout)
    check_variant_minimal(box[0] * box[1], args.minimal)  # before the seed is printed
    names = list(variant_names(args.variant or ""))  # an empty or unknown name: one line
    if args.regions:  # a jigsaw: the region map read (and checked) once
        text, source = _text_of(args.regions, "--regions")
        rest = "+".join(x for x in names if x not in ("jigsaw", "killer"))
        with misspelt_regions(args.regions, source):
            rules = variant_from_options(rest, box[0] * box[1], regions=text, regions_source=source)
        if rules is not None:
            rules.check_fits(box)
        return (rules, "killer") if "killer" in names else rules
    Variant.parse("+".join(x for x in names if x != "killer")).check_fits(box)
    return "+".join(names)


def _generate_variants(
    args: argparse.Namespace, variant: Any, box: tuple[int, int], seed: int
) -> int:
    """``generate --variant``: minimal unique variant puzzles of the rules ``variant`` (see
    :func:`_variant_of`) in the variant text format (one block per puzzle, a blank line between
    them; ``sudograph solve FILE`` reads them back), or one JSON object per line with
    ``--json``. With ``--timeout`` each puzzle is best effort: one whose clue removal the
    time cut short is unique but maybe not minimal, and a line on standard error says so."""
    from ..formats.variant import format_variant_json, format_variant_text

    rules, killer = variant if isinstance(variant, tuple) else (variant, "")
    spec = (rules, box, args.symmetry, args.timeout, args.minimal, bool(killer), seed)
    numbers = range(1, args.count + 1)
    workers = default_workers(args.count) if args.workers is None else args.workers
    if workers > 1:  # one puzzle a task: each takes seconds
        from ..batch import map_local

        chunks = (range(k, k + 1) for k in numbers)
        made = (
            one
            for done in map_local(variant_puzzles, chunks, spec, workers=workers)
            for one in done
        )
    else:
        made = (one for k in numbers for one in variant_puzzles(range(k, k + 1), spec))
    with ExitStack() as stack:
        write = _writer(stack, args.output, (args.regions,))
        for k, puzzle, cut in made:
            if cut:
                _say_cut(k, args.timeout)
            if args.json:  # the keys of a classic row too (read back, they are ignored)
                meta = _made(puzzle, seed, k, args.symmetry, args.minimal and not cut)
                write(format_variant_json(puzzle, **meta))
            else:
                write(("\n" if k > 1 else "") + format_variant_text(puzzle))
    return 0


def variant_puzzles(numbers: range, spec: tuple[Any, ...]) -> list[tuple[int, Any, bool]]:
    """``(k, puzzle, cut)`` for the puzzles ``numbers`` of a ``generate --variant`` run of
    ``spec`` (rules, box, symmetry, timeout, minimal, killer, seed): puzzle k from its own
    random stream, seeded by ``(seed, k)``, the same on any process; ``cut`` when the time
    limit cut its clue removal short."""
    from ..generate import variant_puzzle

    rules, box, symmetry, timeout, minimal, killer, seed = spec
    out = []
    for k in numbers:
        rng = random.Random(f"{seed}:{k}")
        puzzle, cut = variant_puzzle(rules, box, symmetry, None, rng, timeout, minimal, killer)
        out.append((k, puzzle, cut))
    return out


def _check_same_run(output: str, spec: dict[str, Any]) -> None:
    """``--resume``: refuse an OUT whose first puzzle is not this run's first (another
    ``--seed`` or other options would mix two runs in one file). A best-effort run
    (``--timeout`` without ``--clues``, ``--minimal`` or ``--difficulty``: its clue removal
    stops at the limit) need not make the same puzzle twice: only its form is checked (a line
    or a JSON row, the grid's size; in JSON its box, symmetry, seed and index)."""
    try:
        with open(output, encoding="utf-8", errors="replace") as f:
            first = f.readline()
    except FileNotFoundError:
        return
    if not first.endswith("\n"):
        return  # no complete line yet: nothing to continue
    first = first.rstrip("\n")
    best_effort = is_best_effort(
        spec["timeout"], spec["clues"], spec["minimal"], spec["difficulty"]
    )
    # a timeout only makes the other requests fail: the same seed, the same first puzzle
    same = _same_form(first, spec) if best_effort else first == puzzle_lines(range(1, 2), spec)[0]
    if not same:
        raise InvalidArgument(
            f"{output}: its first puzzle is not the first of this run (--seed {spec['seed']} "
            "and these options): --resume continues the run that wrote it, with its options"
        )


def _same_form(line: str, spec: dict[str, Any]) -> bool:
    """True when ``line`` has the form of this run's first puzzle (:func:`puzzle_lines`): text
    or JSON, the grid's size, in JSON the box, the symmetry, the seed and index 1.

    >>> spec = {"box": (2, 3), "json": False, "symmetry": None, "seed": 4}
    >>> _same_form("." * 36, spec), _same_form("." * 81, spec)
    (True, False)
    >>> row = '{"puzzle": "%s", "box": [2, 3], "symmetry": "none", "seed": 4, "index": 1}'
    >>> row = row % ("." * 36)
    >>> _same_form(row, spec), _same_form(row, {**spec, "json": True})
    (False, True)
    >>> _same_form(row, {**spec, "json": True, "symmetry": "central"})
    False
    >>> _same_form(row, {**spec, "json": True, "seed": 5})
    False
    """
    rows, cols = spec["box"]
    cells = (rows * cols) ** 2
    if not spec["json"]:
        return not line.startswith("{") and len(line.strip()) == cells
    try:
        doc = json.loads(line)
    except ValueError:
        return False
    return (
        isinstance(doc, dict)
        and isinstance(doc.get("puzzle"), str)
        and len(doc["puzzle"]) == cells
        and doc.get("box") == [rows, cols]
        and doc.get("symmetry") == (spec["symmetry"] or "none")
        and doc.get("seed") == spec["seed"]
        and doc.get("index") == 1
    )


def _say_cut(k: int, timeout: float) -> None:
    """Say on standard error that ``--timeout`` cut puzzle ``k``'s clue removal short (best
    effort: written all the same)."""
    warn(
        f"puzzle {k}: the time limit ({timeout:g} s) cut its clue removal short: unique, "
        "maybe not minimal"
    )


CHUNK = 4
"""Puzzles of a ``generate`` run made in one go (one task of a worker, a local process or a
Dask one): :func:`sudograph.cli.batchmode.run_numbered`'s chunk."""


def default_workers(count: int) -> int:
    """The processes ``generate --count COUNT`` makes its puzzles on without ``--workers``:
    one per core, at most one per chunk of :data:`CHUNK` puzzles (a pool for a few puzzles
    costs more than it saves; on two cores, 8 puzzles took as long either way, 400 about 1.4×
    less time on two: ``bench/bench_generate_workers.py``, docs/benchmarks.md).

    >>> default_workers(1), default_workers(CHUNK), default_workers(CHUNK + 1) >= 1
    (1, 1, True)
    """
    return max(1, min(os.cpu_count() or 1, -(-count // CHUNK)))


def puzzle_lines(numbers: range, spec: dict[str, Any]) -> list[str]:
    """The output lines of puzzles ``numbers`` (counted from 1) of a ``generate`` run.

    Puzzle k comes from its own random stream, seeded by ``(seed, k)``: the same lines
    whichever machine makes which puzzles, in any chunks (``--dask``, ``--resume``).
    """
    out: list[str] = []
    for k in numbers:
        rng = random.Random(f"{spec['seed']}:{k}")
        asked = {o: spec[o] for o in ("clues", "symmetry", "minimal", "difficulty", "timeout")}
        try:
            puzzle, cut = classic_puzzle(spec["box"], seed=rng, **asked)
        except (SudographError, KeyboardInterrupt, Terminated) as exc:  # the ones made kept
            if not out:  # (no puzzle within the timeout; Ctrl-C, SIGTERM)
                raise
            from .batchmode import LinesBefore

            raise LinesBefore(out, exc) from None
        if cut:
            _say_cut(k, spec["timeout"])
        if not spec["json"]:
            out.append(puzzle.to_line())
            continue
        record = {
            "puzzle": puzzle.to_line(),
            "box": list(puzzle.box),
            **_made(puzzle, spec["seed"], k, spec["symmetry"], spec["minimal"]),
        }
        out.append(json.dumps(record))
    return out


def _made(puzzle: Grid, seed: Any, k: int, symmetry: str | None, minimal: bool) -> dict[str, Any]:
    """What a ``generate --json`` row says of how puzzle ``k`` of the run was made, classic or
    variant alike: clues, seed, index, symmetry, minimal (a fact, :func:`_known_minimal`) and
    its rating."""
    return {
        "clues": puzzle.clues,
        "seed": seed,
        "index": k,
        "symmetry": symmetry or "none",
        "minimal": _known_minimal(puzzle, minimal),
        "rating": rate(puzzle, check_unique=False).as_dict(),  # made unique
    }


MINIMAL_CHECK_SIDE = 9
"""The largest side on which ``generate --json`` checks whether a puzzle it was not asked to make
minimal is (:func:`~sudograph.generate.is_minimal`: 25 ms on 9×9 with the Python engine, 16 s
on 16×16)."""


def _known_minimal(puzzle: Grid, asked: bool) -> bool | None:
    """The ``minimal`` of a ``generate --json`` row: a fact about the puzzle, not the option.
    True when asked (``generate`` made sure of it), else checked up to
    :data:`MINIMAL_CHECK_SIDE` (a puzzle whose removal went as far as uniqueness allows is
    minimal without being asked; one with a clue count or a difficulty may not be), None
    (not known) beyond."""
    if asked:
        return True
    return is_minimal(puzzle) if puzzle.n <= MINIMAL_CHECK_SIDE else None


# -- reading puzzles ----------------------------------------------------------------------------


def _each(
    args: argparse.Namespace,
    handle: Callable[[int | None, Grid], int],
    *,
    error_rows: bool = False,
    on_error: Callable[[], None] | None = None,
) -> int:
    """Call ``handle`` on every grid of the input; report bad lines; combine exit codes.

    A bad or clashing puzzle is reported on standard error, and with ``--json`` as a row
    ``{"line", "error"}``; with ``error_rows`` also as a text row ``line N: error: ...`` (what
    the batch mode of ``count`` writes, so that its output does not depend on the mode);
    ``on_error`` is called for each (``rate`` counts them out of its mean).

    Ctrl-C or SIGTERM during a file: one line, ``interrupted`` (130) or ``terminated`` (143),
    saying that the rows printed stand (and, for ``count``, how to resume), as the batch mode
    says it, then :class:`~sudograph.cli.common.Said` (the command ends there: no summary);
    during one puzzle, ``KeyboardInterrupt`` or :class:`Terminated` for :func:`main` to say."""
    try:
        with terminate_gracefully(signals=(signal.SIGTERM,)):  # SIGTERM: the rows so far stand
            return _each_item(args, handle, error_rows=error_rows, on_error=on_error)
    except (KeyboardInterrupt, Terminated) as stop:
        if not looks_like_path(args.source):
            raise  # one puzzle: 'interrupted' or 'terminated' (count printed its lower bound)
        how, code = ("terminated", 143) if isinstance(stop, Terminated) else ("interrupted", 130)
        sys.stdout.flush()
        from .batchmode import resume_hint

        again = f"; {resume_hint(None)}" if "resume" in vars(args) else ""
        warn(f"{how}: every row so far is written, none for the puzzle cut off{again}")
        raise Said(code) from None  # no summary after it (rate's mean), nothing more written


def _each_item(
    args: argparse.Namespace,
    handle: Callable[[int | None, Grid], int],
    *,
    error_rows: bool,
    on_error: Callable[[], None] | None,
) -> int:
    """:func:`_each`'s loop."""
    seen = unreadable = worst = 0
    items: Iterator[tuple[int | None, Grid | ParseError]] = read_items(args.source, args)
    for no, item in items:
        seen += 1
        if isinstance(item, ParseError):
            unreadable += 1
            report_error(item)
            _error_row(args, no, str(item), error_rows)  # one puzzle: no row
            if on_error is not None:
                on_error()
            continue
        try:
            worst = max(worst, handle(no, item))
        except SudographError as exc:  # e.g. clashing clues: report, go on with the others
            unreadable += 1
            where = puzzle_place(args.source, no)  # as a parse error names it
            fail(f"{where}: {exc}")
            _error_row(args, no, f"{where}: {exc}", error_rows)
            if on_error is not None:
                on_error()
    if seen == 0:
        raise SudographError(no_grid_error(args.source))
    return 2 if unreadable else worst


def _prefix(no: int | None) -> str:
    return "" if no is None else f"{describe_item(no)}: "


def _error_row(args: argparse.Namespace, no: int | None, message: str, text: bool) -> None:
    as_json = bool(getattr(args, "json", False))
    if as_json or (text and no is not None):
        print(_error_line(no, message, as_json))


def _error_line(no: int | None, message: str, as_json: bool) -> str:
    """The row of a puzzle that could not be read or counted: ``line N: error: ...``, or
    ``{"line": N, "error": ...}`` (the batch mode's rows and the others', alike)."""
    if as_json:
        return error_json(no, message)
    return f"{describe_item(no)}: error: {message}"


# -- count --------------------------------------------------------------------------------------


def _count(grid: Grid, limit: int | None, alone: bool = False) -> int:
    """Solutions of ``grid`` up to ``limit`` (None: all), counted without keeping them by the
    default method (the compiled kernels when numba is there: ``fast`` on a plain 9×9 with a
    limit, the house kernel otherwise); a puzzle counted ``alone`` (given inline) is tried
    on the Python engine first (see :func:`~sudograph.cli.common.python_first_budget`)."""
    from ..solve import count

    budget = python_first_budget(grid) if alone else None
    result = None
    if budget:
        result = count(grid, limit=limit, engine="python", max_nodes=budget)
    if result is None or result.reason == "node limit":
        try:
            result = count(grid, limit=limit)
        except KeyboardInterrupt:  # between the two (the kernels loading): what the first had
            raise CountInterrupted(0 if result is None else result.count or 0) from None
    if result.reason == "interrupted":  # Ctrl-C: the run stops, no count made up
        raise CountInterrupted(result.count or 0)
    return result.count or 0


class CountInterrupted(KeyboardInterrupt):
    """Ctrl-C during a count: the run stops (exit 130); ``count`` holds the solutions found
    until then, which ``sudograph count`` shows as a lower bound before it stops."""

    def __init__(self, count: int) -> None:
        super().__init__(count)
        self.count = count


def _not_a_puzzle(grid: Grid, no: int | None) -> str | None:
    """Why ``grid`` is no puzzle to rate or to give a hint on (``"no solution"``, ``"more than
    one solution"``), or None when it has exactly one solution."""
    found = _count(grid, 2, alone=no is None)
    if found == 1:
        return None
    return "no solution" if found == 0 else "more than one solution"


def run_count(args: argparse.Namespace) -> int:
    """Count the solutions of each puzzle."""
    limit = args.limit  # >= 1: checked by argparse (whole)
    out_file = None  # one puzzle on the command line with -o OUT: its line, as printed, to OUT
    if not looks_like_path(args.source):
        say_file_options(args, "counted")
        out_file = one_puzzle_output(args)
    elif args.output or args.dask or args.resume or args.workers:
        from .batchmode import run as run_file

        def line(no: int, result: Any) -> str:
            if result.status == "error":
                return _error_line(no, result.error, args.json)
            return _count_line(no, result.count, limit, args.json)

        # the batch mode over files, counting every solution unless --limit says otherwise
        return run_file(argparse.Namespace(**vars(args), all=limit is None), line=line)
    from ..batch import require_extras

    require_extras("propagate")  # $SUDOGRAPH_ENGINE=numba without numba: refused once

    def handle(no: int | None, grid: Grid) -> int:
        _ = grid.problem  # raises InvalidPuzzle naming clashing cells
        try:
            count = _count(grid, limit, alone=no is None)
        except CountInterrupted as stop:
            if no is None:  # one puzzle: what was counted stands, as a lower bound
                print(_count_line(no, stop.count, limit, args.json, interrupted=True), flush=True)
            raise  # a file's rows: none made up for the puzzle cut short (as with -o)
        print(_count_line(no, count, limit, args.json))
        return 1 if count == 0 else 0

    if out_file is None:
        return _each(args, handle, error_rows=True)
    printed = io.StringIO()
    try:
        with redirect_stdout(printed):
            code = _each(args, handle, error_rows=True)
    except KeyboardInterrupt:  # what Ctrl-C left of the count, a lower bound, is written
        if printed.getvalue():
            write_text(out_file, printed.getvalue())
        raise
    if code != 2:  # bad input (its --json error row too) leaves OUT as it was, as solve's
        write_text(out_file, printed.getvalue())
    return code


def _count_line(
    no: int | None, count: int, limit: int | None, as_json: bool, interrupted: bool = False
) -> str:
    """The output line of ``count`` for one puzzle (text, or one JSON object).

    ``unique`` is true only for a whole count of one, false for two or more (or none), and
    null (unknown) for a count of one stopped by ``--limit 1``: ``(unique)`` is then not said.

    >>> _count_line(None, 1, 1, True)
    '{"line": null, "count": 1, "complete": false, "unique": null}'
    >>> _count_line(2, 1, 1, False), _count_line(2, 1, 2, False)
    ('line 2: at least 1 solution (--limit 1)', 'line 2: 1 solution (unique)')

    A count cut short by Ctrl-C (``interrupted``) is a lower bound, as one cut by ``--limit``:

    >>> _count_line(None, 3, None, False, interrupted=True)
    'at least 3 solutions (interrupted)'
    >>> _count_line(None, 0, None, False, interrupted=True)
    'no solution found (interrupted)'
    """
    capped = interrupted or (limit is not None and count >= limit)
    if as_json:
        unique = None if capped and count < 2 else count == 1
        record = {"line": no, "count": count, "complete": not capped, "unique": unique}
        return json.dumps(record, ensure_ascii=False)
    why = "interrupted" if interrupted else f"--limit {limit}"
    what = f"at least {plural(count, 'solution')} ({why})" if capped else plural(count, "solution")
    if interrupted and count == 0:
        what = "no solution found (interrupted)"
    if count == 1 and not capped:
        what += " (unique)"
    return f"{_prefix(no)}{what}"


# -- rate ---------------------------------------------------------------------------------------


def run_rate(args: argparse.Namespace) -> int:
    """Rate each puzzle; with several, a summary line: the mean score of the puzzles rated,
    complete grids (score 0, nothing to solve) and rows not rated (no solution, several,
    unreadable) left out and counted."""
    scores: list[float] = []
    left_out = {"complete": 0, "unrated": 0}

    def unrated() -> None:
        left_out["unrated"] += 1

    def handle(no: int | None, grid: Grid) -> int:
        problem = _not_a_puzzle(grid, no)
        if problem:
            unrated()
            if args.json:
                print_error_json(no, problem)
            else:
                print(f"{_prefix(no)}{problem}: {NOTHING_TO_RATE}")
            return 1
        r = rate(grid, check_unique=False)  # counted just now
        if r.technique == NO_TECHNIQUE:
            left_out["complete"] += 1
        else:
            scores.append(r.score)
        if args.json:
            print_json({"line": no, **r.as_dict()})
        else:
            how = plural(r.steps, "step", grouped=False)
            if r.technique == NO_TECHNIQUE:
                how = ALREADY_COMPLETE
            if not r.solved:
                at_least = "at least " if r.capped else ""  # the search's budget ran out first
                how = (
                    f"logic stalls after {plural(r.steps, 'step', grouped=False)}, "
                    f"{at_least}{plural(r.guesses, 'guess', 'guesses', grouped=False)}"
                )
            print(f"{_prefix(no)}{r.score:.2f} {r.technique} ({how})")
        return 0

    code = _each(args, handle, on_error=unrated)
    if len(scores) + sum(left_out.values()) > 1 and not args.json:
        print(_mean_line(scores, left_out["complete"], left_out["unrated"]))
    return code


def _mean_line(scores: list[float], complete: int, unrated: int) -> str:
    """The summary of ``rate`` over several rows: the mean score of the puzzles rated, and
    what was left out of it.

    >>> _mean_line([1.0], 1, 0)
    '1 puzzle: mean score 1.00 (left out: 1 complete grid)'
    >>> _mean_line([], 0, 2)
    '0 puzzles: no mean score (left out: 2 not rated)'
    """
    mean = f"mean score {sum(scores) / len(scores):.2f}" if scores else "no mean score"
    parts = [plural(complete, "complete grid")] if complete else []
    if unrated:
        parts.append(f"{unrated:,} not rated")
    out = f"{plural(len(scores), 'puzzle')}: {mean}"
    return out + (f" (left out: {', '.join(parts)})" if parts else "")


# -- hint and explain ---------------------------------------------------------------------------


STALL = "the techniques stall here"
"""Why ``hint`` gives no step (or no placement) on a puzzle with one solution."""


def run_hint(args: argparse.Namespace) -> int:
    """Print, for each puzzle, the steps up to its next placement (see
    :func:`~sudograph.logic.hint`): the eliminations that lead to it, then the placement.

    A grid with no solution or several is refused, as ``rate`` refuses it (exit 1): a hint
    leads to the solution, which must exist and be the only one."""

    def handle(no: int | None, grid: Grid) -> int:
        steps = hint(grid)  # raises InvalidPuzzle on clashing clues
        complete = 0 not in grid.values
        why = None  # without a placement: why not, as the text says it
        if complete:
            why = ALREADY_COMPLETE
        else:
            problem = _not_a_puzzle(grid, no)
            if problem:
                steps, why = [], problem
            elif not (steps and steps[-1].placements):
                why = STALL
        code = 0 if why is None or complete else 1
        if args.json:
            doc: dict[str, Any] = {"line": no, "step": None}
            if steps:  # "then": the steps after "step", up to the placement (docs/formats.md)
                doc["step"] = steps[0].as_dict(grid.alphabet)
                doc["then"] = [s.as_dict(grid.alphabet) for s in steps[1:]]
            print_json({**doc, "solved": complete, "why": why})
        elif complete:
            print(f"{_prefix(no)}{why}")
        else:
            for step in steps:
                print(f"{_prefix(no)}{step.technique}: {step.text}")
            if why == STALL and steps:
                print(f"{_prefix(no)}no placement follows: {why}")
            elif why == STALL:
                print(f"{_prefix(no)}no logical step found: {why}")
            elif why is not None:
                print(f"{_prefix(no)}no logical step: {why}")
        return code

    return _each(args, handle)


def _why_stopped(grid: Grid, no: int | None, result: LogicResult) -> str | None:
    """Why the logical path of ``grid`` stops short (None when the steps solve it): ``no
    solution`` (a contradiction, or counted), ``more than one solution``, or that the
    techniques stall on its one solution; for a complete grid, that it is (as ``hint`` says
    it)."""
    if result.solved:
        return ALREADY_COMPLETE if not result.steps else None
    if result.contradiction:
        return "no solution"
    return _not_a_puzzle(grid, no) or STALL


def run_explain(args: argparse.Namespace) -> int:
    """Print the whole logical path of each puzzle."""

    def handle(no: int | None, grid: Grid) -> int:
        result = solve_logically(grid)
        why = _why_stopped(grid, no, result)
        if args.json:
            print_json(
                {
                    "line": no,
                    "solved": result.solved,
                    "steps": [s.as_dict(grid.alphabet) for s in result.steps],
                    "grid": result.grid.to_line(),
                    "why": why,
                }
            )
            return 0 if result.solved else 1
        if no is not None:
            print(f"# {describe_item(no)}: {grid.to_line()}")
        for line in describe(result):  # a complete grid: ALREADY_COMPLETE, its one line
            print(line)
        if why is not None and why not in (STALL, ALREADY_COMPLETE) and not result.contradiction:
            print(f"the puzzle has {why}: no logical path can finish it")
        if result.solved and result.steps:
            print(f"solved in {plural(len(result.steps), 'step', grouped=False)}:")
        print(result.grid.to_boxed())
        return 0 if result.solved else 1

    return _each(args, handle)
