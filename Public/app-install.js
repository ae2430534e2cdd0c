// GrainStories as an app: registers the service worker (/sw.js, the whole site its scope),
// which keeps the offline page and the fingerprinted assets. Browsers have service workers
// only in secure contexts (https, or localhost): on plain http from another address the
// page simply works without one, and "Add to Home Screen" still reads the manifest where
// the browser offers it. Registered after the page has loaded, so it never competes with
// the page's own requests.
(function () {
  "use strict";
  if (!window.isSecureContext || !("serviceWorker" in navigator)) { return; }
  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {
      // Refused (private mode, a policy, storage full): the site works the same without it.
    });
  });
})();
