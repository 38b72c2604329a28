"""Every page for every learner (issue 43, clauses 3-5), measured in Chromium.

* axe-core (``axe-playwright-python``) audits every notebook in Voila (every cell run, every widget
  drawn) and in the static site (as it opens, the whole page: the lesson and JupyterLab's interface
  around it, then with the file filter pressed, a menu and a submenu open, the command palette, the
  table of contents and the running sessions shown, and after a cell is run with the keyboard)
  against WCAG 2.0, 2.1 and 2.2 A and AA: no critical and no serious violation anywhere on the page.
* Every clickable card, cell and button of every notebook (buttons, inputs, slider handles and the
  pictures' click targets) is at least 24 × 24 CSS px (WCAG 2.2's target size), in a 1280 px wide
  window and in a 320 px one, where a picture keeps the width its targets need and scrolls sideways
  in its own box (every game's table; Le Plateau's bidding cells are measured by name): measured
  from Chromium's bounding boxes, the smallest recorded per notebook and width. At 320 px the arrow
  keys still reach every target of Le Plateau's table, each scrolled wholly into view and ringed.
* At 320 CSS px wide (a phone, or a 1280 px window at 400 % zoom) and at 640 CSS px (200 % zoom) no
  prose of the lesson and no words inside a widget are cut off or scroll sideways, and neither does
  the page: scrollWidth against clientWidth (a table of numbers or a picture scrolls in its own box).
* A Coloretto table drawn in Chromium, its pixels seen through deuteranopia (colorspacious on the
  screenshot), keeps its seven card colours apart.

Screenshots land in tests/browser/screenshots/ (a-11y-*.png) for a person to look at.
"""

from __future__ import annotations

import itertools
import random

import pytest

from . import browser_harness as harness
from .browser_harness import record
from .test_site_in_browser import READY_MS, open_in_site, site_url  # noqa: F401  (site_url: the fixture)

axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")

NOTEBOOKS = sorted(path.name for path in harness.NOTEBOOKS.glob("*.ipynb"))
STANDARDS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]},
             "resultTypes": ["violations"]}
BLOCKING = ("critical", "serious")
TARGET_PX = 24
DESKTOP = {"width": 1280, "height": 900}

# Everything a learner can click, as the page marks it.
CLICKABLE = ("button, [role=button], [role=slider], [role=checkbox], [role=radio], [role=tab], select, "
             "input:not([type=hidden]), textarea, summary, [data-target]")
# Prose: the lesson's text and the text outputs; words inside widgets, measured the same way.
PROSE = (".jp-RenderedMarkdown p, .jp-RenderedMarkdown li, .jp-RenderedMarkdown h1, .jp-RenderedMarkdown h2, "
         ".jp-RenderedMarkdown h3, .jp-RenderedText pre")
WIDGET_WORDS = ".widget-html-content p, .widget-label"


def audit(page) -> dict:
    """axe-core's violations in ``page``, counted by impact, with a line per violation naming where it is."""
    results = axe_module.Axe().run(page, options=STANDARDS).response
    found = {"lines": [], **{impact: 0 for impact in ("critical", "serious", "moderate", "minor")}}
    for violation in results["violations"]:
        found[violation["impact"]] += len(violation["nodes"])
        targets = "; ".join(" ".join(node["target"]) for node in violation["nodes"][:3])
        found["lines"].append(f"{violation['impact']} {violation['id']} ×{len(violation['nodes'])}: "
                              f"{violation['help']} ({targets} | {violation['nodes'][0]['html'][:200]})")
    return found


def blocking(found: dict) -> list[str]:
    return [line for line in found["lines"] if line.startswith(BLOCKING)]


