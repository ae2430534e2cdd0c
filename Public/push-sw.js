/*
 * GrainStories push service worker: shows the push messages the server sends for new
 * activity (Web Push, RFC 8030/8291). It does nothing else (no fetch handler, no cache),
 * so it never stands between the browser and the server.
 *
 * Served at /push-sw.js (a fixed address, not a fingerprinted one, so a new release
 * updates this registration instead of adding another). A future app-shell service
 * worker should take these two listeners over and be registered at the same address;
 * the browser then replaces this one and keeps its push subscription.
 *
 * The payload is JSON {title, body, url, tag} and names no one: the lock screen shows
 * only what kind of activity there is; the names are on /activity, behind the sign-in.
 */
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
