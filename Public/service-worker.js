// GrainStories' one service worker. The server serves it as /sw.js (its scope is the whole
// site; /push-sw.js, the address of the push-only worker of earlier releases, serves the
// same script so those registrations update to it and keep their push subscription) with
// this release's name and files put in front of it (WebAppFiles):
//   self.GRAIN_RELEASE = { version: "…", offline: "/offline", assets: ["/assets/app.1a2b3c4d5e.css", …] }
//
// What it keeps, and nothing else: the offline page (the same for everyone; it names no
// account) and the fingerprinted assets (the same bytes for everyone, a new address
// whenever they change). Pages are never kept: every page comes from the server, so no
// signed-in page, no photo (behind a content warning or not) and nothing of one account
// is ever stored where the browser could show it to another account. When the server
// does not answer a page, the offline page is shown in its place; it says so and tries
// again by itself (offline.js).
//
// A new release brings a new GRAIN_RELEASE, so this script's bytes change: the browser
// installs the new worker, which keeps the new release's files in a cache of its own,
// takes over at once and deletes the older caches. Nothing mixes: pages always come from
// the server, and an asset is found by its fingerprinted address, so a page gets exactly
// the bytes it names, whichever release it came from.
//
// A scope has one service worker, so Web Push's "push" and "notificationclick" handlers
// (activity.js subscribes) are in this file too, at its end.
(function () {
  "use strict";
  var release = self.GRAIN_RELEASE;
  var prefix = "grainstories-";
  var cacheName = prefix + release.version;
  // /assets/<name>.<10 hex digits>[.<extension>]: an address whose bytes never change.
  var fingerprinted = /^\/assets\/.+\.[0-9a-f]{10}(\.[A-Za-z0-9]+)?$/;

  self.addEventListener("install", function (event) {
    event.waitUntil(caches.open(cacheName).then(function (cache) {
      return cache.addAll([release.offline].concat(release.assets));
    }).then(function () {
      return self.skipWaiting();
    }));
  });

  self.addEventListener("activate", function (event) {
    event.waitUntil(caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf(prefix) === 0 && name !== cacheName;
      }).map(function (name) {
        return caches.delete(name);
      }));
    }).then(function () {
      // The page's request starts while the worker starts, instead of after it.
      if (self.registration.navigationPreload) { return self.registration.navigationPreload.enable(); }
    }).then(function () {
      return self.clients.claim();
    }));
  });

  function offlinePage() {
    return caches.open(cacheName).then(function (cache) {
      return cache.match(release.offline);
    }).then(function (page) {
      return page || Response.error();
    });
  }

  self.addEventListener("fetch", function (event) {
    var request = event.request;
    // Forms (a share, an upload, Post) and everything of other sites go to the network
    // untouched.
    if (request.method !== "GET") { return; }
    var url = new URL(request.url);
    if (url.origin !== self.location.origin) { return; }
    if (request.mode === "navigate") {
      // Always the server's page; the offline page only when there is no answer at all.
      event.respondWith(Promise.resolve(event.preloadResponse).then(function (preloaded) {
        return preloaded || fetch(request);
      }).catch(offlinePage));
      return;
    }
    if (fingerprinted.test(url.pathname)) {
      event.respondWith(caches.open(cacheName).then(function (cache) {
        return cache.match(request, { ignoreVary: true }).then(function (kept) {
          return kept || fetch(request).then(function (response) {
            if (response.status === 200 && response.type === "basic") { cache.put(request, response.clone()); }
            return response;
          });
        });
      }));
    }
    // Everything else (photos, drafts, the script's own requests) is the network's.
  });
})();

// Web Push (RFC 8030/8291): shows the push messages the server sends for new activity.
// The payload is JSON {title, body, url, tag} and names no one: the lock screen shows
// only what kind of activity there is; the names are on /activity, behind the sign-in.
self.addEventListener("push", (event) => {
  let message = { title: "GrainStories", body: "New activity", url: "/activity", tag: "grainstories-activity" };
  try {
    if (event.data) message = Object.assign(message, event.data.json());
  } catch (error) {
    // A payload that is not JSON still becomes a plain notice.
  }
  const url = typeof message.url === "string" && message.url.startsWith("/") ? message.url : "/activity";
  event.waitUntil(
    self.registration.showNotification(String(message.title), {
      body: String(message.body),
      tag: String(message.tag || "grainstories-activity"),
      renotify: true,
      icon: "/favicon.ico",
      data: { url },
    })
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/activity", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const window of windows) {
        if (window.url === url && "focus" in window) return window.focus();
      }
      return self.clients.openWindow(url);
    })
  );
});
