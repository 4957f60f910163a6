"""The visualize page in a real browser: headless Chromium (Debian packages ``chromium`` and
``chromium-driver``) driven by selenium. Each test loads a page from disk, presses its buttons
and reads what it shows from the DOM, then compares with the Python trace at the same step
(:func:`sudograph.visualize.state_at`).

Without the browser every test here is skipped with a loud reason; install it with
``apt-get install chromium chromium-driver`` (selenium comes with the ``test`` extra), or
point ``$SUDOGRAPH_CHROMIUM`` and ``$SUDOGRAPH_CHROMEDRIVER`` at another build.

Run as a script, it saves the pictures of ``docs/visualize.md``:
``python tests/test_browser.py docs/img``.
"""

from __future__ import annotations

import io
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sudograph.graph import petersen_graph
from sudograph.grid import Grid
from sudograph.problem import Problem
from sudograph.render import PALETTE
from sudograph.search.trace import TraceEvent
from sudograph.visualize import read_page_data, state_at, trace_run, visualize

BACKTRACKS = "....1..2..3..4.."  # naive: 151 events, 12 backtracks
HARD = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
HOW = "apt-get install chromium chromium-driver (and pip install selenium)"


def _find(env: str, names: tuple[str, ...]) -> str | None:
    """``$env`` if set (a path), else the first of ``names`` found in /usr/bin or on PATH."""
    if os.environ.get(env):
        path = os.environ[env]
        return path if Path(path).exists() else None
    for name in names:
        for path in (f"/usr/bin/{name}", shutil.which(name) or ""):
            if path and Path(path).exists():
                return path
    return None


def _paths() -> tuple[str | None, str | None]:
    """Chromium and its driver (``$SUDOGRAPH_CHROMIUM``, ``$SUDOGRAPH_CHROMEDRIVER`` override)."""
    browser = _find("SUDOGRAPH_CHROMIUM", ("chromium", "chromium-browser"))
    return browser, _find("SUDOGRAPH_CHROMEDRIVER", ("chromedriver",))


def start_browser(width: int = 1400, height: int = 1000) -> Any:
    """A headless Chromium under selenium; skips (loudly) when something is missing."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.skip(f"BROWSER TESTS SKIPPED: selenium is not installed. To run them: {HOW}")
    browser, driver = _paths()
    if browser is None or driver is None:
        missing = " and ".join(
            name for name, p in (("chromium", browser), ("chromedriver", driver)) if p is None
        )
        pytest.skip(f"BROWSER TESTS SKIPPED: {missing} not found. To run them: {HOW}")
    options = Options()
    options.binary_location = browser
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", "--force-device-scale-factor=1"):  # fmt: skip
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        return webdriver.Chrome(service=Service(driver), options=options)
    except Exception as exc:  # a browser that is there but cannot start (no display libs...)
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        pytest.skip(f"BROWSER TESTS SKIPPED: {browser} did not start ({first}). See: {HOW}")


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    d = start_browser()
    try:
        yield d
    finally:
        d.quit()


@pytest.fixture
def load(driver: Any, tmp_path: Path) -> Iterator[Any]:
    """``load(page)``: write the page to disk, open it from there, check no script error."""
    count = [0]

    def _load(page: str, *, embedded: bool = True) -> dict[str, Any]:
        count[0] += 1
        path = tmp_path / f"page{count[0]}.html"
        path.write_text(page, encoding="utf-8")
        driver.get(path.as_uri())
        return read_page_data(page) if embedded else {}

    yield _load
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == [], errors


def click(driver: Any, button: str, times: int = 1) -> None:
    from selenium.webdriver.common.by import By

    b = driver.find_element(By.ID, f"btn-{button}")
    for _ in range(times):
        b.click()


SNAPSHOT = """
const run = document.getElementById("run" + arguments[0]);
const get = sel => run.querySelector(sel);
const num = name => Number(get('[data-counter="' + name + '"]').textContent);
const byV = sel => Array.from(run.querySelectorAll(sel))
  .sort((a, b) => a.dataset.v - b.dataset.v);
