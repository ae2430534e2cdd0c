// GrainStories viewer: turns the server-rendered story pages into an app-like viewer.
// Without this script every control is a plain link and nothing advances on its own.
// It never builds HTML from strings: story pages come from our own server, are parsed
// with DOMParser and their nodes moved in; everything else is textContent.
//
// What runs when is decided by the state in viewer-state.js: this file turns what
// happens on the page into its events (with viewer-input.js for what a person does),
// and carries out the effects it answers. Needs shared.js before it; viewer-state.js,
// viewer-input.js and rings.js are used once the page has loaded.
(function () {
  "use strict";
  var G = window.GrainStories = window.GrainStories || {};
  var pages = new G.PageCache(function (url) { return G.fetchPage(url); });

  // Fetches a story page ahead (with its comment preview), and its photo. Set
  // `GrainStories.prefetching = false` before the scripts start to turn it off (the
  // viewer benchmark measures both ways).
  function prefetch(url) {
    if (!url || G.prefetching === false) { return; }
    pages.get(url).then(function (page) {
      var image = page.doc.querySelector("dialog.viewer .story-image");
      if (image) { G.preloadImage(image); }
    }).catch(function () {});
  }

  function isStoryURL(url) {
    try { return /^\/profile\/[^/]+\/story\/[^/]+$/.test(new URL(url, location.href).pathname); } catch (e) { return false; }
  }

  // A photo fills the stage (object-fit: cover) only when at most a fifth of it would be
  // cut off at its edges, as a 9:16 photo on a phone; any other shape is shown whole on
  // a blurred copy of itself (the stage's default, also without the script).
  var MAX_CROP = 0.2;
  function fitPhoto(dialog) {
    var image = dialog.querySelector(".viewer-stage .story-image"), figure = image && image.parentNode;
    if (!image) { return; }
    var width = image.naturalWidth || Number(image.getAttribute("width")), height = image.naturalHeight || Number(image.getAttribute("height"));
    var box = figure.getBoundingClientRect();
    if (!width || !height || !box.width || !box.height) { return; }
    var photo = width / height, stage = box.width / box.height;
    var fills = Math.min(photo, stage) / Math.max(photo, stage) >= 1 - MAX_CROP;
    figure.classList.toggle("photo-fills", fills);
    // The width it is drawn at, for srcset: filling the stage cuts the photo's edges, so
    // it is drawn wider (or taller) than the stage; shown whole, as wide as it fits. The
    // page's own `sizes` already counts the phone's fill (ImageSizes.wholePhoto), so this
    // only ever asks for more: a width the browser already has that is sharp enough is
    // kept, rather than fetching the photo a second time a few pixels narrower.
    if (image.getAttribute("srcset")) {
      var drawn = Math.ceil(fills ? Math.max(box.width, box.height * photo) : Math.min(box.width, box.height * photo));
      if (candidateWidth(image) < drawn * (window.devicePixelRatio || 1)) { image.sizes = drawn + "px"; }
    }
  }

  // The `w` of the srcset candidate the browser is showing (0 when none is known yet).
  function candidateWidth(image) {
    var current = image.currentSrc;
    if (!current) { return 0; }
    var found = 0;
    image.getAttribute("srcset").split(",").forEach(function (candidate) {
      var parts = candidate.trim().split(/\s+/);
      try {
        if (parts.length === 2 && new URL(parts[0], location.href).href === current) { found = parseInt(parts[1], 10) || 0; }
      } catch (error) { /* not a URL */ }
    });
    return found;
  }

  // Focus lands on the story itself (not its first link), inside the modal dialog.
  function focusStage(dialog) {
    var stage = dialog.querySelector(".viewer-stage");
    if (stage) { stage.focus({ preventScroll: true }); }
  }

  // The viewer's keys; a focused control's own keys are left to it (see onKey).
  var KEYS = {
    ArrowRight: "next", "Shift+ArrowRight": "next-author", PageDown: "next-author",
    ArrowLeft: "previous", "Shift+ArrowLeft": "previous-author", PageUp: "previous-author",
    " ": "pause", Spacebar: "pause", Escape: "close", l: "like", L: "like"
  };

  // One viewer at a time: a <dialog> shown modally, driven by this controller.
  function Viewer(dialog, options) {
    this.dialog = dialog;
    this.opener = options.opener || null;
    this.pushed = options.pushed || false;
    this.standalone = options.standalone || false;
    this.returnURL = options.returnURL || "";
    this.state = G.ViewerState.initial({
      reducedMotion: window.matchMedia("(prefers-reduced-motion: reduce)").matches,
      hidden: document.visibilityState === "hidden"
    });
    this.timer = null;
    this.suppressClick = false;
    this.events = new AbortController();
    this.announcer = document.createElement("p");
    this.announcer.className = "visually-hidden";
    this.announcer.setAttribute("aria-live", "polite");
    dialog.appendChild(this.announcer);
    // Reduced motion opens paused (viewer-state.js); the page says why until it plays.
    if (this.state.reasons.indexOf("user") !== -1) {
      this.motionNote = document.createElement("p");
      this.motionNote.className = "viewer-motion-note";
      this.motionNote.textContent = "Paused: your device asks for reduced motion. Press Play (or Space) to start.";
      dialog.appendChild(this.motionNote);
    }
    this.onResize = function () { fitPhoto(dialog); };
    window.addEventListener("resize", this.onResize, { signal: this.events.signal });
    G.listenToViewer(this, this.events.signal);
    this.startStory(false);
  }

  // Hands an event to the state, then shows the state and carries out its effects.
  Viewer.prototype.send = function (event) {
    var result = G.ViewerState.next(this.state, event);
    this.state = result.state;
    this.render();
    for (var i = 0; i < result.effects.length; i++) { this.perform(result.effects[i]); }
  };

  Viewer.prototype.perform = function (effect) {
    var self = this;
    switch (effect.type) {
      case "timer":
        if (this.timer) { this.timer.stop(); }
        this.timer = new G.StoryTimer(this.currentFill(), {
          animationName: "story-progress",
          onEnd: function () { self.send({ type: "ended", story: effect.story }); }
        });
        this.render();
        break;
      case "prefetch": prefetch(this.link("next")); prefetch(this.dialog.dataset.nextAuthorHref); break;
      case "advance": this.go(this.link("next"), false); break;
      case "move":
        if (effect.wait) { setTimeout(function () { self.go(effect.url, true, effect.tap); }, effect.wait); } else { this.go(effect.url, true, effect.tap); }
        break;
      case "return": this.restore(effect.url); break;
      case "favorite": this.favorite(effect); break;
      case "swap": this.swap(effect.page, effect.url, effect.manual); break;
      case "leave": location.assign(effect.url); break;
      case "close": this.close(); break;
    }
  };

  // Everything the state decides: whether the timer runs, and the pause button.
  Viewer.prototype.render = function () {
    var state = this.state, running = state.phase === "playing";
    var gated = state.reasons.indexOf("gate") !== -1, paused = state.reasons.indexOf("user") !== -1;
    if (this.timer) { this.timer.run(running); }
    this.dialog.classList.toggle("is-playing", running);
    // A finger held down pauses and clears the screen to look at the photo, as Instagram does.
    this.dialog.classList.toggle("is-held", state.reasons.indexOf("held") !== -1);
    if (this.motionNote && !paused) { this.motionNote.remove(); this.motionNote = null; }
    var button = this.dialog.querySelector(".viewer-pause");
    if (button) {
      // A content warning holds the timer until "Show" is chosen; the button would only
      // claim the story plays (and pressing it would pause it behind the warning).
      if (button.hidden !== gated && button.contains(document.activeElement)) { focusStage(this.dialog); }
      button.hidden = gated;
      button.classList.toggle("is-paused", paused);
      button.setAttribute("aria-label", paused ? "Play" : "Pause");
    }
  };

  Viewer.prototype.hold = function (reason, held) {
    this.send({ type: held ? "hold" : "release", reason: reason });
  };

  Viewer.prototype.currentFill = function () {
    return this.dialog.querySelector(".viewer-stage .segment-current .fill");
  };

  Viewer.prototype.link = function (rel) {
    var link = this.dialog.querySelector('.tap-zone[rel="' + rel + '"]');
    return link ? link.getAttribute("href") : "";
  };

  // Where a key or a swipe leads; "" is nowhere.
  Viewer.prototype.target = function (action) {
    var data = this.dialog.dataset;
    if (action === "next") { return this.link("next"); }
    if (action === "previous") { return this.link("prev"); }
    if (action === "next-author") { return data.nextAuthorHref || data.closeHref || ""; }
    if (action === "previous-author") { return data.previousAuthorHref || ""; }
    return "";
  };

  Viewer.prototype.startStory = function (announce) {
    var self = this, dialog = this.dialog;
    var gate = dialog.querySelector(".label-gate");
    this.send({ type: "story", gated: !!(gate && !gate.open) });
    var story = this.state.story, image = dialog.querySelector(".story-image");
    fitPhoto(dialog);
    G.photoReady(image).then(function () { fitPhoto(dialog); self.send({ type: "ready", story: story }); });
    var status = dialog.querySelector("#story-status");
    if (announce && status) { this.announcer.textContent = status.textContent; }
  };

  // Moves to another story in place (no page load), keeping the address current. A
  // move is a step away from the story shown when it was asked for: once another story
  // is on stage (an earlier tap, or the bar's end, got there first) it is dropped.
  // `tap`: the number of the tap that asked (viewer-state.js), so a double tap can undo it.
  Viewer.prototype.go = function (url, manual, tap) {
    if (this.state.phase === "closed" || !url) { return; }
    if (!isStoryURL(url)) { if (url === this.dialog.dataset.closeHref) { this.send({ type: "close", tap: tap }); } return; }
    var self = this, from = this.state.story;
    pages.get(url).then(function (page) {
      self.send({ type: "arrived", from: from, page: page, url: url, manual: manual, tap: tap });
    }, function () { self.send({ type: "failed", from: from, url: url, tap: tap }); });
  };

  Viewer.prototype.swap = function (page, url, manual) {
    var fresh = page.doc.querySelector("dialog.viewer");
    if (!fresh || !fresh.querySelector(".viewer-stage")) { location.assign(url); return; }
    pages.forget(url);
    var neighbours = Array.from(fresh.querySelectorAll(":scope > .viewer-neighbour"));
    this.show({ data: Object.assign({}, fresh.dataset), stage: fresh.querySelector(".viewer-stage"), neighbours: neighbours, title: page.doc.title, url: page.url }, manual);
  };

  // Puts a story on stage: its data, stage and neighbours, title and address. The story
  // it replaces is kept (`left`), so a double tap can put it back without a fetch.
  Viewer.prototype.show = function (story, manual) {
    var dialog = this.dialog, old = dialog.querySelector(".viewer-stage");
    var shown = dialog.querySelectorAll(":scope > .viewer-neighbour");
    this.left = { data: Object.assign({}, dialog.dataset), stage: old, neighbours: Array.from(shown), title: document.title, url: location.href };
    Object.keys(dialog.dataset).forEach(function (key) { delete dialog.dataset[key]; });
    Object.keys(story.data).forEach(function (key) { dialog.dataset[key] = story.data[key]; });
    var hadFocus = dialog.contains(document.activeElement);
    old.replaceWith(document.adoptNode(story.stage));
    // The people shown small beside the story (wide screens) move along with it.
    story.neighbours.forEach(function (node, index) {
      if (shown[index]) { shown[index].replaceWith(document.adoptNode(node)); }
    });
    if (hadFocus || !dialog.contains(document.activeElement)) { focusStage(dialog); }
    document.title = story.title;
    history.replaceState(history.state, "", story.url);
    G.rings.markSeen(dialog);
    this.startStory(manual);
  };

  // A double tap undoes its first tap's move: the story left is put back as it was.
  Viewer.prototype.restore = function (url) {
    var left = this.left;
    if (left && left.url === url) { this.show(left, false); } else { this.go(url, false); }
  };

  // A double tap or the like key (L): hearts the story on stage, never un-hearts it,
  // with a heart where the finger was (the photo's middle for a key), and says so.
  Viewer.prototype.favorite = function (point) {
    var dialog = this.dialog, form = dialog.querySelector(".viewer-stage form.viewer-favorite");
    var heart = form ? form.querySelector(".viewer-heart") : dialog.querySelector(".viewer-stage .viewer-heart");
    if (!form) { this.announcer.textContent = heart ? heart.getAttribute("aria-label") : ""; return; }
    var photo = dialog.querySelector(".viewer-stage .viewer-photo"), box = photo ? photo.getBoundingClientRect() : null;
    var x = point && point.x !== undefined ? point.x : box ? box.left + box.width / 2 : 0;
    var y = point && point.y !== undefined ? point.y : box ? box.top + box.height / 2 : 0;
    var burst = document.createElement("span"), icon = heart.querySelector("svg");
    burst.className = "tap-heart";
    burst.setAttribute("aria-hidden", "true");
    burst.style.left = x + "px";
    burst.style.top = y + "px";
    if (icon) { burst.appendChild(icon.cloneNode(true)); }
    dialog.appendChild(burst);
    setTimeout(function () { burst.remove(); }, 1000);
    if (heart.getAttribute("aria-pressed") !== "true" && !form.dataset.busy) {
      if (form.requestSubmit) { form.requestSubmit(); } else { heart.click(); }
    }
    this.announcer.textContent = "Liked";
  };

  // Carries out the close the state has decided.
  Viewer.prototype.close = function () {
    if (this.timer) { this.timer.stop(); }
    this.events.abort();
    if (this.standalone) { location.replace(this.dialog.dataset.closeHref || "/"); return; }
    this.dialog.close();
    this.dialog.remove();
    if (this.pushed) { this.pushed = false; history.back(); }
    if (this.opener && this.opener.focus) { this.opener.focus(); }
    G.rings.refresh(this.returnURL);
  };

  // Opens the story a link names in the viewer, over the page. A link in a menu ("View
  // your story" in the own tile's) closes the menu first: it would stay open behind the
  // viewer, and focus goes back to the menu's button, the link being hidden with it.
  function openFrom(link) {
    var returnURL = location.href, menu = link.closest("details[open]");
    var opener = menu ? menu.querySelector("summary") || link : link;
    if (menu) { menu.open = false; }
    pages.get(link.href).then(function (page) {
      var fresh = page.doc.querySelector("dialog.viewer");
      if (!fresh) { throw new Error("not a story page"); }
      pages.forget(link.href);
      var dialog = document.adoptNode(fresh);
      dialog.removeAttribute("open");
      document.body.appendChild(dialog);
      dialog.showModal();
      focusStage(dialog);
      history.pushState({ viewer: true }, "", page.url);
      G.rings.markSeen(dialog);
      new Viewer(dialog, { opener: opener, pushed: true, returnURL: returnURL });
    }).catch(function () { location.assign(link.href); });
  }

  // The viewer on a story's own page, or opening from the links that lead to one.
  G.startViewer = function () {
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
  };

  G.Viewer = Viewer;
  G.viewerKeys = KEYS;
  G.focusStage = focusStage;
})();
