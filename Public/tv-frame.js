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
    var clock = this;
    this.main = main;
    this.tick();
    // Again once each photo is in: its own shape, not the one the page said it has.
    Array.prototype.forEach.call(main.querySelectorAll(".tv-image"), function (image) {
      G.photoReady(image).then(function () { if (clock.main === main) { clock.place(); } });
    });
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

  // How far tv.css's slow drift (against burn-in) moves things, in vw and vh: the words
  // (tv-drift) by each of these, the photos (tv-drift-photo) up to this, scaled about
  // the middle of their frame. The clock keeps clear of everywhere they wander to.
  var WORD_DRIFT = [[0, 0], [1.5, -1.2], [-0.5, -2.4], [-1.5, -0.8]];
  var PHOTO_DRIFT = { x: 0.6, y: -0.6, scale: 1.015 };

  function rect(left, top, width, height) { return { left: left, top: top, right: left + width, bottom: top + height }; }
  function union(a, b) {
    return { left: Math.min(a.left, b.left), top: Math.min(a.top, b.top), right: Math.max(a.right, b.right), bottom: Math.max(a.bottom, b.bottom) };
  }
  function overlap(a, b) {
    return Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  }
  // An element's box as laid out, before any transform (the drift's): offsets up to the page.
  function laidOut(element) {
    var left = 0, top = 0;
    for (var e = element; e; e = e.offsetParent) { left += e.offsetLeft; top += e.offsetTop; }
    return rect(left, top, element.offsetWidth, element.offsetHeight);
  }
  // Where one object-position coordinate ("100%", "right", "12px") puts a photo with
  // `free` pixels of room along that axis.
  function offsetIn(free, position) {
    var named = { left: 0, top: 0, center: 50, right: 100, bottom: 100 }[position];
    if (named !== undefined) { return free * named / 100; }
    if (/%$/.test(position)) { return free * parseFloat(position) / 100; }
    return isFinite(parseFloat(position)) ? parseFloat(position) : free / 2;
  }
  // Everywhere a photo is painted on its drift: its <img> box narrowed by object-fit:
  // contain at its object-position, at rest and at the drift's far end.
  function photoReach(image, vw, vh) {
    var box = laidOut(image), shape = image.naturalWidth / image.naturalHeight;
    // Before it has loaded, the shape its width and height attributes give.
    if (!shape || !isFinite(shape)) { shape = (parseFloat(image.getAttribute("width")) / parseFloat(image.getAttribute("height"))) || 1; }
    var boxWidth = box.right - box.left, boxHeight = box.bottom - box.top;
    var width = Math.min(boxWidth, boxHeight * shape), height = Math.min(boxHeight, boxWidth / shape);
    var position = (getComputedStyle(image).objectPosition || "50% 50%").split(" ");
    var painted = rect(box.left + offsetIn(boxWidth - width, position[0]), box.top + offsetIn(boxHeight - height, position[1] || "50%"), width, height);
    var frame = laidOut(image.parentNode), cx = (frame.left + frame.right) / 2, cy = (frame.top + frame.bottom) / 2;
    var s = PHOTO_DRIFT.scale, dx = PHOTO_DRIFT.x * vw, dy = PHOTO_DRIFT.y * vh;
    return union(painted, {
      left: cx + (painted.left - cx) * s + dx, right: cx + (painted.right - cx) * s + dx,
      top: cy + (painted.top - cy) * s + dy, bottom: cy + (painted.bottom - cy) * s + dy
    });
  }
  // Everywhere an element is on its drift (or just where it is, if it does not drift).
  function wordReach(element, vw, vh) {
    if (!element.classList.contains("tv-drift")) { return element.getBoundingClientRect(); }
    var box = laidOut(element), reach = null;
    WORD_DRIFT.forEach(function (step) {
      var moved = { left: box.left + step[0] * vw, right: box.right + step[0] * vw, top: box.top + step[1] * vh, bottom: box.bottom + step[1] * vh };
      reach = reach ? union(reach, moved) : moved;
    });
    return reach;
  }

  // Puts the clock where it hides the least: never on the words or the controls if it can
  // help it, then on as little photo as it can (none where the letterboxing leaves a band
  // wide enough: beside a portrait on a wide screen, above or below a landscape photo on
  // one standing up), then as near a corner as it can. The places tried are the corners
  // and the spots right beside each thing on screen, so a band between the words and a
  // photo is found as well as a corner.
  FrameClock.prototype.place = function () {
    var main = this.main, clock = main && main.querySelector(".tv-clock");
    if (!clock) { return; }
    var W = innerWidth, H = innerHeight, vw = W / 100, vh = H / 100;
    var photos = Array.prototype.map.call(main.querySelectorAll(".tv-image"), function (image) { return photoReach(image, vw, vh); });
    var words = Array.prototype.filter.call(main.querySelectorAll(".tv-caption, .tv-queue, .tv-progress, .tv-paused-badge, .tv-control"), function (element) {
      return !element.hidden && element.getClientRects().length > 0;
    }).map(function (element) { return wordReach(element, vw, vh); });
    // Set through the CSSOM: the page's CSP (style-src 'self') refuses style attributes.
    ["left", "top", "right", "bottom"].forEach(function (edge) { clock.style[edge] = ""; });
    var size = clock.getBoundingClientRect(), w = size.width, h = size.height;
    var side = 3 * vw, top = 5 * vh, bottom = H - 4 * vh - h, right = W - side - w;
    var xs = [right, side], ys = [top, bottom];
    words.concat(photos).forEach(function (thing) {
      xs.push(thing.right + vw, thing.left - vw - w);
      ys.push(thing.bottom + vh, thing.top - vh - h);
    });
    var best = null;
    ys.forEach(function (y) {
      xs.forEach(function (x) {
        if (x < side - 0.5 || x > right + 0.5 || y < 2 * vh - 0.5 || y + h > H - 2 * vh + 0.5) { return; }
        var box = rect(x, y, w, h);
        var cost = [
          words.reduce(function (sum, word) { return sum + overlap(box, word); }, 0),
          photos.reduce(function (sum, photo) { return sum + overlap(box, photo); }, 0),
          Math.min(Math.abs(x - side), Math.abs(x - right)) + Math.min(Math.abs(y - top), Math.abs(y - bottom))
        ];
        if (!best || cost[0] < best.cost[0] - 0.5 || (cost[0] <= best.cost[0] + 0.5 && (cost[1] < best.cost[1] - 0.5 || (cost[1] <= best.cost[1] + 0.5 && cost[2] < best.cost[2] - 0.5)))) {
          best = { x: x, y: y, cost: cost };
        }
      });
    });
    var corner = best ? (best.y + h / 2 < H / 2 ? "top" : "bottom") + "-" + (best.x + w / 2 < W / 2 ? "left" : "right") : "top-right";
    if (best) {
      clock.style.left = best.x + "px";
      clock.style.top = best.y + "px";
      clock.style.right = clock.style.bottom = "auto";
    }
    clock.classList.toggle("tv-clock-left", corner.slice(-4) === "left");
    clock.classList.toggle("tv-clock-right", corner.slice(-5) === "right");
    clock.setAttribute("data-corner", corner);
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
