"""A picture the learner clicks: the SVG pictures of :mod:`plateau_lab.core.render`, made clickable.

The play table and the board explorer draw with the same SVG pictures as everywhere else; the
parts a learner may click carry a ``data-target`` attribute (see :func:`plateau_lab.core.render.target`). This widget, an
`anywidget <https://anywidget.dev>`_ (it works in JupyterLab, Notebook 7 and Voilà), shows the
SVG, marks the targets listed in ``legal`` as playable and dims the other targets (none while
nothing is legal: someone else is to act), rings the parts listed in ``marked`` (picked: raised, a
solid gold ring), ``hinted`` (a dashed green ring) and ``last`` (the last move: a thin blue ring),
targets or parts named with :func:`plateau_lab.core.render.named` (:data:`MARK_LOOKS`), and reports a
click as a message ``{"kind": "click", "target": ...}`` to the kernel. Python code reacts with
:meth:`ClickablePicture.on_click`; tests send the same message with :meth:`ClickablePicture.click`.

The keyboard plays as the mouse does: the picture is one stop of the Tab key (its first legal target,
or the one last chosen), the arrow keys move among its targets in reading order (left and right along
a row, up and down to the nearest target of the row above or below; Home and End), Enter or Space
chooses, and a ring drawn over the page shows where the focus is. For a screen reader each target
is a button named by ``labels`` (the move's words), a faded one is marked unavailable, ``words`` is
the picture's text alternative (shown on the page too when ``words_shown``) and :meth:`ClickablePicture.say`
speaks through a live region. The picture shrinks with a narrow window only down to the width at
which its smallest target still measures :data:`TARGET_PX` CSS px; narrower, it scrolls sideways in
its own box (the focus scrolls a target into view) while the words around it reflow.

>>> from plateau_lab.core.render import Picture, target
>>> card = Picture.box(40, 60)
>>> _ = target(card.group, "play 10H")
>>> picture = ClickablePicture(svg=card.svg(), legal=["play 10H"])
>>> clicks = []
>>> picture.on_click(clicks.append)
>>> picture.click("play 10H")
>>> clicks
['play 10H']
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable

import anywidget
import ipywidgets as widgets
import traitlets

__all__ = ["FADED_WORDS", "MARK_LOOKS", "TARGET_PX", "ClickablePicture", "marks_key_html", "part_classes", "standalone_html",
           "words_checkbox"]


#: How each kind of mark looks, one look per meaning, and what it means in the table's key
#: (:func:`marks_key_html`): the card picked for a move of several clicks is raised with a solid gold
#: ring; the move suggested to the learner (the hint's, a guided game's) has a dashed green ring; the
#: last move a thin blue ring. ``gap``: how far the ring stands off the part's edge, inside it when
#: negative (the suggestion's ring lies just inside the card, the last move's just outside, so that
#: two marks on one part both show and neither crosses a caption above the card). A target that may
#: not be clicked now is faded; a picked one never is (a click on it puts it back): :func:`part_classes`.
MARK_LOOKS = {
    "marked": {"class": "pl-picked", "stroke": "#d99a00", "width": 3, "dash": "", "raise": 4, "gap": 0,
               "words": "raised, solid gold ring: the card you picked (click it again to put it back)"},
    "hinted": {"class": "pl-hint", "stroke": "#1fbf55", "width": 3, "dash": "7 4", "raise": 0, "gap": -4,
               "words": "dashed green ring: the move suggested to you"},
    "last": {"class": "pl-last", "stroke": "#1a73e8", "width": 2, "dash": "", "raise": 0, "gap": 3,
             "words": "thin blue ring: the last move"},
}
#: The words of the key for a faded target.
FADED_WORDS = "faded: you may not click it now"
#: The smallest a click target is drawn, in CSS px (WCAG 2.2's target size): a picture keeps a width
#: at which its smallest target measures this much, and scrolls sideways in its own box in a
#: narrower window.
TARGET_PX = 24

_NAMES = re.compile(r'data-(target|name)="([^"]*)"')


def part_classes(svg: str, *, legal=(), marked=(), hinted=(), last=()) -> dict[str, str]:
    """The classes of each named part of ``svg`` (click targets and :func:`named` parts), by name:
    ``pl-legal`` for a target that may be clicked (a legal one, or a picked one, which a click puts
    back), ``pl-dimmed`` for any other target while some are legal, and each mark's class
    (:data:`MARK_LOOKS`). A picked target is never dimmed.

    >>> from plateau_lab.core.render import Picture, row, target
    >>> cards = [Picture.box(40, 60) for _ in range(3)]
    >>> for name, card in zip(("card A", "card B", "card C"), cards):
    ...     _ = target(card.group, name)
    >>> part_classes(row(cards).svg(), legal=["card B"], marked=["card A"])
    {'card A': 'pl-legal pl-picked', 'card B': 'pl-legal', 'card C': 'pl-dimmed'}
    """
    legal, picked = set(legal), set(marked)
    classes: dict[str, list[str]] = {}
    for kind, escaped in _NAMES.findall(svg):
        name = html.unescape(escaped)
        if kind == "target":
            classes[name] = (["pl-legal"] if name in legal or name in picked else
                             ["pl-dimmed"] if legal else [])
        else:
            classes.setdefault(name, [])
    for kind, names in (("marked", marked), ("hinted", hinted), ("last", last)):
        for name in names:
            if name in classes:
                classes[name].append(MARK_LOOKS[kind]["class"])
    return {name: " ".join(found) for name, found in classes.items()}


def _swatch(look: dict | None) -> str:
    """A small drawing of a mark's ring (or of a faded card) for the key."""
    if look is None:
        return ("<svg width='22' height='16' style='vertical-align:middle'><rect x='3' y='2' width='16' height='12' "
                "rx='2' fill='#888' opacity='0.45'/></svg>")
    dash = f" stroke-dasharray='{look['dash']}'" if look["dash"] else ""
    return (f"<svg width='22' height='16' style='vertical-align:middle'><rect x='2' y='2' width='18' height='12' "
            f"rx='3' fill='none' stroke='{look['stroke']}' stroke-width='{look['width']}'{dash}/></svg>")


