// An open board's event stream (campaigns/events.py), for Yu boards and tables alike. It opens
// from an element's data-events and data-seen (what the page shows); while it is open, that
// element's poll stays quiet, and when it drops the poll carries on until the browser reopens it.
// A "reload" event reloads the page, which then says why the board is gone.
(function () {
  "use strict";

  const streaming = new Set(); // the ids of the elements whose stream is open

  // Open the stream of `element`; `handlers` maps event names to function (data, id, stream).
  // Returns the stream (with close()), or null where there is none to open.
  window.liveStream = function (element, handlers) {
    if (!element || !element.dataset.events || !window.EventSource) return null;
    const id = element.id;
    const source = new EventSource(element.dataset.events + "?seen=" + encodeURIComponent(element.dataset.seen));
    const stream = {
      close: function () {
        source.close();
        streaming.delete(id);
      },
    };
    source.addEventListener("open", function () {
      streaming.add(id);
    });
    source.addEventListener("error", function () {
      streaming.delete(id);
    });
    source.addEventListener("reload", function () {
      stream.close();
      window.location.reload();
    });
    Object.keys(handlers).forEach(function (name) {
      source.addEventListener(name, function (event) {
        handlers[name](event.data, event.lastEventId, stream);
      });
    });
    return stream;
  };

  document.addEventListener("htmx:confirm", function (event) {
    if (streaming.has(event.target.id) && event.detail.verb === "get") event.preventDefault();
  });
})();
