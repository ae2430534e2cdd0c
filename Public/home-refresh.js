// GrainStories home page left open (a TV, a tablet on the wall): it keeps itself current
// through the shared refresh loop: every data-refresh-seconds while it is visible (and at
// once when it becomes visible again, or comes back online) it fetches itself and, if
// anything changed, swaps in the new strip, grid and notices in place, keeping focus and
// the strip's scroll position. So new stories appear, expired ones leave, and an AppView
// outage heals by itself. The event "grainstories:refresh" asks for a refresh now;
// "grainstories:refreshed" says one changed the page. Uses shared.js and strip.js (loaded
// in the same page, in any order: nothing here runs before the page has loaded).
(function () {
  "use strict";
  var G = window.GrainStories = window.GrainStories || {};

  function seconds() {
    var main = document.querySelector("main.home");
    return Math.max(5, parseInt((main && main.getAttribute("data-refresh-seconds")) || "60", 10) || 60);
  }

  // Nothing is swapped while someone is in the viewer or a menu.
  function busy() {
    return !!(document.querySelector("dialog.viewer") || document.querySelector(".own-menu[open]") || document.querySelector(".account-menu[open]"));
  }

  function refresh() {
    if (document.visibilityState === "hidden" || document.querySelector("dialog.viewer")) { return null; }
    return G.fetchPage(location.href, { fresh: true }).then(function (page) {
      var current = document.querySelector("main.home"), fresh = page.doc.querySelector("main.home");
      if (!fresh || !current || busy()) { return; }
      keepHeaderCurrent(page.doc);
      if (fresh.innerHTML === current.dataset.rendered) { return; }
      var list = current.querySelector(".strip-list");
      var scroll = list ? list.scrollLeft : 0;
      var focused = current.contains(document.activeElement) && document.activeElement.matches("a[href]") ? document.activeElement : null;
      var replacement = document.adoptNode(fresh);
      replacement.dataset.rendered = replacement.innerHTML;
      current.replaceWith(replacement);
      var newList = replacement.querySelector(".strip-list");
      if (newList) { G.enhanceStrip(newList); newList.scrollLeft = scroll; }
      if (focused) {
        // The link may open at another story now (`G.rings.sameLink` finds it by person).
        var again = G.rings ? G.rings.sameLink(focused, replacement) : replacement.querySelector('a[href="' + focused.getAttribute("href").replace(/"/g, "") + '"]');
        if (again) { again.focus({ preventScroll: true }); }
      }
      document.dispatchEvent(new CustomEvent("grainstories:refreshed"));
    });
  }

  // On a shared tablet the account picked may change in another tab: the refreshed strip
  // is then the new account's, and the header (who is current, the menu and its form
  // tokens) is replaced with the one made with it, so the two never disagree.
  function keepHeaderCurrent(freshPage) {
    var current = document.querySelector("header.site-header"), fresh = freshPage.querySelector("header.site-header");
    if (!current || !fresh || current.innerHTML === fresh.innerHTML) { return; }
    current.replaceWith(document.adoptNode(fresh));
  }

  // Starts on the home page as the server sent it: call before the strip is enhanced, so
  // the HTML remembered is the server's.
  G.keepHomeCurrent = function (main) {
    main.dataset.rendered = main.innerHTML;
    return new G.RefreshLoop(function () { return seconds() * 1000; }, refresh);
  };
})();