def marks_key_html(kinds, *, faded: bool = False) -> str:
    """The key to the marks drawn now: one entry per kind of mark in ``kinds`` (keys of
    :data:`MARK_LOOKS`), and one for faded targets when ``faded``; empty when nothing is marked.

    >>> "dashed green ring" in marks_key_html(["hinted"]), marks_key_html([])
    (True, '')
    """
    entries = [f"{_swatch(MARK_LOOKS[kind])} {MARK_LOOKS[kind]['words']}" for kind in MARK_LOOKS if kind in kinds]
    entries += [f"{_swatch(None)} {FADED_WORDS}"] if faded else []
    return ("<div class='plateau-marks-key' style='font-size:13px;color:#333'>" + " · ".join(entries) + "</div>"
            if entries else "")


# Draws the classes of :func:`part_classes` and the marks' rings on the SVG in ``root``: the same
# function serves the widget and a page written by :func:`standalone_html` (for screenshots).
_DECORATE = """
const LOOKS = %s;  // MARK_LOOKS
// Returns whether a ring could not be placed because the picture is not laid out yet (a page still
// hidden, as Voila keeps it while it renders): the widget then decorates again once it has a size.
function decorate(root, classes, labels = {}) {
  const ns = "http://www.w3.org/2000/svg";
  let unplaced = false;
  for (const part of root.querySelectorAll("[data-name], [data-target]")) {
    const target = part.getAttribute("data-target");
    const name = target === null ? part.getAttribute("data-name") : target;
    const found = (classes[name] || "").split(" ").filter((word) => word);
    for (const word of found) part.classList.add(word);
    if (target !== null) {
      part.setAttribute("role", "button");
      part.setAttribute("aria-label", labels[name] || name);
      part.setAttribute("tabindex", found.includes("pl-legal") ? "0" : "-1");
      if (found.includes("pl-dimmed")) part.setAttribute("aria-disabled", "true");
    }
    for (const look of Object.values(LOOKS)) {
      if (!found.includes(look.class)) continue;
      const box = part.getBBox();
      if (!box.width || !box.height) { unplaced = true; continue; }
      const gap = look.gap + look.width / 2;
      const ring = document.createElementNS(ns, "rect");
      const attributes = {x: box.x - gap, y: box.y - gap, width: box.width + 2 * gap,
        height: box.height + 2 * gap, rx: 7, fill: "none", stroke: look.stroke,
        "stroke-width": look.width, "pointer-events": "none", class: "pl-ring"};
      if (look.dash) attributes["stroke-dasharray"] = look.dash;
      for (const [key, value] of Object.entries(attributes)) ring.setAttribute(key, value);
      part.appendChild(ring);
      let front = part;            // drawn last, so that the ring shows over its neighbours
      while (front.parentNode.children.length === 1 && front.parentNode.parentNode
             && front.parentNode.tagName !== "svg") front = front.parentNode;
      front.parentNode.appendChild(front);
      if (look.raise) {
        part.setAttribute("transform", `translate(0,-${look.raise}) ` + (part.getAttribute("transform") || ""));
      }
    }
  }
  return unplaced;
}
""" % json.dumps(MARK_LOOKS)

