// GrainStories, the part the story viewer (viewer.js and the files beside it) and TV mode
// (tv.js) share: fetching our own pages, fetching photos ahead, the refresh loop of a page
// left open, the story timer and the key map. The heart, the comments and posting use its
// fetch header. Plain functions on window.GrainStories, no modules and no build step:
// each page loads this file before the scripts that use it.
(function () {
  "use strict";
  var G = window.GrainStories = window.GrainStories || {};

  // The one header our script's requests carry, as [name, value]. The server tells them
  // from a person's by it: a story fetched ahead is not seen yet, and /seen, the heart and
  // the upload answer only the script.
  G.fetchHeader = ["X-GrainStories-Fetch", "1"];

  // The header as fetch() takes it; a new object each time, so no caller can change it.
  G.fetchHeaders = function () {
    var headers = {};
    headers[G.fetchHeader[0]] = G.fetchHeader[1];
    return headers;
  };

  // fetch() with our header and the cookies; `init` as fetch() takes it.
  G.fetch = function (url, init) {
    var options = { credentials: "same-origin" }, key;
    for (key in init || {}) { options[key] = init[key]; }
    var headers = G.fetchHeaders();
    for (key in options.headers || {}) { headers[key] = options.headers[key]; }
    options.headers = headers;
    return fetch(url, options);
  };

  // One of our pages, fetched and parsed: { url (after redirects), status, doc }. Only a
  // 2xx answer counts, unless `options.anyStatus` (TV shows its message pages as they
  // are); `options.fresh` asks the server again rather than taking the browser's copy
  // ("no-cache": the copy's ETag goes with the request, so a page that did not change
  // comes back as a 304 of a few hundred bytes and the browser hands over its copy).
  G.fetchPage = function (url, options) {
    options = options || {};
    return G.fetch(url, options.fresh ? { cache: "no-cache" } : {}).then(function (response) {
      if (!response.ok && !options.anyStatus) { throw new Error("HTTP " + response.status); }
      return response.text().then(function (text) {
        return { url: response.url, status: response.status, doc: new DOMParser().parseFromString(text, "text/html") };
      });
    });
  };

  // Pages asked for ahead, by address: one request per address, forgotten when it fails
  // (so the next ask tries again) or when the page has been used (`forget`).
  function PageCache(load) {
    this.load = load;
    this.pages = new Map();
  }
  PageCache.prototype.get = function (url) {
    var pages = this.pages;
    if (!pages.has(url)) {
      var page = this.load(url);
      pages.set(url, page);
      page.catch(function () { if (pages.get(url) === page) { pages.delete(url); } });
    }
    return pages.get(url);
  };
  PageCache.prototype.forget = function (url) { this.pages.delete(url); };
  PageCache.prototype.clear = function () { this.pages.clear(); };
  G.PageCache = PageCache;

  // Resolves once `image` (an <img> or an Image) has loaded and decoded, or failed, or at
  // once if there is none: a story waits for its photo, but one that cannot load must not
  // hold it back.
  G.photoReady = function (image) {
    if (!image) { return Promise.resolve(); }
    if (image.decode) { return image.decode().then(function () {}, function () {}); }
    return new Promise(function (resolve) {
      if (image.complete) { resolve(); return; }
      image.addEventListener("load", function () { resolve(); }, { once: true });
      image.addEventListener("error", function () { resolve(); }, { once: true });
    });
  };

  // Chromium puts an <img> whose srcset is set while it is in no document on the
  // document's list of images to tell about a resized window, and only taking it out of
  // the document takes it off: one that never went in stays alive as long as the page (a
  // TV left running gained a renderer node per story: scripts/bench-tv). So a photo loaded
  // ahead passes through the document once it is ready: in and out in the same task, so
  // nothing is drawn and nothing is fetched again. Its attributes must not change once it
  // is out of the document again, or it goes back on the list.
  function passThroughDocument(image) {
    if (!image.isConnected && document.body) {
      document.body.appendChild(image);
      image.remove();
    }
    return image;
  }

  // The same for the photos of a page, or part of one, put together out of the document
  // and dropped without being shown: each goes through the document on its way out (and
  // so out of `root`, which is dropped anyway).
  G.letGoOfPhotos = function (root) {
    Array.prototype.forEach.call(root.querySelectorAll("img"), function (image) { passThroughDocument(image); });
  };

  // Fetches a photo ahead, so its story shows it at once; resolves as photoReady does.
  // `photo` is a URL or a page's <img>: its srcset and sizes come along, so the browser
  // fetches the very size that <img> will show. At low priority: whatever is on screen
  // goes first.
  G.preloadImage = function (photo) {
    var src = photo && photo.getAttribute ? photo.getAttribute("src") : photo;
    if (!src) { return Promise.resolve(); }
    var image = new Image();
    image.decoding = "async";
    image.fetchPriority = "low";
    if (photo.getAttribute && photo.getAttribute("srcset")) {
      image.sizes = photo.getAttribute("sizes") || "";
      image.srcset = photo.getAttribute("srcset");
    }
    image.src = src;
    return G.photoReady(image).then(function () { passThroughDocument(image); });
  };

  // A copy of a fetched page's <img> (every attribute, src last), made in this document
  // and loaded and decoded here; resolves with it once it is ready, as photoReady does.
  // The copy itself goes on screen: an <img> adopted from a parsed page starts its own
  // load only after adoption, and its decode() may settle before that load (WebKit),
  // so waiting on it can let a photo in half-drawn; this one is known to be there.
  G.readyImage = function (photo) {
    var image = document.createElement("img");
    Array.prototype.forEach.call(photo.attributes, function (attribute) {
      if (attribute.name !== "src" && attribute.name !== "fetchpriority") { image.setAttribute(attribute.name, attribute.value); }
    });
    image.fetchPriority = "low";
    var src = photo.getAttribute("src");
    if (src) { image.setAttribute("src", src); }
    return G.photoReady(image).then(function () { return passThroughDocument(image); });
  };

  // A page left open (a TV, a tablet on the wall) keeps itself current: `refresh` runs
  // every interval() milliseconds, at once when the page is shown again or comes back
  // online, and on the event "grainstories:refresh"; never two at a time. It returns the
  // refresh under way (a promise) or nothing (nothing to do now); either way the next one
  // is scheduled from when this one is over. A call for one while another is under way is
  // kept, not dropped: what changed may have come after that one asked (a TV shown again
  // refreshes, and Grain's news arrives meanwhile), so another runs as soon as it is over.
  function RefreshLoop(interval, refresh) {
    this.interval = interval;
    this.refresh = refresh;
    this.timer = 0;
    this.running = false;
    this.again = false;
    var loop = this;
    document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") { loop.now(); } });
    window.addEventListener("online", function () { loop.now(); });
    document.addEventListener("grainstories:refresh", function () { loop.now(); });
    this.schedule();
  }
  RefreshLoop.prototype.schedule = function () {
    var loop = this;
    clearTimeout(this.timer);
    this.timer = setTimeout(function () { loop.now(); }, this.interval());
  };
  RefreshLoop.prototype.now = function () {
    if (this.running) { this.again = true; return; }
    this.again = false;
    var loop = this, work = this.refresh();
    if (!work) { this.schedule(); return; }
    this.running = true;
    work.catch(function () {}).then(function () {
      loop.running = false;
      if (loop.again) { loop.now(); } else { loop.schedule(); }
    });
  };
  G.RefreshLoop = RefreshLoop;

  // The timer of the story on screen, shown by its progress bar `fill`. It drives an
  // Animation: the bar's own CSS animation named `options.animationName` (the viewer's, in
  // app.css), or one made here from `options.keyframes` over `options.duration` (TV's,
  // whose length is the page's), or without Web Animations a plain timeout. It starts
  // held, `options.elapsed` into the story; run(true) and run(false) play and hold it.
  // `onEnd` is called once, when the bar is full, and never after stop(): only this
  // timer's own animation ends it, so the end of another story's bar moves nothing on.
  function StoryTimer(fill, options) {
    this.fill = fill;
    this.duration = options.duration || 0;
    this.onEnd = options.onEnd;
    this.running = false;
    this.mode = options.animationName ? (fill ? "css" : "none") : (fill && fill.animate ? "made" : "timeout");
    this.over = this.mode === "none";
    var elapsed = Math.min(options.elapsed || 0, this.duration), timer = this;
    if (this.mode === "css") {
      // An end that reports no time run is not the bar filling up: under load, Chromium
      // delivered one (elapsedTime 0) for the bar's animation from before the viewer
      // reopened its dialog as modal, and the story was skipped at once.
      this.listener = function (event) {
        if (event.target === fill && event.animationName === options.animationName && event.elapsedTime > 0) { timer.end(); }
      };
      fill.addEventListener("animationend", this.listener);
      fill.style.animationPlayState = "paused";
    } else if (this.mode === "made") {
      this.animation = fill.animate(options.keyframes, { duration: this.duration, fill: "forwards" });
      this.animation.currentTime = elapsed;
      this.animation.pause();
      this.animation.onfinish = function () { timer.end(); };
    } else if (this.mode === "timeout") {
      this.fallback = { left: Math.max(0, this.duration - elapsed), since: 0, timeout: 0 };
    }
  }
  StoryTimer.prototype.run = function (running) {
    if (this.over || running === this.running) { return; }
    this.running = running;
    var timer = this;
    if (this.mode === "css") {
      this.fill.style.animationPlayState = running ? "running" : "paused";
    } else if (this.mode === "made") {
      // A finished animation told to play would start again from nothing.
      if (!running) { this.animation.pause(); } else if (this.animation.playState !== "finished") { this.animation.play(); }
    } else if (running) {
      this.fallback.since = Date.now();
      this.fallback.timeout = setTimeout(function () { timer.end(); }, this.fallback.left);
    } else {
      clearTimeout(this.fallback.timeout);
      this.fallback.left = Math.max(0, this.fallback.left - (Date.now() - this.fallback.since));
    }
  };
  // How far into the story the timer is, in milliseconds.
  StoryTimer.prototype.elapsed = function () {
    if (this.mode === "made") { return this.animation.currentTime || 0; }
    if (this.mode === "timeout") { return Math.min(this.duration, this.duration - this.fallback.left + (this.running ? Date.now() - this.fallback.since : 0)); }
    var css = this.mode === "css" && this.fill.getAnimations ? this.fill.getAnimations()[0] : null;
    return css ? css.currentTime || 0 : 0;
  };
  // The bar is full: report it once. The bar stays full until its page is swapped.
  StoryTimer.prototype.end = function () {
    if (this.over) { return; }
    this.detach();
    this.onEnd();
  };
  // Lets go of the bar for good: no end will be reported, and a made animation is
  // cancelled (the bar's own CSS animation stays with its page).
  StoryTimer.prototype.stop = function () {
    this.detach();
    if (this.animation) { this.animation.cancel(); }
  };
  StoryTimer.prototype.detach = function () {
    this.over = true;
    if (this.listener) { this.fill.removeEventListener("animationend", this.listener); }
    if (this.animation) { this.animation.onfinish = null; }
    if (this.fallback) { clearTimeout(this.fallback.timeout); }
  };
  G.StoryTimer = StoryTimer;

  // Remotes whose Back key has no name: LG webOS (461) and Samsung Tizen (10009).
  var BACK_KEY_CODES = [461, 10009];

  // The action `map` names for a key press, or null. Presses with Alt, Ctrl or Meta belong
  // to the browser and the system. With Shift held a "Shift+Key" entry comes first; a
  // remote's unnamed Back key is looked up as "RemoteBack".
  G.keyAction = function (event, map) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return null; }
    var shifted = event.shiftKey ? map["Shift+" + event.key] : null;
    var back = BACK_KEY_CODES.indexOf(event.keyCode) !== -1 ? map.RemoteBack : null;
    return shifted || map[event.key] || back || null;
  };
})();