@pytest.fixture(scope="module")
def voila_pages(browser, voila_server):
    """Each notebook opened once in Voila in a 1280 px wide window (every cell run, every widget drawn)."""
    browser.require()
    opened = {}

    def page_of(notebook: str):
        if notebook not in opened:
            page, watch, _ = harness.open_in_voila(browser.context, voila_server, notebook)
            page.set_viewport_size(DESKTOP)
            opened[notebook] = page
        return opened[notebook]

    yield page_of
    for page in opened.values():
        page.close()


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_axe_finds_nothing_critical_or_serious_in_voila(voila_pages, notebook):
    page = voila_pages(notebook)
    found = audit(page)
    record(notebook, "axe_voila_moderate", found["moderate"])
    record(notebook, "axe_voila_minor", found["minor"])
    assert not blocking(found), "\n".join(blocking(found))


TARGETS_JS = """selector => [...document.querySelectorAll(selector)].filter(element => {
        const box = element.getBoundingClientRect(), style = getComputedStyle(element);
        return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none'
            && !element.closest('[aria-hidden=true], .lm-mod-hidden') && !element.closest('p, li, td');
    }).map(element => {
        const box = element.getBoundingClientRect();
        return {what: (element.getAttribute('data-target') || element.getAttribute('aria-label')
                       || element.innerText || element.outerHTML).trim().slice(0, 80),
                tag: element.tagName.toLowerCase(), pictured: element.hasAttribute('data-target'),
                width: box.width, height: box.height};
    })"""


# Notebooks whose tables must be measured, by a target each must show: every game's play table, and
# Le Plateau's bidding cells.
TABLES = {"01_syndicate.ipynb": "card ", "02_plotters.ipynb": "card ", "03_coloretto.ipynb": "",
          "04_wimmuln.ipynb": "card ", "06_le_plateau_hand.ipynb": "bid ", "08_oh_hell.ipynb": ""}


@pytest.mark.parametrize("width", (DESKTOP["width"], 320))
@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_clickable_thing_is_at_least_24_px_square(voila_pages, notebook, width):
    """At 320 px too: a picture scrolls sideways in its own box rather than shrink its targets."""
    page = voila_pages(notebook)
    try:
        page.set_viewport_size({"width": width, "height": DESKTOP["height"]})
        page.wait_for_timeout(300)
        targets = page.evaluate(TARGETS_JS, CLICKABLE)
        if width < DESKTOP["width"] and notebook in TABLES:      # the table as a phone shows it, to look at
            page.set_viewport_size({"width": width, "height": 2400})
            page.wait_for_timeout(300)
            table, name = page.locator(".plateau-play-table").first, notebook.removesuffix(".ipynb")
            table.scroll_into_view_if_needed()
            table.screenshot(path=harness.SCREENSHOTS / f"a11y-{name}-table-{width}px.png")
            picture = table.locator(".pl-clickable").first                # and its picture scrolled to the end
            picture.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
            picture.screenshot(path=harness.SCREENSHOTS / f"a11y-{name}-table-{width}px-scrolled.png")
            picture.evaluate("box => { box.scrollLeft = 0; }")
    finally:
        page.set_viewport_size(DESKTOP)
    small = [f"{t['tag']} {t['what']!r}: {t['width']:.1f} × {t['height']:.1f}" for t in targets
             if min(t["width"], t["height"]) < TARGET_PX - 0.01]
    if targets:
        record(notebook, f"smallest_target_px_at_{width}_px", min(min(t["width"], t["height"]) for t in targets))
    pictured = [t for t in targets if t["pictured"]]
    if notebook in TABLES:
        assert any(t["what"].startswith(TABLES[notebook]) for t in pictured), f"no table's target measured in {notebook}"
    if pictured:
        record(notebook, f"smallest_picture_target_px_at_{width}_px", min(min(t["width"], t["height"]) for t in pictured))
    assert not small, f"{len(small)} of {len(targets)} targets under {TARGET_PX} px:\n" + "\n".join(small[:30])


FOCUSED_JS = """() => {
    const part = document.activeElement, box = part.closest('.pl-clickable');
    const shown = part.getBoundingClientRect(), within = box.getBoundingClientRect();
    const ring = box.parentElement.querySelector('.pl-focus-ring').getBoundingClientRect();
    return {target: part.getAttribute('data-target'), scrolled: box.scrollLeft,
            whole: shown.left >= within.left - 1 && shown.right <= within.right + 1,
            ringed: ring.left <= shown.left && ring.right >= shown.right && ring.top <= shown.top
                    && ring.bottom >= shown.bottom};
}"""


