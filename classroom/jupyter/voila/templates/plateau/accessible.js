// plateau_lab's pages for every learner (issue 43): names that Jupyter's own renderers leave out.
// Loaded by the Voila page (index.html.j2) and by the static site's pages (tools/build_site.py).
// * A picture output (image/svg+xml) is drawn by JupyterLab as an <img> with no text alternative:
//   it gets the picture's own <title> (plateau_lab.ui.shown.Shown writes the learner's sentence there).
// * ipywidgets draws a slider's handle (role="slider") with no name: it gets the slider's label.
// * The Play widget's buttons show only an icon: they get the icon's meaning as their name.
// * A field or menu drawn without a description of its own, beside the words that say what it is (a
//   rule's name in the variant designer, say), gets those words as its name: the first label or line
//   of text in the row around it, numbered when the row holds several fields.
// In the static site, JupyterLab's own interface around a lesson (issue 43, clause 5):
// * The cell list is a feed (role="feed"), whose items must be articles: each cell becomes one.
// * A cell's editor (role="textbox") has no name: it is named by its cell ("Code cell 3").
// * An editor whose code is wider or longer than its box scrolls: it takes the keyboard's focus
//   (tabindex 0) so the arrow keys can scroll it.
// * A heading's fold button has no name: "Fold the section <heading>", aria-expanded telling its state.
// * A toolbar button (<jp-button>) copies aria-pressed onto its own element, where no role allows it;
//   its inner <button> is the one that needs it. The state moves there (a toggle command's only), and a
//   pressed button keeps the look JupyterLab gives it.
// * A search field's (<jp-search>, the file browser's filter) clear button shows only an icon: "Clear".
// * A menu's items that open a submenu have no role, its separators are "presentation" (and take the
//   focus): a menu holds menu items and separators only. They become a menuitem and a separator that
//   the keyboard passes over.
// * The command palette's list scrolls: it takes the keyboard's focus.
// * The running sessions' kernel icon beside the kernel's name has no text alternative: it is
//   decoration (alt="").
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

  function cellsAsArticles(root) {
    root.querySelectorAll('[role="feed"] > .jp-Cell:not([role])').forEach(function (cell) {
      cell.setAttribute("role", "article");
    });
  }

  function nameCellEditors(root) {
    root.querySelectorAll('.jp-Cell .cm-content[role="textbox"]').forEach(function (editor) {
      var cell = editor.closest(".jp-Cell");
      var index = Number(cell.getAttribute("data-windowed-list-index"));
      var kind = cell.classList.contains("jp-CodeCell") ? "Code cell" : cell.classList.contains("jp-MarkdownCell")
        ? "Text cell" : "Cell";
      var name = isNaN(index) || !cell.hasAttribute("data-windowed-list-index") ? kind : kind + " " + (index + 1);
      if (editor.getAttribute("aria-label") !== name) { editor.setAttribute("aria-label", name); }
      var scroller = editor.closest(".cm-scroller");
      if (!scroller) { return; }
      var scrolls = scroller.scrollWidth > scroller.clientWidth + 1 || scroller.scrollHeight > scroller.clientHeight + 1;
      var tabindex = scrolls ? "0" : "-1";
      if (scroller.getAttribute("tabindex") !== tabindex) { scroller.setAttribute("tabindex", tabindex); }
    });
  }

  function nameFoldButtons(root) {
    root.querySelectorAll(".jp-collapseHeadingButton").forEach(function (button) {
      var heading = button.closest(".jp-Cell");
      heading = heading && heading.querySelector(".jp-RenderedMarkdown h1, .jp-RenderedMarkdown h2, "
        + ".jp-RenderedMarkdown h3, .jp-RenderedMarkdown h4, .jp-RenderedMarkdown h5, .jp-RenderedMarkdown h6");
      var words = heading ? heading.textContent.replace(/\u00b6/g, "").trim() : "";
      var name = words ? "Fold the section " + words : "Fold the section";
      var expanded = button.classList.contains("jp-mod-collapsed") ? "false" : "true";
      if (button.getAttribute("aria-label") !== name) { button.setAttribute("aria-label", name); }
      if (button.getAttribute("aria-expanded") !== expanded) { button.setAttribute("aria-expanded", expanded); }
    });
  }

  function toggleCommand(button) {
    var command = button.getAttribute("data-command");
    var commands = window.jupyterapp && window.jupyterapp.commands;
    return Boolean(command && commands && commands.hasCommand(command) && commands.isToggleable(command));
  }

  // <jp-button> (FAST) mirrors its own aria-pressed onto its inner button on its next update, and drops
  // it there once it is gone from the outer element: the state is put back after that update.
  function movePressedState(root) {
    root.querySelectorAll("jp-button[aria-pressed]").forEach(function (button) {
      var pressed = button.getAttribute("aria-pressed");
      button.style.boxShadow = pressed === "true" ? getComputedStyle(button).boxShadow : "";
      button.removeAttribute("aria-pressed");
      if (!toggleCommand(button)) { return; }
      window.requestAnimationFrame(function () {
        window.setTimeout(function () {
          var inner = button.shadowRoot && button.shadowRoot.querySelector("button");
          if (inner && !button.hasAttribute("aria-pressed")) { inner.setAttribute("aria-pressed", pressed); }
        }, 0);
      });
    });
  }

  function nameClearButtons(root) {
    root.querySelectorAll("jp-search").forEach(function (search) {
      var clear = search.shadowRoot && search.shadowRoot.querySelector("button.clear-button:not([aria-label])");
      if (clear) { clear.setAttribute("aria-label", "Clear"); }
    });
  }

  function menuItemRoles(root) {
    root.querySelectorAll('[role="menu"] > .lm-Menu-item[data-type="submenu"]:not([role])').forEach(function (item) {
      item.setAttribute("role", "menuitem");
    });
    root.querySelectorAll('[role="menu"] > .lm-Menu-item[data-type="separator"]').forEach(function (item) {
      if (item.getAttribute("role") !== "separator") { item.setAttribute("role", "separator"); }
      if (item.hasAttribute("tabindex")) { item.removeAttribute("tabindex"); }
    });
  }

  function paletteScrolls(root) {
    root.querySelectorAll(".lm-CommandPalette-content:not([tabindex])").forEach(function (list) {
      list.setAttribute("tabindex", "0");
    });
  }

  function decorativeSessionIcons(root) {
    root.querySelectorAll(".jp-RunningSessions-item img:not([alt])").forEach(function (icon) {
      icon.setAttribute("alt", "");
    });
  }

  function nameAll() {
    nameImages(document);
    nameSliders(document);
    nameIconButtons(document);
    nameFields(document);
    cellsAsArticles(document);
    nameCellEditors(document);
    nameFoldButtons(document);
    movePressedState(document);
    nameClearButtons(document);
    menuItemRoles(document);
    paletteScrolls(document);
    decorativeSessionIcons(document);
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
                                                       attributes: true, attributeFilter: ["src", "class", "aria-pressed"]});
    window.addEventListener("resize", soon);
  }

  if (document.body) {
    start();
  } else {
    document.addEventListener("DOMContentLoaded", start);
  }
})();