_ESM = _DECORATE + """
// The targets of a picture in reading order: rows from the top (parts whose middles lie within half
// a part's height of each other), each from the left.
function inReadingOrder(root) {
  const placed = [...root.querySelectorAll("[data-target]")].map((part) => {
    const box = part.getBoundingClientRect();
    return {part, x: box.left + box.width / 2, y: box.top + box.height / 2, height: box.height};
  }).sort((a, b) => a.y - b.y);
  const rows = [];
  for (const item of placed) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(item.y - row[0].y) < Math.max(row[0].height, item.height) / 2) row.push(item);
    else rows.push([item]);
  }
  rows.forEach((row, index) => row.forEach((item) => { item.row = index; }));
  return rows.map((row) => row.sort((a, b) => a.x - b.x)).flat();
}

// The target an arrow key moves to from ``from``: the next or previous one in reading order (left,
// right), the nearest in the row above or below (up, down), the first or last (Home, End).
function nextTarget(order, from, key) {
  const at = order.findIndex((item) => item.part === from);
  if (at < 0) return order.length ? order[0].part : null;
  if (key === "Home") return order[0].part;
  if (key === "End") return order[order.length - 1].part;
  if (key === "ArrowRight") return order[Math.min(at + 1, order.length - 1)].part;
  if (key === "ArrowLeft") return order[Math.max(at - 1, 0)].part;
  const row = order[at].row + (key === "ArrowDown" ? 1 : -1);
  const candidates = order.filter((item) => item.row === row);
  if (!candidates.length) return from;
  candidates.sort((a, b) => Math.abs(a.x - order[at].x) - Math.abs(b.x - order[at].x));
  return candidates[0].part;
}

const MOVES = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]);

// The smallest a target may be drawn, in CSS px (WCAG 2.2's target size).
const TARGET_PX = %d;

// Keeps the picture wide enough that its smallest target measures TARGET_PX or more: a narrower
// window scrolls the picture sideways in its own box (a table of cards needs two dimensions, so WCAG
// exempts it from reflowing) and the page's words still reflow. Returns whether the picture was laid
// out (a hidden page's is not: then again once it has a size).
function fitTargets(root) {
  const svg = root.querySelector("svg");
  const width = svg ? svg.getBoundingClientRect().width : 0;
  if (!width) return false;
  let smallest = Infinity;
  for (const part of root.querySelectorAll("[data-target]")) {
    const box = part.getBoundingClientRect();
    if (box.width && box.height) smallest = Math.min(smallest, box.width, box.height);
  }
  svg.style.minWidth = smallest === Infinity ? "" : `${Math.ceil(TARGET_PX * width / smallest)}px`;
  return true;
}

// The panels of our tables (ipywidgets' Accordion: New game, Save or load) open by keyboard too: their
// headers, plain boxes in ipywidgets, become buttons the Tab key reaches, saying whether they are open.
const PANELS = ":is(.plateau-play-table, .plateau-shared-table, .plateau-guided-table, .plateau-analysis-board) "
  + ".jupyter-widget-Collapse-header:not([data-pl-keys])";
function panelsByKeyboard() {
  for (const header of document.querySelectorAll(PANELS)) {
    header.setAttribute("data-pl-keys", "");
    header.setAttribute("role", "button");
    header.tabIndex = 0;
    const said = () => header.setAttribute("aria-expanded",
      String(header.parentElement.classList.contains("jupyter-widget-Collapse-open")));
    said();
    new MutationObserver(said).observe(header.parentElement, {attributes: true, attributeFilter: ["class"]});
    header.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      header.click();
    });
  }
}
if (!window.__plateauPanels) {
  let pending = false;
  window.__plateauPanels = new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; panelsByKeyboard(); });
  });
  window.__plateauPanels.observe(document.body, {childList: true, subtree: true});
}

function render({ model, el }) {
  const frame = document.createElement("div");
  frame.className = "pl-frame";
  const root = document.createElement("div");
  root.className = "pl-clickable";
  root.setAttribute("role", "group");
  root.tabIndex = -1;                 // holds the focus while the picture has no target
  const ring = document.createElement("div");
  ring.className = "pl-focus-ring";
  ring.setAttribute("aria-hidden", "true");
  const words = document.createElement("div");
  words.className = "pl-words";
  words.setAttribute("role", "region");
  const live = document.createElement("div");
  live.className = "pl-live pl-sr-only";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  frame.append(root, ring, words, live);
  el.appendChild(frame);
  let unplaced = false, fitted = false;
  let current = null;                // the name of the target the Tab key reaches (roving focus)
  function showRing(part) {
    if (!part) { ring.style.display = "none"; return; }
    const box = part.getBoundingClientRect(), outer = frame.getBoundingClientRect();
    Object.assign(ring.style, {display: "block", left: `${box.left - outer.left - 4}px`,
      top: `${box.top - outer.top - 4}px`, width: `${box.width + 8}px`, height: `${box.height + 8}px`});
  }
  function rove(part, focus) {
    for (const other of root.querySelectorAll("[data-target]")) other.setAttribute("tabindex", "-1");
    if (!part) return;
    part.setAttribute("tabindex", "0");
    current = part.getAttribute("data-target");
    if (focus) part.focus();
  }
  function draw() {
    const focused = root.contains(document.activeElement);
    if (!focused) current = null;    // the Tab key enters at the first legal target, as on a fresh page
    root.innerHTML = model.get("svg");
    // only a picture not laid out yet is decorated again (a part of no size in a shown one stays so)
    unplaced = decorate(root, model.get("classes"), model.get("labels")) && !root.offsetWidth;
    fitted = fitTargets(root);
    const parts = [...root.querySelectorAll("[data-target]")];
    const named = (name) => parts.find((part) => part.getAttribute("data-target") === name);
    const legal = parts.filter((part) => part.classList.contains("pl-legal"));
    rove((legal.includes(named(current)) && named(current)) || legal[0] || named(current) || parts[0], false);
    const keep = root.querySelector("[data-target][tabindex='0']");
    if (focused) (keep || root).focus({preventScroll: true});
    showRing(focused ? keep : null);
  }
  function describe() {
    const lines = model.get("words");
    words.setAttribute("aria-label", model.get("title") || "The picture in words");
    root.setAttribute("aria-label", model.get("title") || "A picture");
    words.classList.toggle("pl-sr-only", !model.get("words_shown"));
    words.replaceChildren(...lines.map((line) => {
      const item = document.createElement("p");
      item.textContent = line;
      return item;
    }));
    words.style.display = lines.length ? "" : "none";
  }
  let said = 0;
  function announce() {
    const {text, serial} = model.get("announcement");
    if (!serial || serial === said) return;
    said = serial;
    live.textContent = "";           // cleared first, so that the same sentence twice is said twice
    setTimeout(() => { live.textContent = text; }, 60);
    // said, then gone: a sentence left in the region would be read again out of its time
    setTimeout(() => { if (said === serial) live.textContent = ""; }, 10000);
  }
  new ResizeObserver(() => {
    if (unplaced && root.offsetWidth) draw();
    else if (!fitted) fitted = fitTargets(root);
  }).observe(root);
  function send(event) {
    const part = event.target.closest("[data-target]");
    if (!part || !root.contains(part)) return;
    if (event.type === "keydown") {
      if (MOVES.has(event.key)) {
        event.preventDefault();
        rove(nextTarget(inReadingOrder(root), part, event.key), true);
        return;
      }
      if (event.key !== "Enter" && event.key !== " ") return;
    }
    event.preventDefault();
    rove(part, false);
    model.send({ kind: "click", target: part.getAttribute("data-target") });
  }
  root.addEventListener("click", send);
  root.addEventListener("keydown", send);
  root.addEventListener("focusin", (event) => {
    const part = event.target.closest("[data-target]");
    if (part) part.scrollIntoView({block: "nearest", inline: "nearest"});   // whole, in a picture that scrolls
    showRing(part);
  });
  root.addEventListener("focusout", () => showRing(null));
  root.addEventListener("scroll", () => showRing(root.querySelector("[data-target]:focus")));
  model.on("change:svg", draw);
  model.on("change:classes", draw);
  model.on("change:labels", draw);
  model.on("change:words", describe);
  model.on("change:title", describe);
  model.on("change:words_shown", describe);
  model.on("change:announcement", announce);
  model.on("msg:custom", (message) => {
    if (message && message.do === "focus") (root.querySelector("[data-target][tabindex='0']") || root).focus();
  });
  describe();
  draw();
}
export default { render };
""" % TARGET_PX

