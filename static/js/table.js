// A table kept live by its event stream (static/js/stream.js). The table plays without this
// file, polling every second.
(function () {
  "use strict";

  function version(id) {
    return Number(id.replace(/^t/, "").split(".")[0]);
  }

  function offer(html, id) {
    const table = document.getElementById("table");
    if (!table || id === table.dataset.seen || version(id) < Number(table.dataset.version)) return;
    htmx.swap(table, html, { swapStyle: "outerHTML" });
  }

  document.addEventListener("DOMContentLoaded", function () {
    window.liveStream(document.getElementById("table"), { board: offer });
  });

  // A player leaving the page says so, for a note of their next move to go at once rather than
  // after the board's last word runs out (campaigns/presence.py).
  window.addEventListener("pagehide", function () {
    const url = document.getElementById("table")?.dataset.closed;
    if (!url || !navigator.sendBeacon) return;
    const headers = JSON.parse(document.body.getAttribute("hx-headers") || "{}");
    const form = new FormData();
    form.append("csrfmiddlewaretoken", headers["X-CSRFToken"] || "");
    navigator.sendBeacon(url, form);
  });
})();