def test_at_320_px_the_keyboard_reaches_every_target_of_a_picture_that_scrolls(voila_pages):
    """Le Plateau's table, wider than a 320 px window: from its last target back to its first with
    the arrow keys, each target in turn has the focus, wholly in view in the picture's box (which
    scrolls to show it) and ringed."""
    page = voila_pages("06_le_plateau_hand.ipynb")
    try:
        page.set_viewport_size({"width": 320, "height": DESKTOP["height"]})
        picture = page.locator(".plateau-play-table .pl-clickable").first
        try:        # the layout settles after the window shrinks: later on a busy machine
            page.wait_for_function("box => box.scrollWidth > box.clientWidth", arg=picture.element_handle(),
                                   timeout=30_000)
        except Exception:   # playwright's TimeoutError (imported by the harness only once Chromium is there)
            pytest.fail("the picture fits: nothing to scroll")
        picture.locator("[data-target][tabindex='0']").first.focus()
        page.keyboard.press("End")
        steps = [page.evaluate(FOCUSED_JS)]
        for _ in range(picture.locator("[data-target]").count()):
            page.keyboard.press("ArrowLeft")
            steps.append(page.evaluate(FOCUSED_JS))
    finally:
        page.set_viewport_size(DESKTOP)
    assert len({step["target"] for step in steps}) == picture.locator("[data-target]").count()
    assert not [step for step in steps if not (step["whole"] and step["ringed"])], steps
    assert len({step["scrolled"] for step in steps}) > 1, "the picture never scrolled to show a target"


OVERFLOW_JS = """selector => {
    const scrollsSideways = element => element.scrollWidth > element.clientWidth + 1
        && ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
    const shown = [...document.querySelectorAll(selector)].filter(element => element.getBoundingClientRect().width > 0);
    const words = element => element.innerText.trim().slice(0, 80);
    const scrolled = shown.filter(element => {
        for (let box = element; box; box = box.parentElement) {
            if (scrollsSideways(box) && !box.matches('pre, table, .jp-RenderedHTMLCommon table')) { return true; }
        }
        return false;
    }).map(element => words(element));
    const clipped = shown.filter(element => element.scrollWidth > element.clientWidth + 1
        && getComputedStyle(element).overflowX !== 'visible').map(element => words(element));
    const beyond = shown.filter(element => element.getBoundingClientRect().right > window.innerWidth + 1)
        .map(element => words(element));
    const page = document.scrollingElement;
    return {page: page.scrollWidth > page.clientWidth, scrolled, clipped, beyond,
            height: Math.max(page.scrollHeight, ...[...document.querySelectorAll('body, #rendered_cells')]
                                                        .map(element => element.scrollHeight))};
}"""


def settled(page, measure, width: int):
    """What ``measure()`` finds once the page's layout has settled after the window became ``width``
    wide: the window at that width and two frames drawn since, then the same findings twice in a row,
    250 ms apart (a busy machine lays the page out again late), at most 15 s."""
    page.wait_for_function("w => window.innerWidth === w", arg=width, timeout=30_000)
    page.evaluate(FRAMES_JS)
    last = None
    for _ in range(60):
        page.wait_for_timeout(250)
        now = measure()
        if now == last:
            return now
        last = now
    return last


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_pages_reflow_at_320_and_640_px_without_sideways_scrolling(voila_pages, notebook):
    """Prose neither scrolls sideways (in the page or in any box around it, a table or a block of code
    aside), nor is cut off, nor runs past the window's right edge."""
    page = voila_pages(notebook)
    try:
        for width in (320, 640):
            page.set_viewport_size({"width": width, "height": 800})
            found, in_widgets = settled(page, lambda: (page.evaluate(OVERFLOW_JS, PROSE),
                                                       page.evaluate(OVERFLOW_JS, WIDGET_WORDS)), width)
            widget_problems = sorted(set(in_widgets["scrolled"] + in_widgets["clipped"] + in_widgets["beyond"]))
            record(notebook, f"widget_words_not_reflowed_at_{width}_px", len(widget_problems))
            assert not widget_problems, f"at {width} px, words in widgets that scroll or are cut: {widget_problems[:8]}"
            if width == 320:          # the whole page: the window as tall as the lesson
                page.set_viewport_size({"width": width, "height": min(found["height"], 30_000)})
                page.wait_for_timeout(300)
                page.screenshot(path=harness.SCREENSHOTS / f"a11y-{notebook.removesuffix('.ipynb')}-320px.png")
            assert not found["page"], f"at {width} px the page scrolls sideways"
            for problem in ("scrolled", "clipped", "beyond"):
                assert not found[problem], f"at {width} px, prose {problem}: {found[problem][:5]}"
    finally:
        page.set_viewport_size(DESKTOP)


