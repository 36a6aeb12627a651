// The new-table form on the home page: the words under the game select describe the game
// chosen, and a game card's "Open a table" chooses its game in the form, with no page load.
// Without this file the server draws the form with the game of the address chosen.
(function () {
  "use strict";

  const form = document.getElementById("new-table");
  const select = form && form.querySelector("select[name='game']");
  if (!select) return;

  const describe = function () {
    form.querySelectorAll("[data-game]").forEach(function (about) {
      about.hidden = about.dataset.game !== select.value;
    });
  };

  select.addEventListener("change", describe);
  document.addEventListener("click", function (event) {
    const link = event.target instanceof Element ? event.target.closest("a[data-choose-game]") : null;
    if (!link) return;
    event.preventDefault();
    select.value = link.dataset.chooseGame;
    describe();
    history.replaceState(null, "", link.href);
    form.scrollIntoView({ block: "start" });
    form.querySelector("input[name='name']").focus({ preventScroll: true });
  });
  describe(); // a select the browser filled back in, after going back to the page
})();
