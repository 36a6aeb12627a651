// A table kept live by server-sent events (campaigns/events.py): while the stream is open the
// table's poll stays quiet; when it drops, the poll carries on until the browser reopens it.
// The table plays without this file, polling every second.
(function () {
  "use strict";

  let streaming = false;

  function version(id) {
    return Number(id.replace(/^t/, "").split(".")[0]);
  }

  function offer(html, id) {
    const table = document.getElementById("table");
    if (!table || id === table.dataset.seen || version(id) < Number(table.dataset.version)) return;
    htmx.swap(table, html, { swapStyle: "outerHTML" });
  }

  function listen() {
    const table = document.getElementById("table");
    if (!table || !table.dataset.events || !window.EventSource) return;
    const source = new EventSource(table.dataset.events + "?seen=" + encodeURIComponent(table.dataset.seen));
    source.addEventListener("open", function () {
      streaming = true;
    });
    source.addEventListener("error", function () {
      streaming = false;
    });
    source.addEventListener("board", function (event) {
      offer(event.data, event.lastEventId);
    });
    source.addEventListener("reload", function () {
      source.close();
      window.location.reload(); // the page then says why the table is gone
    });
  }

  document.addEventListener("htmx:confirm", function (event) {
    if (streaming && event.target.id === "table" && event.detail.verb === "get") event.preventDefault();
  });
  document.addEventListener("DOMContentLoaded", listen);
})();
