// An invite link carries its token after "#", which the browser never sends to
// a server: post it from here, then drop it from the address bar and history.
(() => {
  const token = decodeURIComponent(window.location.hash.slice(1));
  const form = document.getElementById("open-invite");
  if (!token || !form) return;
  history.replaceState(null, "", window.location.pathname);
  form.elements.token.value = token;
  document.getElementById("opening").hidden = false;
  form.submit();
})();
