// The offline page, which the service worker shows in place of a page the server did not
// answer: it asks the server again by itself (after 5 s, 10 s, 20 s, then every 30 s, and
// at once when the device says it is back online) and, as soon as the server answers,
// loads the page the person asked for. Its address is that page's, so a reload is enough.
(function () {
  "use strict";
  var status = document.querySelector(".offline-status");
  var delay = 5000;
  var timer = null;
  var trying = false;

  function say(text) { if (status) { status.textContent = text; } }

  function schedule() {
    clearTimeout(timer);
    say("This page tries again by itself in " + Math.round(delay / 1000) + " seconds.");
    timer = setTimeout(attempt, delay);
    delay = Math.min(delay * 2, 30000);
  }

  function attempt() {
    if (trying) { return; }
    trying = true;
    clearTimeout(timer);
    say("Trying again…");
    fetch("/healthz", { cache: "no-store" }).then(function (response) {
      if (!response.ok) { throw new Error("HTTP " + response.status); }
      say("The server answers again. Loading…");
      location.reload();
    }).catch(function () {
      trying = false;
      schedule();
    });
  }

  window.addEventListener("online", attempt);
  schedule();
})();
