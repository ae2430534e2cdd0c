// GrainStories TV mode (/tv): plays the stories in place, without reloading the page.
//
// The server renders one story per page with links to where each remote key leads
// (the nav's data-tv-action links). This script fetches the page a link names, swaps
// it in, and times each story with the current progress bar's animation: when it
// finishes, the next page comes in (fetched ahead, its photo already loaded).
//
// Keys: → ← stories, ↓ ↑ (PageDown, PageUp) people, Enter or Space pause and resume,
// Escape or Back leave (to /), F full screen. The list of people is fetched again every
// data-refresh-seconds (and at once on the event "grainstories:refresh"), so new
// stories appear and expired ones leave; "grainstories:refreshed" says it happened.
// The screen is kept awake while a story plays where the browser allows it (Screen Wake
// Lock, which needs https or localhost; elsewhere nothing happens), and let go in night
// hours, on a message and while paused; the clock, the night hours and the screen cookie
// are tv-frame.js's (loaded before this file).
//
// A new page comes in only once its photos are decoded (so nothing is drawn half-way or
// moves), over the old one, which fades out (unless the screen's setting says not to or
// the viewer prefers reduced motion). A page shown again from the back-forward cache,
// or after the device slept or went offline, is fetched again at once.
//
// Without the tvplayer cookie the server adds a meta refresh for browsers without
// scripts; a page cannot call that off, so the first time, the script sets the cookie
// and loads the page again without it.
//
// Fetching, photos fetched ahead, the refresh loop, the story timer and the key lookup
// are shared.js's (loaded before this file); what is left here is TV's own.
(function () {
  "use strict";
  var G = window.GrainStories = window.GrainStories || {};
  var COOKIE = "tvplayer";
  var FILL = [{ transform: "scaleX(0)" }, { transform: "scaleX(1)" }];
  var POINTER_MS = 3000;
  var FADE_MS = 1200;
  var REDUCED_MOTION = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

  // A TV page, fetched and parsed, with its photos loaded and decoded (or failed) before
  // it counts as ready, so swapping it in never shows a half-drawn photo: the ready
  // copies (G.readyImage) go with it, to stand in for the page's own <img>s when it is
  // shown. Any status will do as long as it is a TV page: a message page (nothing to
  // play, Grain down) is shown as it is.
  function loadPage(href) {
    return G.fetchPage(href, { fresh: true, anyStatus: true }).then(function (page) {
      if (!page.doc.querySelector("main.tv")) { throw new Error("not a TV page"); }
      var images = Array.prototype.map.call(page.doc.querySelectorAll(".tv-image"), G.readyImage);
      return Promise.all(images).then(function (ready) { return { doc: page.doc, images: ready }; });
    });
  }

  function Player(main) {
    this.main = main;
    this.interval = Math.max(1, parseInt(main.getAttribute("data-interval") || "8", 10) || 8) * 1000;
    this.refreshMs = Math.max(5, parseInt(main.getAttribute("data-refresh-seconds") || "60", 10) || 60) * 1000;
    this.paused = main.getAttribute("data-paused") === "true";
    this.pages = new G.PageCache(loadPage);
    this.token = 0;
    this.swaps = 0;
    this.timer = null;
    this.shown = 0;
    this.refreshDue = false;
    this.leaving = null;
    var player = this;
    this.wake = new G.ScreenWake();
    this.nightDue = false;
    this.clock = new G.FrameClock(function () {
      player.nightDue = true;
      player.refreshLoop.now();
    });
    this.refreshLoop = new G.RefreshLoop(function () { return player.refreshMs; }, function () { return player.refresh(); });
    this.listen();
    this.begin(null);
  }

  Player.prototype.href = function (action) {
    var link = this.main.querySelector('[data-tv-action="' + action + '"]');
    return link ? link.getAttribute("href") : null;
  };

  // Shows the page the action's link names. Only the last move asked for counts.
  Player.prototype.go = function (action) {
    var href = this.href(action);
    if (!href) { return; }
    var token = ++this.token;
    var player = this;
    this.pages.get(href).then(function (page) {
      if (token === player.token) { player.show(page); }
    }, function () {
      // The server did not answer: stay, and try again after another interval.
      if (token === player.token && action === "next") { player.begin(null); }
    });
  };

  // Swaps in a fetched page once its photos are decoded. The same story again (a
  // refresh) keeps its photos and where its timer is; anything else starts afresh, the
  // old page fading out over it. Resolves when the page is on screen (or another move
  // came first).
  Player.prototype.show = function (page) {
    var doc = page.doc, parsed = doc.querySelector("main.tv");
    // The ready copies take the places of the parsed page's own <img>s, which stay behind
    // in the parsed page: adopted here, each would start loading its photo again and
    // linger, one element for every story shown.
    var places = [];
    Array.prototype.forEach.call(parsed.querySelectorAll(".tv-image"), function (image, index) {
      var ready = page.images[index];
      if (!ready || ready.parentNode) { return; }
      var place = doc.createComment("photo");
      image.parentNode.replaceChild(place, image);
      places.push({ place: place, image: ready });
    });
    var fresh = document.adoptNode(parsed);
    places.forEach(function (slot) { slot.place.parentNode.replaceChild(slot.image, slot.place); });
    var player = this, swap = ++this.swaps;
    var images = Array.prototype.map.call(fresh.querySelectorAll(".tv-image"), G.photoReady);
    return Promise.all(images).then(function () {
      if (swap === player.swaps) { player.swap(fresh, doc.title); } else { G.letGoOfPhotos(fresh); }
    });
  };

  Player.prototype.swap = function (fresh, title) {
    var story = fresh.getAttribute("data-story");
    var carried = null;
    var same = !!story && story === this.main.getAttribute("data-story") && fresh.getAttribute("data-partner") === this.main.getAttribute("data-partner");
    if (same) {
      var photos = this.main.querySelectorAll(".tv-photo");
      Array.prototype.forEach.call(fresh.querySelectorAll(".tv-photo"), function (freshPhoto, index) {
        if (photos[index]) {
          freshPhoto.parentNode.replaceChild(photos[index], freshPhoto);
          G.letGoOfPhotos(freshPhoto);
        }
      });
      carried = this.timer ? this.timer.elapsed() : 0;
    }
    this.stopTimer();
    this.shown++;
    if (this.main.classList.contains("tv-pointer")) { fresh.classList.add("tv-pointer"); }
    this.finishFade();
    var old = this.main;
    old.parentNode.insertBefore(fresh, old);
    if (!same && this.fades(fresh)) {
      // The old page stays on top, out of reach, and fades out over the new one.
      old.classList.add("tv-leaving");
      old.setAttribute("aria-hidden", "true");
      old.inert = true;
      var animation = old.animate([{ opacity: 1 }, { opacity: 0 }], { duration: FADE_MS, easing: "ease-in-out", fill: "forwards" });
      var player = this;
      this.leaving = { page: old, animation: animation };
      animation.onfinish = function () { player.finishFade(); };
    } else {
      old.remove();
    }
    this.main = fresh;
    this.pages.clear();
    document.title = title;
    var self = fresh.getAttribute("data-self-href");
    if (self && window.history && history.replaceState) { history.replaceState(null, "", self); }
    this.begin(carried);
  };

  // Whether a new page fades in: the screen's setting, and never under reduced motion.
  Player.prototype.fades = function (fresh) {
    return fresh.getAttribute("data-fade") === "true" && !(REDUCED_MOTION && REDUCED_MOTION.matches) && !!fresh.animate;
  };

  // Ends a fade under way: the old page goes.
  Player.prototype.finishFade = function () {
    var leaving = this.leaving;
    this.leaving = null;
    if (!leaving) { return; }
    leaving.animation.onfinish = null;
    leaving.animation.cancel();
    leaving.page.remove();
  };

  // Starts the page on screen: its pause state, the clock and the wake lock, and for a
  // story its timer (once the photo is there) and the next page fetched ahead.
  Player.prototype.begin = function (elapsed) {
    this.showPaused();
    this.clock.show(this.main);
    this.wake.want(this.main.hasAttribute("data-story") && !this.paused);
    if (G.tvScreenCookie(this.main) && !this.screenAsked) {
      // The page was made for another shape or time zone: ask for it again, once.
      this.screenAsked = true;
      this.refreshLoop.now();
    }
    if (!this.main.hasAttribute("data-story")) { return; }
    var player = this;
    var image = this.main.querySelector(".tv-image");
    var shown = this.shown;
    function run() {
      if (shown !== player.shown) { return; }
      player.startTimer(elapsed || 0);
      var next = player.href("next");
      if (next) { player.pages.get(next).catch(function () {}); }
    }
    if (elapsed !== null) { run(); } else { G.photoReady(image).then(run); }
  };

  Player.prototype.startTimer = function (elapsed) {
    this.stopTimer();
    var player = this;
    this.timer = new G.StoryTimer(this.main.querySelector(".tv-segment-current .tv-fill"), {
      keyframes: FILL, duration: this.interval, elapsed: elapsed, onEnd: function () { player.go("next"); }
    });
    this.timer.run(!this.paused);
    this.main.setAttribute("data-state", this.paused ? "paused" : "playing");
  };

  Player.prototype.stopTimer = function () {
    if (this.timer) { this.timer.stop(); }
    this.timer = null;
  };

  Player.prototype.setPaused = function (paused) {
    if (paused === this.paused) { return; }
    this.paused = paused;
    if (this.timer) { this.timer.run(!paused); }
    this.showPaused();
    this.wake.want(this.main.hasAttribute("data-story") && !paused);
    this.clock.place();
    if (this.main.hasAttribute("data-state")) { this.main.setAttribute("data-state", paused ? "paused" : "playing"); }
    if (!paused && this.refreshDue) { this.refreshLoop.now(); }
  };

  // The badge, the pause link's words and the dimming follow the pause state. Dimming
  // is CSS (after a minute of .tv-is-paused); setting the class again restarts the minute.
  Player.prototype.showPaused = function () {
    var main = this.main;
    main.classList.remove("tv-is-paused");
    if (this.paused) {
      void main.offsetWidth;
      main.classList.add("tv-is-paused");
    }
    var badge = main.querySelector(".tv-paused-badge");
    if (badge) { badge.hidden = !this.paused; }
    var control = main.querySelector('[data-tv-action="pause"]');
    if (control) { control.textContent = this.paused ? "Play" : "Pause"; }
  };

  // Fetches the page on screen again (the shared refresh loop calls this): a new list of
  // people, new links, and if the story is gone, whatever the server shows instead. A
  // message page recovers this way too. While paused the page holds still (a swap would
  // wake a dimmed screen); the refresh comes when it plays again, unless night hours
  // start or end (the clock says so).
  Player.prototype.refresh = function () {
    var force = this.nightDue;
    this.nightDue = false;
    if (!force && this.paused && this.main.hasAttribute("data-story")) {
      this.refreshDue = true;
      return null;
    }
    this.refreshDue = false;
    var href = this.main.getAttribute("data-self-href");
    if (!href) { return null; }
    var player = this;
    var token = this.token;
    this.pages.forget(href);
    return this.pages.get(href).then(function (page) {
      if (token !== player.token) { return; }
      return player.show(page).then(function () { document.dispatchEvent(new CustomEvent("grainstories:refreshed")); });
    });
  };

  Player.prototype.act = function (action) {
    if (action === "pause") {
      this.setPaused(!this.paused);
    } else if (action === "leave") {
      location.assign(this.href("leave") || "/");
    } else {
      if (this.paused) { this.showPaused(); }
      this.go(action);
    }
  };

  // The remote's keys (and a keyboard's); see shared.js for the unnamed Back keys.
  var KEYS = {
    ArrowRight: "next", MediaTrackNext: "next", MediaFastForward: "next",
    ArrowLeft: "previous", MediaTrackPrevious: "previous", MediaRewind: "previous",
    ArrowDown: "next-author", PageDown: "next-author", ChannelDown: "next-author",
    ArrowUp: "previous-author", PageUp: "previous-author", ChannelUp: "previous-author",
    Enter: "pause", " ": "pause", MediaPlayPause: "pause", MediaPlay: "play", MediaPause: "hold",
    Escape: "leave", Backspace: "leave", BrowserBack: "leave", GoBack: "leave", RemoteBack: "leave",
    f: "fullscreen", F: "fullscreen"
  };

  Player.prototype.listen = function () {
    var player = this;
    document.addEventListener("keydown", function (event) {
      var action = event.defaultPrevented ? null : G.keyAction(event, KEYS);
      if (action === "fullscreen") { toggleFullscreen(); return; }
      if (action === "play" || action === "hold") { player.setPaused(action === "hold"); return; }
      // Enter on a focused control is that control's click.
      if (action === "pause" && event.key === "Enter" && document.activeElement && document.activeElement.closest &&
          document.activeElement.closest("[data-tv-action]")) { return; }
      if (!action) { return; }
      event.preventDefault();
      player.act(action);
    });
    // Out of sight, the controls take no press: the first tap (a phone, a tablet standing
    // up) or click only shows them, even where it lands on one, and the next presses what
    // is now seen. Hiding them from the pointer in CSS would not do: after the mousemove
    // a tap makes (which shows them) Chromium looks again at what is under the finger.
    var swallowClick = false;
    document.addEventListener("pointerdown", function () {
      var controls = player.main.querySelector(".tv-controls");
      swallowClick = !!controls && !player.main.classList.contains("tv-pointer") && !controls.contains(document.activeElement);
      showControls();
    }, true);
    // A press that never became a click (a drag, a key) leaves nothing to swallow.
    document.addEventListener("pointercancel", function () { swallowClick = false; }, true);
    document.addEventListener("keydown", function () { swallowClick = false; }, true);
    document.addEventListener("click", function (event) {
      if (!swallowClick) { return; }
      swallowClick = false;
      event.preventDefault();
      event.stopPropagation();
    }, true);
    document.addEventListener("click", function (event) {
      var link = event.target.closest ? event.target.closest("[data-tv-action]") : null;
      if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) { return; }
      var action = link.getAttribute("data-tv-action");
      if (action === "leave" || action === "settings") { return; }
      event.preventDefault();
      player.act(action);
    });
    var pointerTimer = 0;
    function showControls() {
      player.main.classList.add("tv-pointer");
      clearTimeout(pointerTimer);
      pointerTimer = setTimeout(function () { player.main.classList.remove("tv-pointer"); }, POINTER_MS);
    }
    document.addEventListener("mousemove", showControls);
    // The refresh loop (shared.js) refreshes when the page is shown again or the network
    // comes back; ScreenWake asks for the wake lock again. A page restored from the
    // back-forward cache had its timers frozen for who knows how long: fetch it again.
    window.addEventListener("pageshow", function (event) { if (event.persisted) { player.refreshLoop.now(); } });
    // A screen turned (a tablet) may change what pairs: the server is told, and asked again.
    var resizeTimer = 0;
    window.addEventListener("resize", function () {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(function () {
        if (G.tvScreenCookie(player.main)) { player.refreshLoop.now(); }
      }, 300);
    });
  };

  function toggleFullscreen() {
    var root = document.documentElement;
    try {
      if (document.fullscreenElement) {
        document.exitFullscreen().catch(function () {});
      } else if (root.requestFullscreen) {
        root.requestFullscreen().catch(function () {});
      }
    } catch (error) { /* not allowed here */ }
  }

  function start() {
    var main = document.querySelector("main.tv");
    if (!main) { return; }
    if (document.querySelector('meta[http-equiv="refresh"]')) {
      // Hand over from the meta refresh (see above), once: if the cookie did not stick,
      // or the page came back with a refresh anyway, the refresh plays and keys still work.
      var tried = false;
      try { tried = sessionStorage.getItem(COOKIE) === "1"; sessionStorage.setItem(COOKIE, "1"); } catch (error) { tried = false; }
      document.cookie = COOKIE + "=1; path=/tv; max-age=31536000; samesite=lax";
      G.tvScreenCookie(null);
      if (!tried && document.cookie.indexOf(COOKIE + "=1") !== -1) {
        location.replace(location.href);
        return;
      }
      listenWithoutPlaying(main);
      return;
    }
    try { sessionStorage.removeItem(COOKIE); } catch (error) { /* no storage */ }
    new Player(main);
  }

  // The meta refresh plays; the keys follow the page's links.
  function listenWithoutPlaying(main) {
    document.addEventListener("keydown", function (event) {
      var action = event.defaultPrevented ? null : G.keyAction(event, KEYS);
      var link = action ? main.querySelector('[data-tv-action="' + action + '"]') : null;
      if (!link || (event.key === "Enter" && document.activeElement === link)) { return; }
      event.preventDefault();
      location.assign(link.getAttribute("href"));
    });
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
