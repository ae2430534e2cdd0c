// GrainStories rings: the viewer reports each story it shows as seen, and on closing
// brings the rings on the page underneath up to date, in place (the links stay the same
// elements, so focus stays on the one that opened the viewer), with the story each link
// now opens at. Needs shared.js before it.
(function () {
  "use strict";
  var G = window.GrainStories = window.GrainStories || {};

  // Seen reports still on their way: the rings are refreshed only once they have landed,
  // or the page fetched would still show the story unseen.
  var pendingSeen = new Set();
  // Reports go one at a time: a visitor's seen state is a cookie that each answer
  // rewrites from the cookie its request carried, so two reports in flight together
  // would each set it without the other's story (the last answer wins, and a ring
  // could stay coloured after its newest story was watched on a slow network).
  var lastSeen = Promise.resolve();

  function markSeen(dialog) {
    // "by": the account this page was shown for, so a viewer left open while another
    // account was picked in another tab does not mark stories seen for that one.
    var body = new URLSearchParams({ did: dialog.dataset.did || "", createdAt: dialog.dataset.createdAt || "", by: dialog.dataset.seenBy || "" });
    var request = lastSeen.then(function () {
      return G.fetch("/seen", { method: "POST", body: body, keepalive: true }).catch(function () {});
    });
    lastSeen = request;
    pendingSeen.add(request);
    request.then(function () { pendingSeen.delete(request); });
  }

  // The link in a freshly fetched page that stands where `link` stands: the same address,
  // or else the one link of the same kind (class) for the same person. A tile links to
  // the story it opens at (the first one not seen yet), so after watching, its address
  // moves on; the person's name in the address (/profile/{actor}/… or /stories/{actor})
  // stays.
  function sameLink(link, doc) {
    var href = link.getAttribute("href") || "";
    var viewer = link.hasAttribute("data-opens-viewer") ? "[data-opens-viewer]" : "";
    var exact = doc.querySelector("a" + viewer + '[href="' + href.replace(/"/g, "") + '"]');
    if (exact) { return exact; }
    var actor = actorOf(href);
    if (!actor || !link.classList.length) { return null; }
    var kind = link.classList[0];
    var same = Array.prototype.filter.call(doc.querySelectorAll("a[data-opens-viewer]"), function (candidate) {
      return candidate.classList.contains(kind) && actorOf(candidate.getAttribute("href") || "") === actor;
    });
    return same.length === 1 ? same[0] : null;
  }

  function actorOf(href) {
    var match = /^\/(?:profile|stories)\/([^\/?#]+)/.exec(href);
    return match ? match[1] : null;
  }

  // The page is fetched from the address it had when the viewer opened: when this runs,
  // history.back() has not landed yet and location.href is still the story's.
  function refresh(url) {
    if (!url || !document.querySelector("a[data-opens-viewer]")) { return; }
    Promise.all(Array.from(pendingSeen)).then(function () {
      return G.fetchPage(url, { fresh: true });
    }).then(function (page) {
      document.querySelectorAll("a[data-opens-viewer]").forEach(function (link) {
        var match = sameLink(link, page.doc);
        if (!match) { return; }
        link.setAttribute("href", match.getAttribute("href"));
        if (match.hasAttribute("aria-label")) { link.setAttribute("aria-label", match.getAttribute("aria-label")); }
        var label = link.querySelector(".visually-hidden"), freshLabel = match.querySelector(".visually-hidden");
        if (label && freshLabel) { label.textContent = freshLabel.textContent; }
        var ring = link.matches(".avatar-ring") ? link : link.querySelector(".avatar-ring");
        var freshRing = match.matches(".avatar-ring") ? match : match.querySelector(".avatar-ring");
        if (ring && freshRing) { ring.className = freshRing.className; }
      });
    }).catch(function () {});
  }

  G.rings = { markSeen: markSeen, refresh: refresh, sameLink: sameLink };
})();
