// GrainStories TV mode as a photo frame: what a screen left on for days needs besides
// playing stories (tv.js, loaded after this file, uses these).
//
// - ScreenWake keeps the screen on through the Screen Wake Lock API while there is
//   something to show, asks again whenever the page is shown again (the browser lets the
//   lock go when it is hidden), and lets it go when there is nothing to show (night hours,
//   a message, paused). Without the API (plain http on a LAN) it does nothing.
// - FrameClock writes the clock and date in the viewer's language every minute, places
//   them in a corner the photos leave free, and says when night hours start or end
//   (the page's data-night-change, worked out by the server in the screen's time zone).
// - screenCookie tells the server the screen's shape and time zone (the tvscreen
//   cookie): portrait pairs need a screen wider than tall, and night hours follow the
//   TV's own clock.
//
// Times are always read with Date.now() and passed to Intl explicitly, never Intl's own
// idea of "now", so the clock and the night hours move with the page's clock.
(function () {
  "use strict";
  var G = window.GrainStories = window.GrainStories || {};
  var SCREEN_COOKIE = "tvscreen";

  function ScreenWake() {
    this.wanted = false;
    this.sentinel = null;
    this.asking = null;
    var wake = this;
    document.addEventListener("visibilitychange", function () { wake.sync(); });
    window.addEventListener("pageshow", function () { wake.sync(); });
  }
  // Whether the screen should stay on now.
  ScreenWake.prototype.want = function (wanted) {
    this.wanted = wanted;
    this.sync();
  };
  ScreenWake.prototype.sync = function () {
    var wake = this;
    if (!this.wanted || document.visibilityState !== "visible") {
      if (this.wanted || !this.sentinel) { return; }
      var held = this.sentinel;
      this.sentinel = null;
      held.release().catch(function () {});
      return;
    }
    if (this.sentinel || this.asking || !navigator.wakeLock) { return; }
    try {
      this.asking = navigator.wakeLock.request("screen").then(function (sentinel) {
        wake.asking = null;
        // Let go at once if it is no longer wanted (night fell while asking).
        if (!wake.wanted) { sentinel.release().catch(function () {}); return; }
        wake.sentinel = sentinel;
        sentinel.addEventListener("release", function () { if (wake.sentinel === sentinel) { wake.sentinel = null; } });
      }, function () { wake.asking = null; });
    } catch (error) { this.asking = null; /* not allowed here */ }
  };
  G.ScreenWake = ScreenWake;

  // The clock of the page on screen (`.tv-clock`, when the page has one), and the watch
  // on its night hours: `onNightChange` is called once the time the page gave has come.
  function FrameClock(onNightChange) {
    this.main = null;
    this.timer = 0;
    this.onNightChange = onNightChange;
    var clock = this;
    window.addEventListener("resize", function () { clock.place(); });
  }
  FrameClock.prototype.show = function (main) {
    this.main = main;
    this.tick();
  };
  FrameClock.prototype.tick = function () {
    var clock = this, now = Date.now();
    clearTimeout(this.timer);
    var main = this.main;
    if (!main) { return; }
    var change = parseInt(main.getAttribute("data-night-change") || "", 10);
    if (change && now >= change) {
      main.removeAttribute("data-night-change");
      this.onNightChange();
    }
    var time = main.querySelector(".tv-clock-time");
    if (time) {
      var date = new Date(now);
      time.textContent = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" }).format(date);
      time.setAttribute("datetime", date.toISOString());
      var day = main.querySelector(".tv-clock-date");
      if (day) { day.textContent = new Intl.DateTimeFormat(undefined, { weekday: "long", day: "numeric", month: "long" }).format(date); }
      this.place();
    }
    // At the next whole minute (when the clock changes, and night hours start or end).
    this.timer = setTimeout(function () { clock.tick(); }, 60000 - now % 60000 + 50);
  };

  // The box a photo is painted in: its <img> box narrowed by object-fit: contain.
  function photoBox(image) {
    var r = image.getBoundingClientRect(), shape = image.naturalWidth / image.naturalHeight;
    // Before it has loaded, the shape its width and height attributes give.
    if (!shape || !isFinite(shape)) { shape = (parseFloat(image.getAttribute("width")) / parseFloat(image.getAttribute("height"))) || 1; }
    var width = Math.min(r.width, r.height * shape), height = Math.min(r.height, r.width / shape);
    return { left: r.left + (r.width - width) / 2, top: r.top + (r.height - height) / 2, right: r.left + (r.width + width) / 2, bottom: r.top + (r.height + height) / 2 };
  }
  function overlaps(a, b) {
    return a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  }
  var CORNERS = ["top-right", "top-left", "bottom-right", "bottom-left"];

  // Puts the clock in the first corner that hides no photo and nothing else on screen
  // (a corner the letterboxing leaves free); when every corner is on a photo, the first
  // that is at least clear of the words, over a photo's corner, where faces seldom are.
  FrameClock.prototype.place = function () {
    var main = this.main, clock = main && main.querySelector(".tv-clock");
    if (!clock) { return; }
    var photos = Array.prototype.map.call(main.querySelectorAll(".tv-image"), photoBox);
    var words = Array.prototype.filter.call(main.querySelectorAll(".tv-caption, .tv-queue, .tv-progress, .tv-paused-badge, .tv-qr"), function (element) {
      return !element.hidden && element.getClientRects().length > 0;
    }).map(function (element) { return element.getBoundingClientRect(); });
    var fallback = null, chosen = null;
    for (var i = 0; i < CORNERS.length && !chosen; i++) {
      CORNERS.forEach(function (corner) { clock.classList.toggle("tv-clock-" + corner, corner === CORNERS[i]); });
      var box = clock.getBoundingClientRect();
      if (words.some(function (word) { return overlaps(box, word); })) { continue; }
      if (!photos.some(function (photo) { return overlaps(box, photo); })) { chosen = CORNERS[i]; } else if (!fallback) { fallback = CORNERS[i]; }
    }
    chosen = chosen || fallback || CORNERS[0];
    CORNERS.forEach(function (corner) { clock.classList.toggle("tv-clock-" + corner, corner === chosen); });
    clock.setAttribute("data-corner", chosen);
  };
  G.FrameClock = FrameClock;

  // Tells the server this screen's shape and time zone; true when the page on screen
  // was made for another shape or zone (so it should be fetched again).
  G.tvScreenCookie = function (main) {
    var shape = innerWidth > innerHeight ? "wide" : "tall", zone = "";
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (error) { zone = ""; }
    if (!/^[A-Za-z0-9_+\-\/]{1,64}$/.test(zone)) { zone = ""; }
    document.cookie = SCREEN_COOKIE + "=shape=" + shape + "&zone=" + zone + "; path=/tv; max-age=31536000; samesite=lax";
    return !!main && (main.getAttribute("data-shape") !== shape || (zone !== "" && main.getAttribute("data-time-zone") !== zone));
  };
})();
