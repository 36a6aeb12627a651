// The page's title follows the element that says it (data-title) as htmx swaps it in: the
// home page's count of the moves waiting for the player, a table's "Your move".
(function () {
  "use strict";

  document.addEventListener("htmx:afterSettle", function () {
    const said = document.querySelector("[data-title]");
    if (said && document.title !== said.dataset.title) document.title = said.dataset.title;
  });
})();
