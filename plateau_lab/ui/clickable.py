"""A picture the learner clicks: the SVG pictures of :mod:`plateau_lab.core.render`, made clickable.

The play table and the board explorer draw with the same SVG pictures as everywhere else; the
parts a learner may click carry a ``data-target`` attribute (see :func:`plateau_lab.core.render.target`). This widget, an
`anywidget <https://anywidget.dev>`_ (it works in JupyterLab, Notebook 7 and Voilà), shows the
SVG, marks the targets listed in ``legal`` as playable and dims the other targets (none while
nothing is legal: someone else is to act), makes the parts
listed in ``marked`` glow (targets, or parts named with :func:`plateau_lab.core.render.named`), and reports a
click as a message ``{"kind": "click", "target": ...}`` to the kernel. Python code reacts with
:meth:`ClickablePicture.on_click`; tests send the same message with :meth:`ClickablePicture.click`.

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

from collections.abc import Callable

import anywidget
import traitlets

__all__ = ["ClickablePicture"]


_ESM = """
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "pl-clickable";
  el.appendChild(root);
  function draw() {
    root.innerHTML = model.get("svg");
    const legal = new Set(model.get("legal"));
    const marked = new Set(model.get("marked"));
    for (const part of root.querySelectorAll("[data-name]")) {
      part.classList.toggle("pl-marked", marked.has(part.getAttribute("data-name")));
    }
    for (const part of root.querySelectorAll("[data-target]")) {
      const name = part.getAttribute("data-target");
      part.classList.toggle("pl-legal", legal.has(name));
      part.classList.toggle("pl-dimmed", legal.size > 0 && !legal.has(name));
      part.classList.toggle("pl-marked", marked.has(name));
      part.setAttribute("role", "button");
      part.setAttribute("aria-label", name);
      part.setAttribute("tabindex", legal.has(name) ? "0" : "-1");
    }
  }
  function send(event) {
    const part = event.target.closest("[data-target]");
    if (!part || !root.contains(part)) return;
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    model.send({ kind: "click", target: part.getAttribute("data-target") });
  }
  root.addEventListener("click", send);
  root.addEventListener("keydown", send);
  model.on("change:svg", draw);
  model.on("change:legal", draw);
  model.on("change:marked", draw);
  draw();
}
export default { render };
"""

_CSS = """
.pl-clickable svg { max-width: 100%; height: auto; display: block; }
.pl-clickable [data-target] { cursor: not-allowed; }
.pl-clickable [data-target].pl-dimmed { opacity: 0.45; }
.pl-clickable [data-target].pl-legal { cursor: pointer; }
.pl-clickable [data-target].pl-legal:hover { filter: drop-shadow(0 0 4px #1a73e8); }
.pl-clickable [data-target].pl-legal:focus { outline: none; filter: drop-shadow(0 0 4px #1a73e8); }
.pl-clickable .pl-marked { filter: drop-shadow(0 0 3px #d99a00) drop-shadow(0 0 5px #d99a00); }
"""


class ClickablePicture(anywidget.AnyWidget):
    """An SVG whose parts marked with :func:`target` report clicks; ``legal`` ones are highlighted."""

    _esm = _ESM
    _css = _CSS
    svg = traitlets.Unicode("").tag(sync=True)
    legal = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    #: Parts that glow gold (the last move, a card picked for a two-click move): targets or :func:`named` parts.
    marked = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._click_handlers: list[Callable[[str], None]] = []
        self.on_msg(self._received)

    def on_click(self, handler: Callable[[str], None]) -> None:
        """Call ``handler(target)`` whenever the learner clicks a marked part (legal or not)."""
        self._click_handlers.append(handler)

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
