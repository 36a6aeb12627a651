// Copy buttons: <button data-copy="field-id"> copies that field's text, and a
// field marked data-select-on-focus selects all of itself when focused, ready
// to copy by hand. Without this file the field can still be selected and copied.
(function () {
  "use strict";

  document.addEventListener("focusin", function (event) {
    const field = event.target;
    if (field instanceof HTMLInputElement && field.matches("[data-select-on-focus]")) field.select();
  });

  document.addEventListener("click", function (event) {
    const button = event.target instanceof Element ? event.target.closest("button[data-copy]") : null;
    const field = button && document.getElementById(button.dataset.copy);
    if (!field) return;
    field.select();
    const copied = function () {
      button.textContent = "Copied";
    };
    const byHand = function () {
      if (document.execCommand("copy")) copied(); // older browsers, or a page not served over HTTPS
    };
    if (navigator.clipboard) {
      navigator.clipboard.writeText(field.value).then(copied, byHand);
    } else {
      byHand();
    }
  });
})();
