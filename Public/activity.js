/*
 * The Activity page's push settings for this browser. Push needs a service worker
 * (/push-sw.js) and the Push API; without them (or without JavaScript) the page says so
 * and everything else on it works.
 *
 * "Turn on" asks the browser for permission, subscribes with the server's VAPID key and
 * sends the subscription with the chosen kinds; changing a kind sends them again; "Turn
 * off" removes this browser for the signed-in account (other accounts on this browser
 * keep theirs, so the browser's subscription itself stays while any account uses it).
 */
(() => {
  const box = document.querySelector("[data-push]");
  if (!box) return;
  const status = box.querySelector("[data-push-status]");
  const on = box.querySelector("[data-push-on]");
  const off = box.querySelector("[data-push-off]");
  const choices = Array.from(box.querySelectorAll("input[data-push-kind]"));
  const csrf = box.querySelector("input[name=csrf]").value;
  const key = box.getAttribute("data-vapid-key");
  const say = (text) => { status.textContent = text; };

  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !key) {
    say("This browser cannot receive push messages from here (it needs https, or localhost).");
    return;
  }

  const decode = (text) => {
    const padded = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  };

  // Our requests carry the fetch header (shared.js), which other sites cannot send.
  const headers = (extra) => Object.assign(window.GrainStories.fetchHeaders(), extra || {});

  const post = (path, fields) =>
    fetch(path, {
      method: "POST",
      headers: headers({ "Content-Type": "application/x-www-form-urlencoded" }),
      body: new URLSearchParams(Object.assign({ csrf }, fields)).toString(),
      credentials: "same-origin",
    });

  const kinds = () => {
    const chosen = {};
    for (const input of choices) if (input.checked) chosen[input.getAttribute("data-push-kind")] = "on";
    return chosen;
  };

  const show = (subscribed) => {
    on.hidden = subscribed;
    off.hidden = !subscribed;
    for (const input of choices) input.disabled = !subscribed;
  };

  const send = async (subscription) => {
    const json = subscription.toJSON();
    const answer = await post("/activity/push", Object.assign({ endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth }, kinds()));
    if (!answer.ok) throw new Error("the server answered " + answer.status);
  };

  const start = async () => {
    const registration = await navigator.serviceWorker.register("/push-sw.js");
    const subscription = await registration.pushManager.getSubscription();
    if (!subscription) { show(false); say("Push is off on this browser."); return; }
    const answer = await fetch("/activity/push?endpoint=" + encodeURIComponent(subscription.endpoint), { credentials: "same-origin", headers: headers() });
    const known = answer.ok ? await answer.json() : { kinds: [] };
    for (const input of choices) input.checked = known.kinds.includes(input.getAttribute("data-push-kind"));
    show(known.subscribed === true);
    say(known.subscribed === true ? "Push is on on this browser." : "Push is off on this browser for this account.");
  };

  on.addEventListener("click", async () => {
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") { say("The browser did not allow notifications."); return; }
      const registration = await navigator.serviceWorker.register("/push-sw.js");
      const subscription = (await registration.pushManager.getSubscription())
        || (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: decode(key) }));
      if (!choices.some((input) => input.checked)) for (const input of choices) input.checked = true;
      await send(subscription);
      show(true);
      say("Push is on on this browser.");
    } catch (error) {
      say("Push could not be turned on: " + error.message);
    }
  });

  off.addEventListener("click", async () => {
    const registration = await navigator.serviceWorker.getRegistration("/push-sw.js");
    const subscription = registration && (await registration.pushManager.getSubscription());
    if (subscription) await post("/activity/push/off", { endpoint: subscription.endpoint });
    show(false);
    say("Push is off on this browser for this account.");
  });

  for (const input of choices) {
    input.addEventListener("change", async () => {
      const registration = await navigator.serviceWorker.getRegistration("/push-sw.js");
      const subscription = registration && (await registration.pushManager.getSubscription());
      if (subscription) {
        try { await send(subscription); say("Saved."); } catch (error) { say("Not saved: " + error.message); }
      }
    });
  }

  start().catch((error) => say("Push settings could not be read: " + error.message));
})();