const one = sel => { const e = get(sel); return e ? Number(e.dataset.v) : -1; };
const c = get('[data-field="candidates"]');
return {
  step: Number(document.getElementById("step-label").dataset.step),
  playing: document.body.dataset.playing,
  nodes: num("nodes"), backtracks: num("backtracks"), deductions: num("deductions"),
  depth: num("depth"),
  cell: one(".cell.current"), vertex: one("circle.vx.current"),
  candidates: c.dataset.values, cand_vertex: Number(c.dataset.vertex),
  kind: get('[data-field="event"]').dataset.kind,
  cells: byV(".cell").map(g => g.textContent),
  fills: byV("circle.vx").map(e => e.getAttribute("fill")),
  conflicts: byV(".cell.conflict").map(e => Number(e.dataset.v)),
  vconflicts: byV("circle.vx.conflict").map(e => Number(e.dataset.v)),
};
"""


def snapshot(driver: Any, run: int = 0) -> dict[str, Any]:
    """What run ``run`` of the page shows, read from the DOM in one call."""
    snap: dict[str, Any] = driver.execute_script(SNAPSHOT, run)
    return snap


def expected(
    events: tuple[TraceEvent, ...], problem: Problem, step: int, alphabet: str, grid: bool
) -> dict[str, Any]:
    """The same fields computed in Python from the trace."""
    s = state_at(events, problem, min(step, len(events)))
    kind = events[min(step, len(events)) - 1].kind if min(step, len(events)) else ""
    return {
        "nodes": s.nodes,
        "backtracks": s.backtracks,
        "deductions": s.deductions,
        "depth": s.depth,
        "cell": s.vertex if grid else -1,
        "vertex": s.vertex,
        "candidates": ",".join(alphabet[c - 1] for c in s.candidates),
        "cand_vertex": s.vertex,
        "kind": kind,
    }


def shown(snap: dict[str, Any]) -> dict[str, Any]:
    return {k: snap[k] for k in ("nodes", "backtracks", "deductions", "depth", "cell", "vertex",
                                 "candidates", "cand_vertex", "kind")}  # fmt: skip


def cells_of(coloring: tuple[int, ...], alphabet: str) -> list[str]:
    return [alphabet[c - 1] if c else "" for c in coloring]


# -- stepping ---------------------------------------------------------------------------------
def test_every_step_shows_the_python_state(driver: Any, load: Any) -> None:
    grid = Grid.parse(BACKTRACKS)
    p = grid.problem
    events = trace_run(p, "naive").events
    data = load(visualize(grid, "naive"))
    assert snapshot(driver)["step"] == 0
    assert snapshot(driver)["cells"] == cells_of(p.precolouring, grid.alphabet)
    for step in range(1, len(events) + 1):
        click(driver, "step")
        snap = snapshot(driver)
        assert snap["step"] == step
        assert shown(snap) == expected(events, p, step, grid.alphabet, True), step
        col = state_at(events, p, step).coloring
        assert snap["cells"] == cells_of(col, grid.alphabet), step
    assert snap["backtracks"] == data["runs"][0]["stats"]["backtracks"] == 12
    click(driver, "step")  # past the end: nothing moves
    assert snapshot(driver)["step"] == len(events)


def test_back_undoes_every_step(driver: Any, load: Any) -> None:
    grid = Grid.parse(BACKTRACKS)
    p = grid.problem
    events = trace_run(p, "naive").events
    load(visualize(grid, "naive"))
    click(driver, "end")
    for step in range(len(events) - 1, -1, -1):  # back over every undo, retract and assign
        click(driver, "back")
        snap = snapshot(driver)
        assert snap["step"] == step
        assert shown(snap) == expected(events, p, step, grid.alphabet, True), step
        assert snap["cells"] == cells_of(state_at(events, p, step).coloring, grid.alphabet)
    click(driver, "step", 5)
    click(driver, "start")
    assert snapshot(driver)["cells"] == cells_of(p.precolouring, grid.alphabet)


def test_next_backtrack_stops_after_each_undo(driver: Any, load: Any) -> None:
    grid = Grid.parse(BACKTRACKS)
    p = grid.problem
    events = trace_run(p, "naive").events
    undos = [i + 1 for i, e in enumerate(events) if e.kind == "undo"]
    load(visualize(grid, "naive"))
    for count, step in enumerate(undos[:4], 1):
        click(driver, "next-backtrack")
        snap = snapshot(driver)
        assert snap["step"] == step and snap["backtracks"] == count and snap["kind"] == "undo"
        assert shown(snap) == expected(events, p, step, grid.alphabet, True)


def test_a_rejected_colour_shows_its_conflicts(driver: Any, load: Any) -> None:
    grid = Grid.parse(BACKTRACKS)
    p = grid.problem
    events = trace_run(p, "naive").events
    step = next(i + 1 for i, e in enumerate(events) if e.kind == "try" and not e.ok)
    e = events[step - 1]
    col = state_at(events, p, step).coloring
    clash = sorted(u for u in p.graph.neighbors[e.vertex] if col[u] == e.colour)
    load(visualize(grid, "naive"))
    click(driver, "step", step)
    snap = snapshot(driver)
    assert snap["kind"] == "try" and snap["cell"] == e.vertex
    assert clash and snap["conflicts"] == clash == snap["vconflicts"]
    assert snap["fills"][e.vertex] == PALETTE[e.colour - 1]  # the colour tried, on the graph


def test_keyboard_steps(driver: Any, load: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    load(visualize(Grid.parse(BACKTRACKS), "naive"))
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_LEFT)
    assert snapshot(driver)["step"] == 2
    body.send_keys("n")
    assert snapshot(driver)["backtracks"] == 1


# -- playing to the end -----------------------------------------------------------------------
def play_to_end(driver: Any, total: int) -> dict[str, Any]:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    Select(driver.find_element(By.ID, "speed")).select_by_value("10000")
    click(driver, "play")
    WebDriverWait(driver, 60).until(
        lambda d: snapshot(d)["step"] == total and snapshot(d)["playing"] == "0"
    )
    return snapshot(driver)


def test_play_to_the_end_shows_the_solution(driver: Any, load: Any) -> None:
    grid = Grid.parse(HARD)
    data = load(visualize(grid, "propagate"))
    run = data["runs"][0]
    snap = play_to_end(driver, run["total_events"])
    result_grid = grid.with_values(run["solution"])
    assert "".join(snap["cells"]) == result_grid.to_line()
    assert result_grid.is_solution_of(grid)
    stats = run["stats"]
    assert (snap["nodes"], snap["backtracks"], snap["deductions"]) == (
        stats["nodes"],
        stats["backtracks"],
        stats["deductions"],
    )
    assert snap["kind"] == "solution"


def test_compare_mode_moves_both_runs_in_lockstep(driver: Any, load: Any) -> None:
    grid = Grid.parse(BACKTRACKS)
    p = grid.problem
    methods = ["naive", "dsatur"]
    traces = [trace_run(p, m).events for m in methods]
    data = load(visualize(grid, methods))
    for step in (9, 30, 55):  # dsatur's trace (55 events) ends before naive's (151)
        click(driver, "start")
        click(driver, "step", step)
        for i, events in enumerate(traces):
            snap = snapshot(driver, i)
            assert snap["step"] == step
            assert shown(snap) == expected(events, p, step, grid.alphabet, True), (i, step)
    click(driver, "end")
    for i, run in enumerate(data["runs"]):
        snap = snapshot(driver, i)
        assert "".join(snap["cells"]) == grid.with_values(run["solution"]).to_line()
        assert (snap["nodes"], snap["backtracks"]) == (
            run["stats"]["nodes"],
            run["stats"]["backtracks"],
        )


def test_graph_page_has_no_grid(driver: Any, load: Any) -> None:
    p = Problem(petersen_graph(), 3)
    events = trace_run(p, "naive").events
    data = load(visualize(p, "naive"))
    click(driver, "step", 12)
    snap = snapshot(driver)
    assert snap["cells"] == [] and snap["cell"] == -1
    assert shown(snap) == expected(events, p, 12, data["alphabet"], False)
    snap = play_to_end(driver, len(events))
    assert snap["fills"] == [PALETTE[c - 1] for c in data["runs"][0]["solution"]]


def test_capped_page_says_so(driver: Any, load: Any) -> None:
    from selenium.webdriver.common.by import By

    data = load(visualize(Grid.parse(HARD), "naive", max_steps=200, max_nodes=1000))
    note = driver.find_element(By.ID, "cap-note")
    total = data["runs"][0]["total_events"]
    assert note.is_displayed() and "200" in note.text and str(total) in note.text
    click(driver, "end")
    snap = snapshot(driver)
    assert snap["step"] == 200
    final = driver.find_element(By.CSS_SELECTOR, '#run0 [data-field="final"]').text
    assert "nodes 1000" in final


def test_french_page(driver: Any, load: Any) -> None:
    from selenium.webdriver.common.by import By

    load(visualize(Grid.parse(BACKTRACKS), "naive", lang="fr"))
    assert "lecture" in driver.find_element(By.ID, "btn-play").text
    assert "retour arrière suivant" in driver.find_element(By.ID, "btn-next-backtrack").text
    counters = driver.find_element(By.CSS_SELECTOR, "#run0 .counters").text
    for word in ("nœuds", "retours arrière", "déductions", "profondeur"):
        assert word in counters
    assert driver.find_element(By.ID, "step-label").text.startswith("pas 0")
    assert not driver.find_element(By.ID, "cap-note").is_displayed()


def test_jigsaw_page_draws_its_regions(driver: Any, load: Any) -> None:
    from selenium.webdriver.common.by import By

    from sudograph.variants import Variant, parse_regions

    text = (Path(__file__).parent / "data" / "variants" / "jigsaw4.regions").read_text()
    regions = parse_regions(text, 4)
    grid = Grid.parse("1...............", variant=Variant.parse("jigsaw", regions=regions))
    data = load(visualize(grid, "propagate"))
    borders = sum(regions[v] != regions[v + 1] for v in range(16) if v % 4 < 3) + sum(
        regions[v] != regions[v + 4] for v in range(12)
    )
    assert len(driver.find_elements(By.CSS_SELECTOR, "#run0 line.region")) == borders
    snap = play_to_end(driver, data["runs"][0]["total_events"])
    solved = grid.with_values(data["runs"][0]["solution"])
    assert "".join(snap["cells"]) == solved.to_line() and solved.is_solution_of(grid)


def test_killer_page_draws_its_cages(driver: Any, load: Any) -> None:
    from selenium.webdriver.common.by import By

    from sudograph.variants import Variant

    cages = [((0, 1), 3), ((2, 3), 7), ((4, 8), 5)]
    grid = Grid.parse("." * 16, variant=Variant.parse("killer", cages=cages))
    data = load(visualize(grid, "propagate"))
    sums = driver.find_elements(By.CSS_SELECTOR, "#run0 text.cage-sum")
    assert sorted(e.text for e in sums) == ["3", "5", "7"]
    # dashed sides: 2-cell cages have 6 outer sides each
    assert len(driver.find_elements(By.CSS_SELECTOR, "#run0 g.cage line")) == 18
    snap = play_to_end(driver, data["runs"][0]["total_events"])
    solved = grid.with_values(data["runs"][0]["solution"])
    assert "".join(snap["cells"]) == solved.to_line() and solved.is_solution_of(grid)


def test_a_colour_rejected_by_its_cage_says_so(driver: Any, load: Any) -> None:
    from selenium.webdriver.common.by import By

    from sudograph.variants import Variant

    grid = Grid.parse("." * 16, variant=Variant.parse("killer", cages=[((0, 1), 7)]))
    events = trace_run(grid.problem, "naive").events
    assert events[1].kind == "try" and (events[1].vertex, events[1].colour) == (0, 1)
    assert not events[1].ok  # r1c1 = 1 leaves 6 for r1c2: out of 1..4
    load(visualize(grid, "naive"))
    click(driver, "step", 2)
    snap = snapshot(driver)
    line = driver.find_element(By.CSS_SELECTOR, '#run0 [data-field="event"]').text
    assert snap["conflicts"] == [] and "cage" in line


def test_notebook_iframe_runs_the_page(driver: Any, load: Any) -> None:
    """What a notebook shows: the page's ``_repr_html_`` (an iframe with srcdoc) in a host
    page; its scripts run and its buttons work."""
    from selenium.webdriver.common.by import By

    grid = Grid.parse(BACKTRACKS)
    page = visualize(grid, "naive")
    host = f"<!DOCTYPE html><html><body><p>notebook cell</p>{page._repr_html_()}</body></html>"
    load(host, embedded=False)
    driver.switch_to.frame(driver.find_element(By.TAG_NAME, "iframe"))
    try:
        click(driver, "step", 10)
        events = trace_run(grid.problem, "naive").events
        assert shown(snapshot(driver)) == expected(events, grid.problem, 10, "1234", True)
    finally:
        driver.switch_to.default_content()


# -- pictures ---------------------------------------------------------------------------------
def distinct_colours(png: bytes) -> set[tuple[int, ...]]:
    pil = pytest.importorskip("PIL.Image", reason="Pillow (comes with matplotlib) reads PNGs")
    with pil.open(io.BytesIO(png)) as im:
        colours = im.convert("RGB").getcolors(maxcolors=1 << 24) or []
    return {c for _, c in colours}


def test_screenshot_is_not_blank(driver: Any, load: Any) -> None:
    load(visualize(Grid.parse(BACKTRACKS), ["naive", "dsatur"]))
    click(driver, "end")
    colours = distinct_colours(driver.get_screenshot_as_png())
    assert len(colours) > 50  # text, lines, fills, antialiasing
    for hexa in PALETTE[:4]:  # the four digits' colours, as the graph's vertices
        rgb = tuple(int(hexa[i : i + 2], 16) for i in (1, 3, 5))
        assert rgb in colours, hexa


SHOTS = {
    "visualize_compare.png": (lambda: visualize(Grid.parse(BACKTRACKS), ["naive", "dsatur"]), 40),
    "visualize_9x9_fr.png": (lambda: visualize(Grid.parse(HARD), "propagate", lang="fr"), 120),
    "visualize_petersen.png": (lambda: visualize(petersen_graph(), "naive"), 14),
}


def save_screenshots(folder: Path) -> list[Path]:
    """The pictures of docs/visualize.md: each page after some steps."""
    d = start_browser(1250, 1000)
    out = []
    try:
        for name, (make, steps) in SHOTS.items():
            path = folder.resolve() / f"{name}.html"
            path.write_text(make(), encoding="utf-8")
            d.get(path.as_uri())
            click(d, "step", steps)
            d.save_screenshot(str(folder / name))
            path.unlink()
            out.append(folder / name)
    finally:
        d.quit()
    return out


if __name__ == "__main__":  # pragma: no cover
    for p in save_screenshots(Path(sys.argv[1] if len(sys.argv) > 1 else ".")):
        print(p)
