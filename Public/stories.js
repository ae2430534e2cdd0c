// GrainStories pages with stories (home, profiles, a story's own page): starts the
// scripts loaded before it (partials/viewer-scripts.html), in the order they need. Each lives in a file of its own:
// shared.js (fetching, preloading, the refresh loop, the story timer, keys), avatar-
// fallback.js, strip.js, home-refresh.js, rings.js, viewer-state.js, viewer.js and
// viewer-input.js; social.js (the heart and the comment sheet, loaded with them on every
// page that opens the viewer) listens by itself. A page loads only what it shows; what it
// lacks is not started.
(function () {
  "use strict";
  var G = window.GrainStories = window.GrainStories || {};
  document.documentElement.classList.add("js");

  function start() {
    G.replaceFailedAvatars();
    // The home page remembers its HTML as the server sent it, before the strip is enhanced.
    var home = document.querySelector("main.home[data-refresh-seconds]");
    if (home && G.keepHomeCurrent) { G.keepHomeCurrent(home); }
    var strip = document.querySelector(".strip-list");
    if (strip && G.enhanceStrip) { G.enhanceStrip(strip); }
    G.startViewer();
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
