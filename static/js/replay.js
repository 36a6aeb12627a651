// A replay steps with the arrow keys too: left goes back a move, right forward (the links do it
// without this file).
(function () {
  "use strict";

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.target.closest("input, textarea, select")) return;
    const rel = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
    const link = rel && document.querySelector(`.replay-controls a[rel='${rel}']`);
    if (link) {
      event.preventDefault();
      link.click();
    }
  });
})();
