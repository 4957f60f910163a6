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
from sudograph.visualize import LABELS, read_page_data, state_at, trace_run, visualize

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
const num = name => Number(get('[data-counter="' + name + '"]').dataset.value);
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
    assert note.is_displayed() and "first 200 of" in note.text and f"{total:,}" in note.text
    click(driver, "end")
    snap = snapshot(driver)
    assert snap["step"] == 200
    final = driver.find_element(By.CSS_SELECTOR, '#run0 [data-field="final"]').text
    assert "nodes 1,000" in final  # grouped as standard error writes it


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
    # dashed sides: 2-cell cages have 6 outer sides each, joined as render.py draws them
    # (a side runs on into the next cell of its cage: no gap at the joint)
    lines = driver.find_elements(By.CSS_SELECTOR, "#run0 g.cage line")
    assert len(lines) == 18
    three = next(e for e in sums if e.text == "3")
    cs = float(three.get_attribute("x")) / 0.12  # the sum sits 0.12 of a cell from the left
    drawn = {
        tuple(round(float(e.get_attribute(a)) / cs, 3) for a in ("x1", "y1", "x2", "y2"))
        for e in lines
    }
    from sudograph.render import variant_marks

    want = {tuple(round(c, 3) for c in seg) for seg in variant_marks(grid).cages}
    assert drawn == want
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


# -- QA fixes: narrow screens, the seek slider, keys whatever has focus, French only ----------
NARROW_PAGES = {
    "9x9": lambda: visualize(Grid.parse(HARD), "propagate"),
    "16x16": lambda: visualize(Grid.empty(4), "propagate", max_steps=300),
    "compare": lambda: visualize(Grid.parse(BACKTRACKS), ["naive", "dsatur"]),
    "petersen": lambda: visualize(petersen_graph(), "naive"),
}

WIDTHS = """
const root = document.documentElement, right = sel => Math.max(0, ...Array.from(
  document.querySelectorAll(sel)).map(e => e.getBoundingClientRect().right));
return {
  scroll: root.scrollWidth, client: root.clientWidth, depth: right('[data-counter="depth"]'),
  svgs: Array.from(document.querySelectorAll("svg")).map(s => {
    const r = s.getBoundingClientRect(); return [r.left, r.right, r.width, r.height];
  }),
};
"""


@pytest.fixture
def narrow(driver: Any) -> Iterator[Any]:
    """The browser as a 400×700 screen (headless Chromium's window cannot go below 500 px,
    the DevTools emulation can)."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 400, "height": 700, "deviceScaleFactor": 1, "mobile": False},
    )
    try:
        yield driver
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("name", sorted(NARROW_PAGES))
def test_a_narrow_screen_scrolls_no_sideways(narrow: Any, load: Any, name: str) -> None:
    """On a phone-wide screen the views shrink (keeping their square shape) and the counters
    wrap: nothing sticks out to the right, not even the depth counter."""
    load(NARROW_PAGES[name]())
    click(narrow, "end")  # the widest numbers
    w = narrow.execute_script(WIDTHS)
    assert w["client"] <= 400 and w["scroll"] <= w["client"], w
    assert 0 < w["depth"] <= w["client"], w
    for left, right, width, height in w["svgs"]:
        assert left >= 0 and right <= w["client"] and width > 150, w
        assert abs(width - height) < 2  # scaled, not cropped


def test_a_wide_screen_keeps_the_full_size_views(driver: Any, load: Any) -> None:
    load(visualize(Grid.parse(HARD), "propagate"))
    widths = [round(s[2]) for s in driver.execute_script(WIDTHS)["svgs"]]
    assert widths == [9 * 40 + 4, 480]  # the grid (cells of 40 px) and the graph, unscaled


SLIDER = """
const s = document.getElementById("seek");
return {value: Number(s.value), min: Number(s.min), max: Number(s.max), type: s.type,
        label: s.getAttribute("aria-label"), text: s.getAttribute("aria-valuetext"),
        focused: document.activeElement === s};
