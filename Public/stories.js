// GrainStories viewer: turns the server-rendered story pages into an app-like viewer.
// Without this script every control is a plain link and nothing advances on its own.
// It never builds HTML from strings: story pages come from our own server, are parsed
// with DOMParser and their nodes moved in; everything else is textContent.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  var DURATION_MS = 5000;
  var HOLD_MS = 250;
  var FETCH_HEADERS = { "X-GrainStories-Fetch": "1" };
  var pageCache = new Map();

  function fetchPage(url) {
    if (!pageCache.has(url)) {
      pageCache.set(url, fetch(url, { headers: FETCH_HEADERS, credentials: "same-origin" }).then(function (response) {
        if (!response.ok) { throw new Error("HTTP " + response.status); }
        return response.text().then(function (text) {
          return { url: response.url, doc: new DOMParser().parseFromString(text, "text/html") };
        });
      }).catch(function (error) { pageCache.delete(url); throw error; }));
    }
    return pageCache.get(url);
  }

  function preloadImage(src) {
    if (!src) { return; }
    var image = new Image();
    image.decoding = "async";
    image.src = src;
    if (image.decode) { image.decode().catch(function () {}); }
  }

  function prefetch(url) {
    if (!url) { return; }
    fetchPage(url).then(function (page) {
      var image = page.doc.querySelector("dialog.viewer .story-image");
      if (image) { preloadImage(image.getAttribute("src")); }
    }).catch(function () {});
  }

  // Seen reports still on their way: the rings are refreshed only once they have landed.
  var pendingSeen = new Set();

  function markSeen(dialog) {
    // "by": the account this page was shown for, so a viewer left open while another
    // account was picked in another tab does not mark stories seen for that one.
    var body = new URLSearchParams({ did: dialog.dataset.did || "", createdAt: dialog.dataset.createdAt || "", by: dialog.dataset.seenBy || "" });
    var request = fetch("/seen", { method: "POST", headers: FETCH_HEADERS, body: body, credentials: "same-origin", keepalive: true }).catch(function () {});
    pendingSeen.add(request);
    request.then(function () { pendingSeen.delete(request); });
  }

  function isStoryURL(url) {
    try { return /^\/profile\/[^/]+\/story\/[^/]+$/.test(new URL(url, location.href).pathname); } catch (e) { return false; }
  }

  // One viewer at a time: a <dialog> shown modally, driven by this controller.
  function Viewer(dialog, options) {
    this.dialog = dialog;
    this.opener = options.opener || null;
    this.pushed = options.pushed || false;
    this.standalone = options.standalone || false;
    this.returnURL = options.returnURL || "";
    this.userPaused = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    this.held = false;
    this.hidden = document.visibilityState === "hidden";
    this.ready = false;
    this.gated = false;
    this.suppressClick = false;
    this.closed = false;
    // Other scripts (social.js: the comment sheet) hold the timer by name with a
    // "grainstories:hold" event ({detail: {reason, held}}) and let it go the same way.
    this.holds = new Set();
    this.step = 0;
    this.events = new AbortController();
    this.announcer = document.createElement("p");
    this.announcer.className = "visually-hidden";
    this.announcer.setAttribute("aria-live", "polite");
    dialog.appendChild(this.announcer);
    this.listen();
    this.prepareStory(false);
  }

  Viewer.prototype.listen = function () {
    var self = this, signal = this.events.signal, dialog = this.dialog;
    dialog.addEventListener("cancel", function (event) { event.preventDefault(); self.close(); }, { signal: signal });
    dialog.addEventListener("click", function (event) { self.onClick(event); }, { signal: signal });
    // Only the end of the current story's own bar moves on: an event from any other
    // element (or a move already under way from this story) must not skip a story.
    dialog.addEventListener("animationend", function (event) {
      if (event.animationName !== "story-progress" || event.target !== self.currentFill()) { return; }
      self.go(self.link("next"), false);
    }, { signal: signal });
    dialog.addEventListener("toggle", function (event) {
      if (event.target.classList && event.target.classList.contains("label-gate")) { self.gated = !event.target.open; self.update(); }
      // The story waits while its share panel is open, and goes on where it stopped.
      // So does it while the menu is open.
      if (event.target.classList && event.target.classList.contains("viewer-more")) { self.sharing = event.target.open; self.update(); }
      if (event.target.classList && event.target.classList.contains("viewer-share")) {
        self.sharing = event.target.open;
        if (event.target.open) { var link = event.target.querySelector(".share-link"); if (link) { link.focus(); link.select(); } }
        self.update();
      }
    }, { signal: signal, capture: true });
    dialog.addEventListener("grainstories:hold", function (event) {
      if (event.detail.held) { self.holds.add(event.detail.reason); } else { self.holds.delete(event.detail.reason); }
      self.update();
    }, { signal: signal });
    document.addEventListener("keydown", function (event) { self.onKey(event); }, { signal: signal });
    document.addEventListener("visibilitychange", function () {
      self.hidden = document.visibilityState === "hidden";
      self.update();
    }, { signal: signal });
    window.addEventListener("popstate", function () { if (self.pushed) { self.pushed = false; self.close(); } }, { signal: signal });
    this.listenForGestures(signal);
  };

  Viewer.prototype.listenForGestures = function (signal) {
    var self = this, start = null, holdTimer = 0;
    var stage = function () { return self.dialog.querySelector(".viewer-stage"); };
    this.dialog.addEventListener("pointerdown", function (event) {
      if (!stage() || !stage().contains(event.target) || event.target.closest("header, summary, button, .comment-sheet, .viewer-social")) { return; }
      start = { x: event.clientX, y: event.clientY, edge: event.clientX < 20 || event.clientX > window.innerWidth - 20 };
      clearTimeout(holdTimer);
      holdTimer = setTimeout(function () { self.held = true; self.update(); }, HOLD_MS);
    }, { signal: signal });
    var finish = function (event) {
      clearTimeout(holdTimer);
      if (!start) { return; }
      var dx = event.clientX - start.x, dy = event.clientY - start.y, wasHeld = self.held, edge = start.edge;
      start = null;
      if (wasHeld) { self.held = false; self.suppressClick = true; self.update(); }
      if (edge || event.type === "pointercancel") { return; }
      if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy) * 1.5) {
        self.suppressClick = true;
        self.go(self.dialog.dataset[dx < 0 ? "nextAuthorHref" : "previousAuthorHref"] || (dx < 0 ? self.dialog.dataset.closeHref : ""), true);
      } else if (dy > 80 && dy > Math.abs(dx) * 1.5) {
        self.suppressClick = true;
        self.close();
      }
    };
    this.dialog.addEventListener("pointerup", finish, { signal: signal });
    this.dialog.addEventListener("pointercancel", finish, { signal: signal });
  };

  Viewer.prototype.onClick = function (event) {
    var target = event.target.closest ? event.target.closest("a, button") : null;
    if (this.suppressClick) {
      this.suppressClick = false;
      if (target && target.classList.contains("tap-zone")) { event.preventDefault(); }
      return;
    }
    var summary = event.target.closest ? event.target.closest(".viewer-share > summary") : null;
    if (summary && this.share(summary.parentElement)) { event.preventDefault(); return; }
    if (!target) { return; }
    if (target.classList.contains("viewer-pause")) { this.togglePause(); return; }
    if (target.classList.contains("viewer-close")) { event.preventDefault(); this.close(); return; }
    if (target.classList.contains("tap-zone") || target.classList.contains("viewer-neighbour")) { event.preventDefault(); this.go(target.getAttribute("href"), true); }
  };

  Viewer.prototype.onKey = function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    // The comment sheet and the heart's form have keys of their own (social.js).
    if (event.target.closest && event.target.closest(".comment-sheet, .viewer-favorite")) { return; }
    // Inside the share panel's link the keys edit and select; Escape closes the panel.
    var share = event.target.closest ? event.target.closest(".viewer-share") : null;
    if (share && event.target.closest("input")) {
      if (event.key === "Escape") { event.preventDefault(); share.open = false; focusStage(this.dialog); }
      return;
    }
    var data = this.dialog.dataset;
    switch (event.key) {
      case "ArrowRight": event.preventDefault(); this.go(event.shiftKey ? data.nextAuthorHref || data.closeHref : this.link("next"), true); break;
      case "ArrowLeft": event.preventDefault(); this.go(event.shiftKey ? data.previousAuthorHref : this.link("prev"), true); break;
      case "PageDown": event.preventDefault(); this.go(data.nextAuthorHref || data.closeHref, true); break;
      case "PageUp": event.preventDefault(); this.go(data.previousAuthorHref, true); break;
      case " ": case "Spacebar":
        if (event.target.closest && event.target.closest("summary, input")) { return; }
        event.preventDefault(); this.togglePause(); break;
      case "Escape": event.preventDefault(); this.close(); break;
    }
  };

  // Share: the system share sheet where the browser offers one, else the clipboard; true
  // when one of them took it (a secure context only). Otherwise the disclosure opens with
  // the link selected, ready to copy by hand.
  Viewer.prototype.share = function (details) {
    var input = details.querySelector(".share-link"), status = details.querySelector(".share-status");
    if (!input || details.open) { return false; }
    var url = new URL(input.value, location.href).href, title = input.getAttribute("data-title") || document.title;
    var self = this;
    if (navigator.share && window.isSecureContext) {
      self.sharing = true; self.update();
      navigator.share({ url: url, title: title }).catch(function () {}).then(function () { self.sharing = false; self.update(); });
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
  };

  Viewer.prototype.currentFill = function () {
    return this.dialog.querySelector(".viewer-stage .segment-current .fill");
  };

  Viewer.prototype.link = function (rel) {
    var link = this.dialog.querySelector('.tap-zone[rel="' + rel + '"]');
    return link ? link.getAttribute("href") : "";
  };

  Viewer.prototype.togglePause = function () {
    this.userPaused = !this.userPaused;
    this.update();
  };

  // The timer runs only when nothing holds it: a user pause, a held finger, a hidden
  // tab, a photo still decoding, or a content warning not yet dismissed.
  Viewer.prototype.update = function () {
    var running = !this.userPaused && !this.held && !this.hidden && this.ready && !this.gated && !this.sharing && !this.closed && this.holds.size === 0;
    this.dialog.classList.toggle("is-playing", running);
    var button = this.dialog.querySelector(".viewer-pause");
    if (button) {
      // A content warning holds the timer until "Show" is chosen; the button would only
      // claim the story plays (and pressing it would pause it behind the warning).
      if (button.hidden !== this.gated && button.contains(document.activeElement)) { focusStage(this.dialog); }
      button.hidden = this.gated;
      button.classList.toggle("is-paused", this.userPaused);
      button.setAttribute("aria-label", this.userPaused ? "Play" : "Pause");
    }
  };

  Viewer.prototype.prepareStory = function (announce) {
    var self = this, dialog = this.dialog;
    this.step += 1;
    var gate = dialog.querySelector(".label-gate");
    this.gated = !!(gate && !gate.open);
    this.sharing = false;
    // A sheet over the story left with the stage it was on.
    this.holds.clear();
    this.ready = false;
    this.update();
    var image = dialog.querySelector(".story-image");
    var onReady = function () {
      if (self.dialog.querySelector(".story-image") !== image) { return; }
      self.ready = true;
      self.update();
      prefetch(self.link("next"));
      prefetch(dialog.dataset.nextAuthorHref);
    };
    if (image && image.decode) { image.decode().then(onReady, onReady); } else { onReady(); }
    var status = dialog.querySelector("#story-status");
    if (announce && status) { this.announcer.textContent = status.textContent; }
  };

  // Moves to another story in place (no page load), keeping the address current. A
  // move is a step away from the story shown when it was asked for: once another story
  // is on stage (an earlier tap, or the bar's end, got there first) it is dropped.
  Viewer.prototype.go = function (url, manual) {
    if (this.closed) { return; }
    if (!url) { return; }
    if (!isStoryURL(url)) { if (url === this.dialog.dataset.closeHref) { this.close(); } return; }
    var self = this, step = this.step;
    var current = function () { return !self.closed && self.step === step; };
    fetchPage(url).then(function (page) {
      if (!current()) { return; }
      var fresh = page.doc.querySelector("dialog.viewer");
      if (!fresh || !fresh.querySelector(".viewer-stage")) { throw new Error("not a story page"); }
      pageCache.delete(url);
      Object.keys(self.dialog.dataset).forEach(function (key) { delete self.dialog.dataset[key]; });
      Object.keys(fresh.dataset).forEach(function (key) { self.dialog.dataset[key] = fresh.dataset[key]; });
      var stage = document.adoptNode(fresh.querySelector(".viewer-stage"));
      var hadFocus = self.dialog.contains(document.activeElement);
      self.dialog.querySelector(".viewer-stage").replaceWith(stage);
      // The people shown small beside the story (wide screens) move along with it.
      var neighbours = self.dialog.querySelectorAll(":scope > .viewer-neighbour");
      fresh.querySelectorAll(":scope > .viewer-neighbour").forEach(function (node, index) {
        if (neighbours[index]) { neighbours[index].replaceWith(document.adoptNode(node)); }
      });
      if (hadFocus || !self.dialog.contains(document.activeElement)) { focusStage(self.dialog); }
      document.title = page.doc.title;
      history.replaceState(history.state, "", page.url);
      markSeen(self.dialog);
      self.prepareStory(manual);
    }).catch(function () { if (current()) { location.assign(url); } });
  };

  Viewer.prototype.close = function () {
    if (this.closed) { return; }
    this.closed = true;
    this.update();
    this.events.abort();
    if (this.standalone) { location.replace(this.dialog.dataset.closeHref || "/"); return; }
    this.dialog.close();
    this.dialog.remove();
    if (this.pushed) { this.pushed = false; history.back(); }
    if (this.opener && this.opener.focus) { this.opener.focus(); }
    refreshRings(this.returnURL);
  };

  // After watching, bring the rings on the page underneath up to date, in place (the
  // links stay the same elements, so focus stays on the one that opened the viewer).
  // The page is fetched from the address it had when the viewer opened: at this point
  // history.back() has not landed yet and location.href is still the story's.
  function refreshRings(url) {
    if (!url || !document.querySelector("a[data-opens-viewer]")) { return; }
    Promise.all(Array.from(pendingSeen)).then(function () {
      return fetch(url, { headers: FETCH_HEADERS, credentials: "same-origin", cache: "no-store" });
    }).then(function (response) {
      return response.ok ? response.text() : Promise.reject();
    }).then(function (text) {
      var fresh = new DOMParser().parseFromString(text, "text/html");
      document.querySelectorAll("a[data-opens-viewer]").forEach(function (link) {
        var match = fresh.querySelector('a[data-opens-viewer][href="' + link.getAttribute("href").replace(/"/g, "") + '"]');
        if (!match) { return; }
        if (match.hasAttribute("aria-label")) { link.setAttribute("aria-label", match.getAttribute("aria-label")); }
        var label = link.querySelector(".visually-hidden"), freshLabel = match.querySelector(".visually-hidden");
        if (label && freshLabel) { label.textContent = freshLabel.textContent; }
        var ring = link.matches(".avatar-ring") ? link : link.querySelector(".avatar-ring");
        var freshRing = match.matches(".avatar-ring") ? match : match.querySelector(".avatar-ring");
        if (ring && freshRing) { ring.className = freshRing.className; }
      });
    }).catch(function () {});
  }

  // Focus lands on the story itself (not its first link), inside the modal dialog.
  function focusStage(dialog) {
    var stage = dialog.querySelector(".viewer-stage");
    if (stage) { stage.focus({ preventScroll: true }); }
  }

  function openFrom(link) {
    var returnURL = location.href;
    fetchPage(link.href).then(function (page) {
      var fresh = page.doc.querySelector("dialog.viewer");
      if (!fresh) { throw new Error("not a story page"); }
      pageCache.delete(link.href);
      var dialog = document.adoptNode(fresh);
      dialog.removeAttribute("open");
      document.body.appendChild(dialog);
      dialog.showModal();
      focusStage(dialog);
      history.pushState({ viewer: true }, "", page.url);
      markSeen(dialog);
      new Viewer(dialog, { opener: link, pushed: true, returnURL: returnURL });
    }).catch(function () { location.assign(link.href); });
  }

  // The strip for every kind of pointer and none: one Tab stop with the arrow keys (and a
  // TV remote's) moving between people, Home/End, Enter opening; and scroll buttons that
  // show only when there are people out of view in their direction.
  function enhanceStrip(list) {
    var links = Array.from(list.querySelectorAll(".strip-link"));
    if (!links.length) { return; }
    links.forEach(function (link, index) { link.tabIndex = index === 0 ? 0 : -1; });
    function move(to) {
      var target = links[Math.max(0, Math.min(links.length - 1, to))];
      links.forEach(function (link) { link.tabIndex = link === target ? 0 : -1; });
      target.focus();
      target.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
    list.addEventListener("keydown", function (event) {
      var index = links.indexOf(document.activeElement);
      if (index < 0) { return; }
      var to = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: links.length - 1 }[event.key];
      if (to === undefined) { return; }
      event.preventDefault();
      move(to);
    });
    var strip = list.parentElement;
    function button(label, className, direction) {
      var element = document.createElement("button");
      element.type = "button";
      element.className = "strip-scroll " + className;
      element.setAttribute("aria-label", label);
      element.tabIndex = -1; // the arrow keys already reach everyone; this is for pointers
      element.hidden = true;
      element.addEventListener("click", function () {
        list.scrollBy({ left: direction * Math.max(120, list.clientWidth * 0.8), behavior: "smooth" });
      });
      strip.appendChild(element);
      return element;
    }
    var previous = button("Show earlier people", "strip-scroll-previous", -1);
    var next = button("Show more people", "strip-scroll-next", 1);
    function update() {
      var max = list.scrollWidth - list.clientWidth;
      previous.hidden = list.scrollLeft <= 1;
      next.hidden = list.scrollLeft >= max - 1;
    }
    list.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    update();
  }

  // A home page left open (a TV, a tablet on the wall) keeps itself current: every
  // data-refresh-seconds while it is visible (and at once when it becomes visible again,
  // or comes back online) it fetches itself and, if anything changed, swaps in the new
  // strip, grid and notices in place, keeping focus and the strip's scroll position. So
  // new stories appear, expired ones leave, and an AppView outage heals by itself. The
  // event "grainstories:refresh" asks for a refresh now.
  function keepHomeCurrent(main) {
    var seconds = function () { return Math.max(5, parseInt(main.getAttribute("data-refresh-seconds") || "60", 10) || 60); };
    var timer = 0, running = false;
    function schedule() { clearTimeout(timer); timer = setTimeout(refresh, seconds() * 1000); }
    function refresh() {
      if (running || document.visibilityState === "hidden" || document.querySelector("dialog.viewer")) { schedule(); return; }
      running = true;
      fetch(location.href, { headers: FETCH_HEADERS, credentials: "same-origin", cache: "no-store" }).then(function (response) {
        return response.ok ? response.text() : Promise.reject(new Error("HTTP " + response.status));
      }).then(function (text) {
        var current = document.querySelector("main.home");
        var freshPage = new DOMParser().parseFromString(text, "text/html");
        var fresh = freshPage.querySelector("main.home");
        if (!fresh || !current || document.querySelector("dialog.viewer") || current.querySelector(".own-menu[open]") || document.querySelector(".account-menu[open]")) { return; }
        keepHeaderCurrent(freshPage);
        if (fresh.innerHTML === current.dataset.rendered) { return; }
        var list = current.querySelector(".strip-list");
        var scroll = list ? list.scrollLeft : 0;
        var focused = current.contains(document.activeElement) ? document.activeElement.getAttribute("href") : null;
        var replacement = document.adoptNode(fresh);
        replacement.dataset.rendered = replacement.innerHTML;
        current.replaceWith(replacement);
        var newList = replacement.querySelector(".strip-list");
        if (newList) { enhanceStrip(newList); newList.scrollLeft = scroll; }
        if (focused) {
          var again = replacement.querySelector('a[href="' + focused.replace(/"/g, "") + '"]');
          if (again) { again.focus({ preventScroll: true }); }
        }
        main = replacement;
        document.dispatchEvent(new CustomEvent("grainstories:refreshed"));
      }).catch(function () {}).then(function () { running = false; schedule(); });
    }
    main.dataset.rendered = main.innerHTML;
    document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") { refresh(); } });
    window.addEventListener("online", refresh);
    document.addEventListener("grainstories:refresh", refresh);
    schedule();
  }

  // On a shared tablet the account picked may change in another tab: the refreshed strip
  // is then the new account's, and the header (who is current, the menu and its form
  // tokens) is replaced with the one made with it, so the two never disagree.
  function keepHeaderCurrent(freshPage) {
    var current = document.querySelector("header.site-header"), fresh = freshPage.querySelector("header.site-header");
    if (!current || !fresh || current.innerHTML === fresh.innerHTML) { return; }
    current.replaceWith(document.adoptNode(fresh));
  }

  // An avatar that fails to load (gone from the CDN, not an image) becomes the person's
  // letter, like an avatar that was never set, instead of a broken-image icon. Errors do
  // not bubble, so this listens in the capture phase; avatars that failed before this
  // script ran are found by their state.
  function letterFor(image) {
    var letter = document.createElement("span");
    letter.className = image.className.replace(/\bavatar\b/, "avatar avatar-initial");
    letter.setAttribute("aria-hidden", "true");
    letter.textContent = image.getAttribute("data-initial") || "?";
    image.replaceWith(letter);
  }
  document.addEventListener("error", function (event) {
    var target = event.target;
    if (target && target.tagName === "IMG" && target.classList.contains("avatar") && target.hasAttribute("data-initial")) { letterFor(target); }
  }, true);

  function start() {
    document.querySelectorAll("img.avatar[data-initial]").forEach(function (image) {
      if (image.complete && image.naturalWidth === 0 && image.getAttribute("src")) { letterFor(image); }
    });
    // The home page remembers its HTML as the server sent it, before the strip is enhanced.
    var home = document.querySelector("main.home[data-refresh-seconds]");
    if (home) { keepHomeCurrent(home); }
    var strip = document.querySelector(".strip-list");
    if (strip) { enhanceStrip(strip); }
    var dialog = document.querySelector("dialog.viewer[open]");
    if (dialog) {
      dialog.close();
      dialog.showModal();
      focusStage(dialog);
      new Viewer(dialog, { standalone: true });
      return;
    }
    document.addEventListener("click", function (event) {
      var link = event.target.closest ? event.target.closest("a[data-opens-viewer]") : null;
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) { return; }
      if (document.querySelector("dialog.viewer")) { return; }
      event.preventDefault();
      openFrom(link);
    });
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
