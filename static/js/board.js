// The board's manners: keep keyboard focus where the player acted, flash what
// an action changed, keyboard shortcuts, the settlement drawer, and the live
// board's event stream. The board plays without this file (and stays live by
// polling); it only makes playing smoother.
(function () {
  "use strict";

  let acted = null; // {key, region} of the last button pressed
  let before = null; // text of every watched item before a swap
  let drawerOpen = false;
  let wasDeciding = false; // a decision was open before the swap
  let story = ""; // what the story panel said before the swap

  function watched() {
    const seen = new Map();
    document.querySelectorAll("[data-watch]").forEach(function (el) {
      seen.set(el.dataset.watch, el.textContent.replace(/\s+/g, " "));
    });
    return seen;
  }

  function flash(el) {
    el.classList.remove("changed");
    void el.offsetWidth; // restart the animation
    el.classList.add("changed");
  }

  function drawer() {
    return document.getElementById("drawer");
  }

  function numberOptions() {
    // The number keys answer the decision: each option shows its key.
    document.querySelectorAll("#decision.deciding:not(.confirming) [data-option]").forEach(function (option, i) {
      if (i < 9 && !option.querySelector(".option-key")) {
        const key = document.createElement("kbd");
        key.className = "option-key";
        key.setAttribute("aria-hidden", "true");
        key.textContent = String(i + 1);
        option.prepend(key);
        option.setAttribute("aria-keyshortcuts", String(i + 1));
      }
    });
  }

  function focusAfterSwap() {
    const decision = document.getElementById("decision");
    if (decision && decision.matches(".confirming")) {
      // Never start on the button that loses the game: Enter must not do it.
      decision.querySelector("a[data-option]").focus();
      return;
    }
    const answering = acted && acted.region === "decision";
    if (decision && decision.matches(".deciding") && (!wasDeciding || answering)) {
      const first = decision.querySelector("[data-option]:not([disabled])");
      (first || document.getElementById("prompt")).focus();
      return;
    }
    if (!acted) return;
    if (answering) {
      document.getElementById("prompt")?.focus(); // the question was answered: back to the prompt
      return;
    }
    const same = document.querySelector('#board button[name=key][value="' + CSS.escape(acted.key) + '"]');
    if (same && same.offsetParent !== null) {
      same.focus();
      return;
    }
    const region = acted.region && document.getElementById(acted.region);
    const next = region && region.querySelector("button:not([disabled]), summary, a[href]");
    if (next) {
      next.focus();
    } else {
      document.getElementById("prompt")?.focus();
    }
  }

  document.addEventListener("click", function (event) {
    const target = event.target instanceof Element ? event.target : null;
    const button = target && target.closest("#board button[name=key], #board [data-option]");
    if (button) {
      const region = button.closest("section[id]");
      acted = { key: button.value || button.textContent.trim(), region: region ? region.id : "" };
    }
    const toggle = target && target.closest(".drawer-toggle");
    if (toggle && drawer()) {
      event.preventDefault();
      const box = drawer();
      box.open = !box.open;
      if (box.open) {
        box.scrollIntoView({ behavior: "smooth", block: "start" });
        box.querySelector("summary").focus({ preventScroll: true });
      }
    }
  });

  function remember() {
    before = watched();
    story = document.getElementById("story")?.innerHTML ?? "";
    drawerOpen = drawer() ? drawer().open : false;
    wasDeciding = Boolean(document.querySelector("#decision.deciding"));
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.shouldSwap !== false) remember();
  });

  function showDrawerState() {
    const toggle = document.querySelector(".drawer-toggle");
    if (toggle && drawer()) toggle.setAttribute("aria-expanded", String(drawer().open));
  }

  document.addEventListener("toggle", showDrawerState, true);
  document.addEventListener("DOMContentLoaded", numberOptions);

  document.addEventListener("htmx:afterSettle", function () {
    if (drawer() && drawerOpen) drawer().open = true;
    showDrawerState();
    numberOptions();
    const panel = document.getElementById("story");
    if (panel && panel.classList.contains("story") && panel.innerHTML !== story) {
      panel.scrollIntoView({ block: "start" }); // the story has news: bring it into view
    }
    if (before) {
      document.querySelectorAll("[data-watch]").forEach(function (el) {
        const old = before.get(el.dataset.watch);
        if (old !== el.textContent.replace(/\s+/g, " ")) flash(el);
      });
      before = null;
    }
    if (acted) {
      focusAfterSwap();
      acted = null;
    }
  });

  function press(selector) {
    const el = document.querySelector(selector);
    if (el && !el.disabled) {
      el.click();
      return true;
    }
    return false;
  }

  // The live board by server-sent events (static/js/stream.js), through #live.
  let held = null; // a board that came while the player's own request was on its way

  function offer(html, id) {
    const live = document.getElementById("live");
    const shown = Number(document.getElementById("board-version")?.value);
    const version = Number(id.split(".")[0]);
    if (!live || version < shown || (version === shown && id === live.dataset.seen)) return;
    if (document.getElementById("act")?.classList.contains("htmx-request")) {
      held = { html: html, id: id }; // its answer comes first, then this if it is still newer
      return;
    }
    remember();
    htmx.swap(live, html, { swapStyle: "none" });
  }

  function listen() {
    window.liveStream(document.getElementById("live"), {
      board: offer,
      // Only what changed since the version before: for a page that shows that one. A page
      // further behind opens the stream again, saying what it shows, and gets the whole board.
      changes: function (html, id, stream) {
        const shown = Number(document.getElementById("board-version")?.value);
        const version = Number(id.split(".")[0]);
        if (version - 1 === shown || version <= shown) {
          offer(html, id);
        } else {
          stream.close();
          listen();
        }
      },
    });
  }

  document.addEventListener("htmx:afterRequest", function (event) {
    if (held && event.target.id === "act") {
      const board = held;
      held = null;
      offer(board.html, board.id);
    }
  });
  document.addEventListener("DOMContentLoaded", listen);

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.closest("input, textarea, select, [contenteditable]")) return;
    const key = event.key.toLowerCase();
    let done = false;
    if (key === "e") {
      done = press('#decision button[name=key][value="end"]');
    } else if (key === "u") {
      done = press('#decision button[name=key][value="undo"]');
    } else if (key === "s") {
      done = press("#decision .drawer-toggle");
    } else if (key === "h") {
      done = press("#decision .advice-form button");
    } else if (key === "escape") {
      const cancel = document.querySelector("#decision.confirming a[data-option]");
      if (cancel) {
        cancel.click();
        done = true;
      } else if (drawer() && drawer().open) {
        drawer().open = false;
        done = true;
      }
    } else if (/^[1-9]$/.test(key)) {
      const options = document.querySelectorAll("#decision.deciding:not(.confirming) [data-option]");
      const chosen = options[Number(key) - 1];
      if (chosen && !chosen.disabled) {
        chosen.focus();
        chosen.click();
        done = true;
      }
    }
    if (done) event.preventDefault();
  });
})();
