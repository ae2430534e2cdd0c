// GrainStories viewer, what a person does in it: taps, clicks, keys, a held finger,
// swipes, the share panel and menu, a hidden tab, the Back button. Each becomes a move
// (viewer.go) or an event for the viewer's state (viewer-state.js); nothing here starts
// or stops the timer itself. Uses shared.js and viewer.js once the page has loaded.
(function () {
  "use strict";
  var G = window.GrainStories = window.GrainStories || {};
  var HOLD_MS = 250;

  function has(target, className) { return !!(target.classList && target.classList.contains(className)); }

  // Every listener goes with `signal`, when the viewer closes.
  G.listenToViewer = function (viewer, signal) {
    var dialog = viewer.dialog, on = { signal: signal };
    dialog.addEventListener("cancel", function (event) { event.preventDefault(); viewer.send({ type: "close" }); }, on);
    dialog.addEventListener("click", function (event) { onClick(viewer, event); }, on);
    dialog.addEventListener("toggle", function (event) {
      var target = event.target;
      if (has(target, "label-gate")) { viewer.hold("gate", !target.open); }
      // The story waits while its menu or share panel is open, and goes on where it stopped.
      if (has(target, "viewer-more")) { viewer.hold("menu", target.open); }
      if (has(target, "viewer-share")) {
        if (target.open) { var link = target.querySelector(".share-link"); if (link) { link.focus(); link.select(); } }
        viewer.hold("share", target.open);
      }
    }, { signal: signal, capture: true });
    // Other scripts (social.js: the comment sheet) hold the timer by name with a
    // "grainstories:hold" event ({detail: {reason, held}}) and let it go the same way.
    dialog.addEventListener("grainstories:hold", function (event) { viewer.hold(event.detail.reason, event.detail.held); }, on);
    document.addEventListener("keydown", function (event) { onKey(viewer, event); }, on);
    document.addEventListener("visibilitychange", function () { viewer.hold("hidden", document.visibilityState === "hidden"); }, on);
    window.addEventListener("popstate", function () { if (viewer.pushed) { viewer.pushed = false; viewer.send({ type: "close" }); } }, on);
    listenForGestures(viewer, signal);
  };

  // A finger held down holds the story; a swipe sideways moves between people, down closes.
  function listenForGestures(viewer, signal) {
    var dialog = viewer.dialog, start = null, holdTimer = 0, held = false;
    var stage = function () { return dialog.querySelector(".viewer-stage"); };
    dialog.addEventListener("pointerdown", function (event) {
      if (!stage() || !stage().contains(event.target) || event.target.closest("header, summary, button, .comment-sheet, .viewer-social")) { return; }
      start = { x: event.clientX, y: event.clientY, edge: event.clientX < 20 || event.clientX > window.innerWidth - 20 };
      clearTimeout(holdTimer);
      holdTimer = setTimeout(function () { held = true; viewer.hold("held", true); }, HOLD_MS);
    }, { signal: signal });
    var finish = function (event) {
      clearTimeout(holdTimer);
      if (!start) { return; }
      var dx = event.clientX - start.x, dy = event.clientY - start.y, edge = start.edge;
      start = null;
      if (held) { held = false; viewer.suppressClick = true; viewer.hold("held", false); }
      if (edge || event.type === "pointercancel") { return; }
      if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy) * 1.5) {
        viewer.suppressClick = true;
        viewer.go(viewer.target(dx < 0 ? "next-author" : "previous-author"), true);
      } else if (dy > 80 && dy > Math.abs(dx) * 1.5) {
        viewer.suppressClick = true;
        viewer.send({ type: "close" });
      }
    };
    dialog.addEventListener("pointerup", finish, { signal: signal });
    dialog.addEventListener("pointercancel", finish, { signal: signal });
  }

  function onClick(viewer, event) {
    var target = event.target.closest ? event.target.closest("a, button") : null;
    if (viewer.suppressClick) {
      viewer.suppressClick = false;
      if (target && has(target, "tap-zone")) { event.preventDefault(); }
      return;
    }
    var summary = event.target.closest ? event.target.closest(".viewer-share > summary") : null;
    if (summary && share(viewer, summary.parentElement)) { event.preventDefault(); return; }
    if (!target) { return; }
    if (has(target, "viewer-pause")) { viewer.send({ type: "toggle" }); return; }
    if (has(target, "viewer-close")) { event.preventDefault(); viewer.send({ type: "close" }); return; }
    if (has(target, "tap-zone") && event.detail > 0) {
      // A tap or click on the photo (not Enter on a focused zone): it moves at once, and
      // the state tells a double tap from it by the next one (viewer-state.js).
      event.preventDefault();
      var to = target.getAttribute("href");
      viewer.send({ type: "tap", at: event.timeStamp, x: event.clientX, y: event.clientY, url: location.href, to: to, closes: to === viewer.dialog.dataset.closeHref });
      return;
    }
    if (has(target, "tap-zone") || has(target, "viewer-neighbour")) { event.preventDefault(); viewer.go(target.getAttribute("href"), true); }
  }

  function onKey(viewer, event) {
    // The comment sheet and the heart's form have keys of their own (social.js).
    if (event.target.closest && event.target.closest(".comment-sheet, .viewer-favorite")) { return; }
    var action = G.keyAction(event, G.viewerKeys);
    // Inside the share panel's link the keys edit and select; Escape closes the panel.
    var share = event.target.closest ? event.target.closest(".viewer-share") : null;
    if (share && event.target.closest("input")) {
      if (action === "close") { event.preventDefault(); share.open = false; G.focusStage(viewer.dialog); }
      return;
    }
    if (!action) { return; }
    // Space on a disclosure or in a field is theirs.
    if (action === "pause" && event.target.closest && event.target.closest("summary, input")) { return; }
    event.preventDefault();
    if (action === "pause") { viewer.send({ type: "toggle" }); } else if (action === "close") { viewer.send({ type: "close" }); } else if (action === "like") { viewer.favorite(null); } else { viewer.go(viewer.target(action), true); }
  }

  // Share: the system share sheet where the browser offers one, else the clipboard; true
  // when one of them took it (a secure context only). Otherwise the disclosure opens with
  // the link selected, ready to copy by hand.
  function share(viewer, details) {
    var input = details.querySelector(".share-link"), status = details.querySelector(".share-status");
    if (!input || details.open) { return false; }
    var url = new URL(input.value, location.href).href, title = input.getAttribute("data-title") || document.title;
    if (navigator.share && window.isSecureContext) {
      viewer.hold("share", true);
      navigator.share({ url: url, title: title }).catch(function () {}).then(function () { viewer.hold("share", false); });
      return true;
    }
    if (navigator.clipboard && navigator.clipboard.writeText && window.isSecureContext) {
      navigator.clipboard.writeText(url).then(function () {
        details.open = true;
        if (status) { status.textContent = "Link copied"; }
      }, function () { details.open = true; });
      return true;
    }
    if (status) { status.textContent = ""; }
    return false;
  }
})();