"""


def slider(driver: Any) -> dict[str, Any]:
    got: dict[str, Any] = driver.execute_script(SLIDER)
    return got


@pytest.mark.parametrize("lang", sorted(LABELS))
def test_the_slider_is_labelled_and_follows_the_buttons(driver: Any, load: Any, lang: str) -> None:
    data = load(visualize(Grid.parse(BACKTRACKS), "naive", lang=lang))
    total = data["runs"][0]["total_events"]
    s = slider(driver)
    assert (s["type"], s["value"], s["min"], s["max"]) == ("range", 0, 0, total)
    assert s["label"] == LABELS[lang]["seek"]
    assert s["text"] == f"{LABELS[lang]['step']} 0 / {total}"
    click(driver, "step", 3)
    assert slider(driver)["value"] == 3 == snapshot(driver)["step"]
    click(driver, "next-backtrack")
    assert slider(driver)["value"] == snapshot(driver)["step"] > 3
    snap = play_to_end(driver, total)
    assert slider(driver)["value"] == total == snap["step"]


def test_the_slider_jumps_to_any_step(driver: Any, load: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    grid = Grid.parse(BACKTRACKS)
    events = trace_run(grid.problem, "naive").events
    load(visualize(grid, "naive"))
    seek = driver.find_element(By.ID, "seek")
    ActionChains(driver).move_to_element(seek).click().perform()  # the middle of the track
    step = snapshot(driver)["step"]
    assert abs(step - len(events) / 2) < len(events) / 5 and slider(driver)["focused"]
    assert slider(driver)["value"] == step
    assert shown(snapshot(driver)) == expected(events, grid.problem, step, "1234", True)
    for key, moved in [(Keys.ARROW_RIGHT, 1), (Keys.ARROW_RIGHT, 1), (Keys.ARROW_LEFT, -1),
                       (Keys.ARROW_UP, 1), (Keys.ARROW_DOWN, -1)]:  # fmt: skip
        seek.send_keys(key)  # one step each, not two (the page's and the slider's own)
        step += moved
        assert snapshot(driver)["step"] == step == slider(driver)["value"], key
    assert shown(snapshot(driver)) == expected(events, grid.problem, step, "1234", True)
    seek.send_keys(Keys.END)
    assert snapshot(driver)["step"] == len(events)
    seek.send_keys(Keys.HOME)
    assert snapshot(driver)["step"] == 0
    seek.send_keys("n")
    assert snapshot(driver)["backtracks"] == 1 and snapshot(driver)["kind"] == "undo"
    seek.send_keys(" ")
    assert snapshot(driver)["playing"] == "1"
    seek.send_keys(" ")
    assert snapshot(driver)["playing"] == "0"


@pytest.mark.parametrize("focus", ["speed", "btn-step", "btn-end", "seek", "body"])
def test_arrow_keys_step_whatever_has_focus(driver: Any, load: Any, focus: str) -> None:
    """→ and ← step even when the speed menu (or a button, or the slider) has the focus; the
    speed stays what it was."""
    from selenium.webdriver.common.keys import Keys

    load(visualize(Grid.parse(BACKTRACKS), "naive"))
    click(driver, "step", 5)
    if focus != "body":
        driver.execute_script("document.getElementById(arguments[0]).focus()", focus)
    active = driver.switch_to.active_element
    speed = driver.execute_script("return document.getElementById('speed').value")
    step = snapshot(driver)["step"]
    active.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_LEFT)
    assert snapshot(driver)["step"] == step + 1
    active.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    assert snapshot(driver)["step"] == step - 1
    assert driver.execute_script("return document.getElementById('speed').value") == speed


def test_playing_is_set_from_the_start(driver: Any, load: Any) -> None:
    from selenium.webdriver.support.ui import Select

    load(visualize(Grid.parse(BACKTRACKS), "naive"))
    assert snapshot(driver)["playing"] == "0"
    from selenium.webdriver.common.by import By

    Select(driver.find_element(By.ID, "speed")).select_by_value("1")
    click(driver, "play")
    assert snapshot(driver)["playing"] == "1"
    click(driver, "pause")
    assert snapshot(driver)["playing"] == "0"


TEXT = """
const attrs = Array.from(document.querySelectorAll("[aria-label],[aria-valuetext],[title]"))
  .map(e => [e.getAttribute("aria-label"), e.getAttribute("aria-valuetext"),
             e.getAttribute("title")].filter(Boolean).join(" "));
return [document.title, document.body.innerText, ...attrs].join("\\n");
"""


def page_words(driver: Any) -> set[str]:
    """The words (two letters or more) the page shows, at its start, after a few steps, at
    its first backtrack and at its end: text, accessible names, title."""
    import re

    words: set[str] = set()
    for button, times in [("start", 1), ("step", 3), ("next-backtrack", 1), ("end", 1)]:
        click(driver, button, times)
        words |= {w.lower() for w in re.findall(r"[^\W\d_]{2,}", driver.execute_script(TEXT))}
    return words


FR_PAGES = {
    "grid-stopped": lambda lang: visualize(
        Grid.parse(BACKTRACKS), ["naive", "dsatur"], lang=lang, max_nodes=5
    ),
    "grid-capped": lambda lang: visualize(Grid.parse(HARD), "propagate", lang=lang, max_steps=50),
    "petersen": lambda lang: visualize(petersen_graph(), "mrv", k=2, lang=lang),
}


@pytest.mark.parametrize("name", sorted(FR_PAGES))
def test_the_french_page_has_no_english_word(driver: Any, load: Any, name: str) -> None:
    """Every word the English page shows that the French page shows too is French as well
    (a word of the French labels or descriptions, e.g. *pause*, *solution*) or the name of a
    method (``naive``, ``propagate``: what ``--method`` takes)."""
    import re

    from sudograph.visualize import DESCRIPTIONS_FR, TRACEABLE

    load(FR_PAGES[name]("en"))
    english = page_words(driver)
    load(FR_PAGES[name]("fr"))
    french = page_words(driver)
    vocabulary = {
        w.lower()
        for text in [*LABELS["fr"].values(), *DESCRIPTIONS_FR.values()]
        for w in re.findall(r"[^\W\d_]{2,}", text)
    }
    assert french & english - vocabulary - set(TRACEABLE) == set()
    assert {"nodes", "step", "keys"} <= english  # the check sees them
    if name.startswith("grid"):  # a cell is L1C2 (ligne, colonne), not r1c2 (row, column)
        click(driver, "start")
        click(driver, "step")
        event = driver.find_element("css selector", '#run0 [data-field="event"]').text
        assert re.search(r"\bL\d+C\d+\b", event) and not re.search(r"\br\d+c\d", event)


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
