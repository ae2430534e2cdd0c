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
// The screen is kept awake where the browser allows it (Screen Wake Lock, which needs
// https or localhost; elsewhere nothing happens).
//
// Without the tvplayer cookie the server adds a meta refresh for browsers without
// scripts; a page cannot call that off, so the first time, the script sets the cookie
// and loads the page again without it.
(function () {
  "use strict";

  var COOKIE = "tvplayer";
  var FILL = [{ transform: "scaleX(0)" }, { transform: "scaleX(1)" }];
  var POINTER_MS = 3000;

  function Player(main) {
    this.main = main;
    this.interval = Math.max(1, parseInt(main.getAttribute("data-interval") || "8", 10) || 8) * 1000;
    this.refreshMs = Math.max(5, parseInt(main.getAttribute("data-refresh-seconds") || "60", 10) || 60) * 1000;
    this.paused = main.getAttribute("data-paused") === "true";
    this.pages = {};
    this.token = 0;
    this.animation = null;
    this.fallback = null;
    this.refreshing = false;
    this.refreshTimer = 0;
    this.shown = 0;
    this.refreshDue = false;
    this.listen();
    this.keepAwake();
    this.begin(null);
    this.scheduleRefresh();
  }

  Player.prototype.href = function (action) {
    var link = this.main.querySelector('[data-tv-action="' + action + '"]');
    return link ? link.getAttribute("href") : null;
  };

  // A TV page, fetched and parsed, with its photo loaded (or failed) before it counts as
  // ready, so swapping it in never shows a half-drawn photo. Any status will do as long
  // as it is a TV page: a message page (nothing to play, Grain down) is shown as it is.
  Player.prototype.load = function (href) {
    if (!this.pages[href]) {
      this.pages[href] = fetch(href, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
        return response.text();
      }).then(function (text) {
        var doc = new DOMParser().parseFromString(text, "text/html");
        if (!doc.querySelector("main.tv")) { throw new Error("not a TV page"); }
        var image = doc.querySelector(".tv-image");
        if (!image) { return doc; }
        return new Promise(function (resolve) {
          var preload = new Image();
          preload.onload = preload.onerror = function () { resolve(doc); };
          preload.src = image.getAttribute("src");
        });
      });
      var pages = this.pages;
      this.pages[href].catch(function () { delete pages[href]; });
    }
    return this.pages[href];
  };

  // Shows the page the action's link names. Only the last move asked for counts.
  Player.prototype.go = function (action) {
    var href = this.href(action);
    if (!href) { return; }
    var token = ++this.token;
    var player = this;
    this.load(href).then(function (doc) {
      if (token === player.token) { player.show(doc); }
    }, function () {
      // The server did not answer: stay, and try again after another interval.
      if (token === player.token && action === "next") { player.begin(null); }
    });
  };

  // Swaps in a fetched page. The same story again (a refresh) keeps its photo and where
  // its timer is; anything else starts afresh.
  Player.prototype.show = function (doc) {
    var fresh = document.adoptNode(doc.querySelector("main.tv"));
    var story = fresh.getAttribute("data-story");
    var carried = null;
    if (story && story === this.main.getAttribute("data-story")) {
      var photo = this.main.querySelector(".tv-photo");
      var freshPhoto = fresh.querySelector(".tv-photo");
      if (photo && freshPhoto) { freshPhoto.parentNode.replaceChild(photo, freshPhoto); }
      carried = this.elapsed();
    }
    this.stopTimer();
    this.shown++;
    if (this.main.classList.contains("tv-pointer")) { fresh.classList.add("tv-pointer"); }
    this.main.parentNode.replaceChild(fresh, this.main);
    this.main = fresh;
    this.pages = {};
    document.title = doc.title;
    var self = fresh.getAttribute("data-self-href");
    if (self && window.history && history.replaceState) { history.replaceState(null, "", self); }
    this.begin(carried);
  };

  // Starts the page on screen: its pause state, and for a story its timer (once the
  // photo is there) and the next page fetched ahead.
  Player.prototype.begin = function (elapsed) {
    this.showPaused();
    if (!this.main.hasAttribute("data-story")) { return; }
    var player = this;
    var image = this.main.querySelector(".tv-image");
    var shown = this.shown;
    function run() {
      if (shown !== player.shown) { return; }
      player.startTimer(elapsed || 0);
      var next = player.href("next");
      if (next) { player.load(next).catch(function () {}); }
    }
    if (elapsed !== null || !image || (image.complete && image.naturalWidth > 0)) { run(); return; }
    image.addEventListener("load", run, { once: true });
    image.addEventListener("error", run, { once: true });
  };

  Player.prototype.startTimer = function (elapsed) {
    this.stopTimer();
    var player = this;
    var fill = this.main.querySelector(".tv-segment-current .tv-fill");
    if (fill && fill.animate) {
      this.animation = fill.animate(FILL, { duration: this.interval, fill: "forwards" });
      this.animation.currentTime = Math.min(elapsed, this.interval);
      if (this.paused) { this.animation.pause(); }
      this.animation.onfinish = function () { player.go("next"); };
      this.main.setAttribute("data-state", this.paused ? "paused" : "playing");
      return;
    }
    // No Web Animations: a plain timer, kept as the time left when paused.
    this.fallback = { left: Math.max(0, this.interval - elapsed), since: 0, timer: 0 };
    if (!this.paused) { this.runFallback(); }
    this.main.setAttribute("data-state", this.paused ? "paused" : "playing");
  };

  Player.prototype.runFallback = function () {
    var player = this;
    this.fallback.since = Date.now();
    this.fallback.timer = setTimeout(function () { player.go("next"); }, this.fallback.left);
  };

  Player.prototype.stopTimer = function () {
    if (this.animation) {
      this.animation.onfinish = null;
      this.animation.cancel();
      this.animation = null;
    }
    if (this.fallback) {
      clearTimeout(this.fallback.timer);
      this.fallback = null;
    }
  };

  // How far into the story on screen the timer is, in milliseconds.
  Player.prototype.elapsed = function () {
    if (this.animation) { return this.animation.currentTime || 0; }
    if (this.fallback) {
      var running = this.fallback.timer && !this.paused ? Date.now() - this.fallback.since : 0;
      return this.interval - this.fallback.left + running;
    }
    return 0;
  };

  Player.prototype.setPaused = function (paused) {
    if (paused === this.paused) { return; }
    this.paused = paused;
    if (this.animation) {
      if (paused) { this.animation.pause(); } else { this.animation.play(); }
    } else if (this.fallback) {
      if (paused) {
        clearTimeout(this.fallback.timer);
        this.fallback.left = Math.max(0, this.fallback.left - (Date.now() - this.fallback.since));
        this.fallback.timer = 0;
      } else {
        this.runFallback();
      }
    }
    this.showPaused();
    if (this.main.hasAttribute("data-state")) { this.main.setAttribute("data-state", paused ? "paused" : "playing"); }
    if (!paused && this.refreshDue) { this.refresh(); }
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

  // Fetches the page on screen again: a new list of people, new links, and if the story
  // is gone, whatever the server shows instead. A message page recovers this way too.
  // While paused the page holds still (a swap would wake a dimmed screen); the refresh
  // comes when it plays again.
  Player.prototype.refresh = function () {
    if (this.paused && this.main.hasAttribute("data-story")) {
      this.refreshDue = true;
      this.scheduleRefresh();
      return;
    }
    this.refreshDue = false;
    if (this.refreshing) { return; }
    var href = this.main.getAttribute("data-self-href");
    if (!href) { return; }
    this.refreshing = true;
    var player = this;
    var token = this.token;
    delete this.pages[href];
    this.load(href).then(function (doc) {
      if (token !== player.token) { return; }
      player.show(doc);
      document.dispatchEvent(new CustomEvent("grainstories:refreshed"));
    }, function () {}).then(function () {
      player.refreshing = false;
      player.scheduleRefresh();
    });
  };

  Player.prototype.scheduleRefresh = function () {
    var player = this;
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(function () { player.refresh(); }, this.refreshMs);
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

  var KEYS = {
    ArrowRight: "next", MediaTrackNext: "next", MediaFastForward: "next",
    ArrowLeft: "previous", MediaTrackPrevious: "previous", MediaRewind: "previous",
    ArrowDown: "next-author", PageDown: "next-author", ChannelDown: "next-author",
    ArrowUp: "previous-author", PageUp: "previous-author", ChannelUp: "previous-author",
    Enter: "pause", " ": "pause", MediaPlayPause: "pause",
    Escape: "leave", Backspace: "leave", BrowserBack: "leave", GoBack: "leave"
  };
  // Remotes whose Back key has no name: LG webOS (461) and Samsung Tizen (10009).
  var BACK_KEY_CODES = [461, 10009];

  Player.prototype.listen = function () {
    var player = this;
    document.addEventListener("keydown", function (event) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) { return; }
      var key = event.key;
      if (key === "f" || key === "F") { toggleFullscreen(); return; }
      var action = KEYS[key] || (BACK_KEY_CODES.indexOf(event.keyCode) !== -1 ? "leave" : null);
      if (key === "MediaPlay") { action = null; player.setPaused(false); }
      if (key === "MediaPause") { action = null; player.setPaused(true); }
      // Enter on a focused control is that control's click.
      if (action === "pause" && key === "Enter" && document.activeElement && document.activeElement.closest &&
          document.activeElement.closest("[data-tv-action]")) { return; }
      if (!action) { return; }
      event.preventDefault();
      player.act(action);
    });
    document.addEventListener("click", function (event) {
      var link = event.target.closest ? event.target.closest("[data-tv-action]") : null;
      if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) { return; }
      var action = link.getAttribute("data-tv-action");
      if (action === "leave") { return; }
      event.preventDefault();
      player.act(action);
    });
    var pointerTimer = 0;
    document.addEventListener("mousemove", function () {
      player.main.classList.add("tv-pointer");
      clearTimeout(pointerTimer);
      pointerTimer = setTimeout(function () { player.main.classList.remove("tv-pointer"); }, POINTER_MS);
    });
    document.addEventListener("grainstories:refresh", function () { player.refresh(); });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") {
        player.keepAwake();
        player.refresh();
      }
    });
    window.addEventListener("online", function () { player.refresh(); });
  };

  // The wake lock is let go by the browser whenever the page is hidden; ask again when
  // it is shown. Refusals (no secure context, no permission, low battery) are fine.
  Player.prototype.keepAwake = function () {
    if (!navigator.wakeLock || document.visibilityState !== "visible") { return; }
    try {
      navigator.wakeLock.request("screen").catch(function () {});
    } catch (error) { /* not allowed here */ }
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
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) { return; }
      var action = KEYS[event.key] || (BACK_KEY_CODES.indexOf(event.keyCode) !== -1 ? "leave" : null);
      var link = action ? main.querySelector('[data-tv-action="' + action + '"]') : null;
      if (!link || (event.key === "Enter" && document.activeElement === link)) { return; }
      event.preventDefault();
      location.assign(link.getAttribute("href"));
    });
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
