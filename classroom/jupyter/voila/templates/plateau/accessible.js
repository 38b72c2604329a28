// plateau_lab's pages for every learner (issue 43): names that Jupyter's own renderers leave out.
// Loaded by the Voila page (index.html.j2) and by the static site's pages (tools/build_site.py).
// * A picture output (image/svg+xml) is drawn by JupyterLab as an <img> with no text alternative:
//   it gets the picture's own <title> (plateau_lab.ui.shown.Shown writes the learner's sentence there).
// * ipywidgets draws a slider's handle (role="slider") with no name: it gets the slider's label.
// * The Play widget's buttons show only an icon: they get the icon's meaning as their name.
// * A field or menu drawn without a description of its own, beside the words that say what it is (a
//   rule's name in the variant designer, say), gets those words as its name: the first label or line
//   of text in the row around it, numbered when the row holds several fields.
(function () {
  "use strict";
  var ICON_NAMES = {"fa-play": "Play", "fa-pause": "Pause", "fa-stop": "Stop", "fa-retweet": "Repeat"};

  function svgTitle(source) {
    var comma = source.indexOf(",");
    if (comma < 0) { return null; }
    var text;
    try {
      text = decodeURIComponent(source.slice(comma + 1));
    } catch (error) {
      return null;
    }
    var found = /<title>([\s\S]*?)<\/title>/.exec(text);
    if (!found) { return null; }
    var reader = document.createElement("textarea");
    reader.innerHTML = found[1];
    return reader.value.trim() || null;
  }

  function nameImages(root) {
    root.querySelectorAll('img[src^="data:image/svg+xml"]:not([alt])').forEach(function (image) {
      var title = svgTitle(image.getAttribute("src"));
      if (title) { image.setAttribute("alt", title); }
    });
  }

  function nameSliders(root) {
    root.querySelectorAll('.widget-slider [role="slider"]:not([aria-label]):not([aria-labelledby])')
      .forEach(function (handle) {
        var slider = handle.closest(".widget-slider");
        var label = slider && slider.querySelector(".widget-label");
        var words = label && label.textContent.trim();
        if (words) { handle.setAttribute("aria-label", words); }
      });
  }

  // Named here (data-pl-named), a button is named again when its icon changes (Play turns to Pause).
  function nameIconButtons(root) {
    root.querySelectorAll("button.jupyter-button:not([aria-label]), button[data-pl-named]").forEach(function (button) {
      if (button.textContent.trim()) { return; }
      var icon = button.querySelector("i");
      var name = button.getAttribute("title");
      if (!name && icon) {
        Object.keys(ICON_NAMES).forEach(function (iconClass) {
          if (icon.classList.contains(iconClass)) { name = ICON_NAMES[iconClass]; }
        });
      }
      if (name && button.getAttribute("aria-label") !== name) {
        button.setAttribute("aria-label", name);
        button.setAttribute("data-pl-named", "");
      }
    });
  }

  function labelled(control) {
    var labels = Array.prototype.filter.call(control.labels || [], function (label) {
      return label.textContent.trim() !== "";
    });
    return labels.length > 0 || control.hasAttribute("aria-label")
      || control.hasAttribute("aria-labelledby") || control.hasAttribute("title");
  }

  function nameFields(root) {
    root.querySelectorAll(".jupyter-widgets input:not([type=hidden]), .jupyter-widgets select, .jupyter-widgets textarea")
      .forEach(function (control) {
        if (labelled(control)) { return; }
        for (var row = control.parentElement, depth = 0; row && depth < 6; row = row.parentElement, depth++) {
          var words = row.querySelector(".widget-label, .widget-html-content");
          var text = words && words.textContent.trim();
          if (!text) { continue; }
          var fields = Array.prototype.filter.call(
            row.querySelectorAll("input:not([type=hidden]), select, textarea"),
            function (other) { return other === control || !labelled(other) || other.hasAttribute("data-pl-named"); });
          var name = text.slice(0, 80) + (fields.length > 1 ? " " + (fields.indexOf(control) + 1) : "");
          control.setAttribute("aria-label", name);
          control.setAttribute("data-pl-named", "");
          return;
        }
      });
  }

  function nameAll() {
    nameImages(document);
    nameSliders(document);
    nameIconButtons(document);
    nameFields(document);
  }

  var waiting = false;
  function soon() {
    if (waiting) { return; }
    waiting = true;
    window.requestAnimationFrame(function () {
      waiting = false;
      nameAll();
    });
  }

  function start() {
    nameAll();
    new MutationObserver(soon).observe(document.body, {childList: true, subtree: true,
                                                       attributes: true, attributeFilter: ["src", "class"]});
  }

  if (document.body) {
    start();
  } else {
    document.addEventListener("DOMContentLoaded", start);
  }
})();