_CSS = """
.pl-clickable { overflow-x: auto; padding: 6px; }
.pl-clickable svg { max-width: 100%; height: auto; display: block; overflow: visible; }
.pl-clickable [data-target] { cursor: not-allowed; }
.pl-clickable [data-target].pl-dimmed { opacity: 0.45; }
.pl-clickable [data-target].pl-legal { cursor: pointer; }
.pl-clickable [data-target].pl-legal:hover { filter: drop-shadow(0 0 4px #1a73e8); }
.pl-clickable [data-target]:focus { outline: none; }
.pl-clickable:focus-visible { outline: 3px solid #0b3d91; outline-offset: 2px; }
.pl-frame { position: relative; }
:is(.plateau-play-table, .plateau-analysis-board, .plateau-guided-table, .plateau-shared-table, .plateau-exercise)
  :is(button, input, select, textarea, summary, [tabindex]:not([data-target]):not(.pl-clickable)):focus-visible {
  outline: 3px solid #0b3d91 !important; outline-offset: 2px; }
.pl-focus-ring { display: none; position: absolute; pointer-events: none; border: 3px solid #0b3d91;
  border-radius: 8px; box-shadow: 0 0 0 2px #ffffff, inset 0 0 0 2px #ffffff; z-index: 2; }
.pl-words { font-size: 14px; color: #1a1a1a; margin: 6px 0; }
.pl-words p { margin: 2px 0; }
.pl-sr-only { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
.pl-clickable .pl-picked { filter: drop-shadow(0 3px 3px rgba(0, 0, 0, 0.45)); }
"""