# -- the static site


@pytest.fixture(scope="module")
def site_page(browser, site_url):  # noqa: F811
    with browser.fresh_context() as context:
        opened = open_in_site(context, site_url, NOTEBOOKS[0])
        yield opened


FILE_FILTER = 'jp-button[data-command="filebrowser:toggle-file-filter"]'
# The notebook in front drawn whole: JupyterLab ("defer" windowing) adds its cells a few at a time.
DRAWN_JS = """() => { const notebook = window.jupyterapp.shell.currentWidget.content;
    const feed = notebook.node.querySelector('[role=feed]');
    return feed && feed.querySelectorAll(':scope > .jp-Cell').length === notebook.widgets.length; }"""
# Two frames: accessible.js mends what was drawn on the next one.
FRAMES_JS = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def test_axe_finds_nothing_critical_or_serious_in_the_site(site_page):
    """Each notebook as the site opens it, the whole page: the lesson (its text, and its outputs as
    committed: JupyterLab shows the words of an untrusted picture or widget until the page runs; the
    widgets themselves are audited in Voila) and JupyterLab's interface around it (its cells, editors,
    toolbars, file browser), as accessible.js names and mends it. Then the file browser's filter
    pressed, the File menu and its first submenu open, the command palette, the table of contents and
    the running sessions shown, and a code cell edited and run with the keyboard alone: it answers,
    and the page still has nothing critical or serious. (JupyterLab's settings editor is not audited.)"""
    page, problems = site_page.page, []
    for notebook in NOTEBOOKS:
        page.evaluate("async path => { await window.jupyterapp.commands.execute('docmanager:open', {path}); }",
                      f"notebooks/{notebook}")
        page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-MarkdownOutput").first.wait_for(timeout=READY_MS)
        page.wait_for_function(DRAWN_JS, timeout=READY_MS)
        page.evaluate(FRAMES_JS)
        found = audit(page)
        record(notebook, "axe_site_moderate", found["moderate"])
        record(notebook, "axe_site_minor", found["minor"])
        problems += [f"{notebook}: {line}" for line in blocking(found)]
    page.screenshot(path=harness.SCREENSHOTS / "a11y-site.png")
    page.locator(FILE_FILTER).click()
    page.wait_for_timeout(500)
    assert page.locator(FILE_FILTER).evaluate("b => b.shadowRoot.querySelector('button').getAttribute('aria-pressed')") \
        == "true", "the filter button does not say it is pressed"
    problems += [f"file filter pressed: {line}" for line in blocking(audit(page))]
    page.locator(FILE_FILTER).click()
    page.locator(".lm-MenuBar-item", has_text="File").click()       # a menu, and its submenu by the keyboard
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    page.locator(".lm-Menu").nth(1).wait_for()
    problems += [f"File menu open: {line}" for line in blocking(audit(page))]
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    for command in ("apputils:activate-command-palette", "toc:show-panel", "running:show-panel"):
        page.evaluate("command => window.jupyterapp.commands.execute(command)", command)
        page.wait_for_timeout(500)
        problems += [f"{command}: {line}" for line in blocking(audit(page))]
    page.keyboard.press("Escape")

    page.evaluate("async path => { await window.jupyterapp.commands.execute('docmanager:open', {path}); }",
                  f"notebooks/{NOTEBOOKS[0]}")
    cell = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell").first
    editor = cell.locator(".cm-content")
    assert editor.get_attribute("aria-label").startswith("Code cell "), editor.get_attribute("aria-label")
    cell.locator(".jp-InputPrompt").click()             # the cell selected, in command mode
    page.keyboard.press("Enter")                        # edit it
    page.keyboard.press("Control+a")
    page.keyboard.type("print(6 * 7)")
    page.keyboard.press("Shift+Enter")                  # run it
    page.wait_for_function("cell => cell.querySelector('.jp-OutputArea-output')?.innerText.trim() === '42'",
                           arg=cell.element_handle(), timeout=READY_MS)
    page.wait_for_timeout(500)
    page.screenshot(path=harness.SCREENSHOTS / "a11y-site-cell-run.png")
    problems += [f"after a cell ran: {line}" for line in blocking(audit(page))]
    assert not problems, "\n".join(problems)