def standalone_html(svg: str, *, legal=(), marked=(), hinted=(), last=()) -> str:
    """A web page showing ``svg`` with its marks drawn as the widget draws them (the same classes,
    script and style): for a screenshot of the table without a notebook server.

    >>> page = standalone_html("<svg></svg>", marked=["card 7H"])
    >>> "decorate(" in page and "pl-picked" in page
    True
    """
    classes = json.dumps(part_classes(svg, legal=legal, marked=marked, hinted=hinted, last=last))
    return (f"<!doctype html><html><head><meta charset='utf-8'><style>body{{margin:16px;background:#fff}}{_CSS}"
            f"</style></head><body><div class='pl-clickable' id='root'>{svg}</div><script>{_DECORATE}"
            f"decorate(document.getElementById('root'), {classes});</script></body></html>")


class ClickablePicture(anywidget.AnyWidget):
    """An SVG whose parts marked with :func:`target` report clicks; ``legal`` ones are highlighted,
    the other targets faded, and the parts in ``marked``, ``hinted`` and ``last`` ringed, each its own
    way (:data:`MARK_LOOKS`)."""

    _esm = _ESM
    _css = _CSS
    svg = traitlets.Unicode("").tag(sync=True)
    legal = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    #: Parts picked or chosen (the card picked for a move of two clicks, an exercise's answer): raised,
    #: with a solid gold ring, never dimmed; targets or :func:`named` parts.
    marked = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    #: Parts of the hint's move: a dashed green ring.
    hinted = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    #: Parts of the last move: a thin blue ring.
    last = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    #: The classes of each named part, from the traits above (:func:`part_classes`): what the page draws.
    classes = traitlets.Dict(default_value={}).tag(sync=True)
    #: The name a screen reader says for each target, by target (the target's own name when missing):
    #: the move's words, such as ``play the 9 of diamonds``.
    labels = traitlets.Dict(default_value={}).tag(sync=True)
    #: The picture's text alternative, one sentence a line (:func:`plateau_lab.core.table_words.table_words`
    #: at a table); read by a screen reader, shown on the page too when ``words_shown``.
    words = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    words_shown = traitlets.Bool(False).tag(sync=True)
    #: What the picture is, in a few words: the name of the picture's group and of its words.
    title = traitlets.Unicode("").tag(sync=True)
    #: The last sentence said through the page's live region (:meth:`say`) and its number.
    announcement = traitlets.Dict(default_value={"text": "", "serial": 0}).tag(sync=True)

    @traitlets.observe("svg", "legal", "marked", "hinted", "last")
    def _classify(self, _change=None) -> None:
        self.classes = part_classes(self.svg, legal=self.legal, marked=self.marked, hinted=self.hinted,
                                    last=self.last)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._classify()
        self._click_handlers: list[Callable[[str], None]] = []
        self.on_msg(self._received)

    def on_click(self, handler: Callable[[str], None]) -> None:
        """Call ``handler(target)`` whenever the learner clicks a marked part (legal or not)."""
        self._click_handlers.append(handler)

    def say(self, text: str) -> None:
        """Have a screen reader say ``text`` (a move, a refusal, the coach's sentence) through the
        picture's live region; the same sentence said again is said again.

        >>> picture = ClickablePicture()
        >>> picture.say("Player 1 plays the 9 of hearts.")
        >>> picture.announcement
        {'text': 'Player 1 plays the 9 of hearts.', 'serial': 1}
        """
        self.announcement = {"text": text, "serial": self.announcement["serial"] + 1}

    def click(self, name: str) -> None:
        """Act as if the learner clicked the part named ``name``: the message the page would send."""
        self._received(self, {"kind": "click", "target": name}, [])

    def _received(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict) or content.get("kind") != "click":
            return
        name = content.get("target")
        if isinstance(name, str):
            for handler in self._click_handlers:
                handler(name)


def words_checkbox(picture: ClickablePicture) -> widgets.Checkbox:
    """The box a learner ticks to read ``picture``'s words on the page too ("Show the table in
    words"; a screen reader reads them either way), as every table offers it.

    >>> picture = ClickablePicture(words=["You are player 0 of 3."])
    >>> box = words_checkbox(picture)
    >>> box.value = True
    >>> picture.words_shown
    True
    """
    box = widgets.Checkbox(description="Show the table in words", indent=False, layout=widgets.Layout(width="auto"))
    box.observe(lambda change: setattr(picture, "words_shown", change["new"]), names="value")
    return box