# -- colour under simulated deuteranopia


def test_a_coloretto_table_keeps_its_colours_apart_under_deuteranopia(browser):
    """One card of each colour in a Coloretto collection, drawn by Chromium; the screenshot's pixels
    as a deuteranope sees them (colorspacious, severity 100): every two colours still at least 12
    apart in CAM02-UCS at the middle of the card's colour field. Both pictures are saved."""
    colorspacious = pytest.importorskip("colorspacious")
    numpy = pytest.importorskip("numpy")
    from io import BytesIO

    from PIL import Image

    from plateau_lab.core.render import padded, row
    from plateau_lab.games.coloretto.cards import COLOURS, parse_card
    from plateau_lab.games.coloretto.engine import new_game
    from plateau_lab.games.coloretto.render import CARD_W, card_picture, state_picture

    browser.require()
    page = browser.context.new_page()
    try:
        cards = padded(row([card_picture(parse_card(colour)) for colour in COLOURS], gap=10), 10, fill="#fff")
        state, moves = new_game(4, seed=5), random.Random(5)
        while state.round_number < 3:                   # collections of several colours by then
            state = state.apply(moves.choice(state.legal_actions()))
        table = state_picture(state, viewer=0)
        page.set_content(f"<body style='margin:0'><div id=cards style='display:inline-block'>{cards.svg()}</div>"
                         f"<div id=table style='display:inline-block'>{table.svg()}</div></body>")
        shots = {name: Image.open(BytesIO(page.locator(f"#{name}").screenshot())).convert("RGB")
                 for name in ("cards", "table")}
    finally:
        page.close()
    seen = {}
    for name, shot in shots.items():
        pixels = numpy.asarray(shot, dtype=float) / 255
        simulated = numpy.clip(colorspacious.cspace_convert(
            pixels, {"name": "sRGB1+CVD", "cvd_type": "deuteranomaly", "severity": 100}, "sRGB1"), 0, 1)
        seen[name] = simulated
        Image.fromarray((simulated * 255).round().astype("uint8")).save(
            harness.SCREENSHOTS / f"a11y-coloretto-{name}-deuteranopia.png")
        shot.save(harness.SCREENSHOTS / f"a11y-coloretto-{name}.png")
    # the colour field under the symbol, 6 px in from the card's left edge: 10 px margin, cards CARD_W
    # wide and 10 apart (in CSS px; the screenshot may hold more pixels to the CSS px)
    scale = shots["cards"].width / cards.width
    samples = {colour: seen["cards"][round(54 * scale), round((16 + index * (CARD_W + 10)) * scale)]
               for index, colour in enumerate(COLOURS)}
    close = [f"{one}/{other}: {distance:.1f}" for one, other in itertools.combinations(COLOURS, 2)
             if (distance := float(colorspacious.deltaE(samples[one], samples[other], input_space="sRGB1",
                                                         uniform_space="CAM02-UCS"))) < 12]
    assert not close, f"under deuteranopia these card colours come closer than 12: {close}"
