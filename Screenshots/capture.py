#!/usr/bin/env python3
"""Screenshots of every page a person sees, for one engine, colour scheme, data set and size.

Starts a fresh server for the run (Server, below), then drives a browser through it:
headless Chromium through chromedriver (Benchmarks/viewer_bench.py's WebDriver), with
reduced motion and the colour scheme emulated, or WebKitGTK through WebKitWebDriver under
an Xvfb of its own (webkit.py), with both taken from GTK's settings. The story viewer
starts paused (reduced motion), so every screenshot is the same from run to run. Before
each screenshot it waits for the page, not for a clock: the document loaded, every image
in view finished (loaded or failed) and decoded, the fonts ready and two frames drawn.
Pages taller than the screen get a second, full-page screenshot. Each page's controls are
looked at too (layout.py: cut off, overlapping, small tap targets on touch sizes), for the
report; nothing is asserted.

Signed-in pages use a real PDS (arroba, Tests/PDS/launch_pds.py) behind Screenshots/pds_gate.py,
signing in through the real form; the gate holds, drops or refuses the PDS calls so the draft
page can be seen posting, retrying and failed before a second photo is posted for real.

Usage: capture.py --grain-bin BIN --appview URL --data-dir DIR --log FILE --dataset NAME
                  --size phone|tablet|desktop|tv|4k --engine chromium|webkit --scheme light|dark
                  --out DIR --gate URL --account ACCOUNT.json --photo PHOTO.jpg
Writes DIR/<engine>/<scheme>/<dataset>/<size>/<page>.png (and <page>-full.png) and appends
one JSON line per page to DIR/manifest.jsonl. Prints one line per page. On SIGTERM it
closes the browser and the server before it exits.
"""

import argparse
import base64
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Benchmarks"))
import viewer_bench  # noqa: E402
from viewer_bench import WebDriverError  # noqa: E402
import datasets  # noqa: E402
import layout  # noqa: E402
import webkit  # noqa: E402

# touch: a touch screen (Chromium emulates it; WebKitGTK cannot, see webkit.py), where the
# report lists tap targets under 44 x 44 px. scale: Chromium's device pixel ratio.
SIZES = {
    "phone": {"width": 390, "height": 844, "scale": 2, "touch": True},
    "tablet": {"width": 820, "height": 1180, "scale": 2, "touch": True},
    "desktop": {"width": 1440, "height": 900, "scale": 1, "touch": False},
    "tv": {"width": 1920, "height": 1080, "scale": 1, "touch": False},
    "4k": {"width": 3840, "height": 2160, "scale": 1, "touch": False},
}
ENGINES = ("chromium", "webkit")
SCHEMES = ("light", "dark")

# Resolves once the document is complete, every image in (or near) the viewport has
# finished (loaded or failed) and been decoded, and the fonts are ready; then two frames.
SETTLED = r"""
const done = arguments[arguments.length - 1];
const deadline = performance.now() + 20000;
const wanted = img => {
  if (img.loading !== 'lazy') { return true; }
  const box = img.getBoundingClientRect();
  // A lazy image that is not rendered (display: none, like the viewer's neighbours on a
  // phone) never loads.
  if (box.width === 0 && box.height === 0) { return false; }
  return box.bottom > -100 && box.top < innerHeight + 100;
};
const report = timedOut => {
  const images = Array.from(document.images).filter(wanted);
  const nav = performance.getEntriesByType('navigation')[0];
  done({
    timedOut,
    url: location.pathname + location.search,
    title: document.title,
    status: nav ? nav.responseStatus : 0,
    images: images.length,
    broken: images.filter(img => img.complete && img.naturalWidth === 0 && img.getAttribute('src')).map(img => img.getAttribute('src')),
    scrollHeight: document.documentElement.scrollHeight,
    viewportHeight: innerHeight,
  });
};
const frames = () => requestAnimationFrame(() => requestAnimationFrame(() => report(false)));
const poll = () => {
  if (performance.now() > deadline) { return report(true); }
  const images = Array.from(document.images).filter(wanted);
  if (document.readyState !== 'complete' || images.some(img => !img.complete)) { return setTimeout(poll, 50); }
  Promise.all(images.map(img => img.naturalWidth ? img.decode().catch(() => {}) : null))
    .then(() => document.fonts.ready)
    .then(frames);
};
poll();
"""


class Browser:
    """One browser (headless Chromium through chromedriver, or WebKitGTK through
    WebKitWebDriver under Xvfb) at one screen size and colour scheme, with reduced motion,
    and helpers to wait for pages."""

    def __init__(self, size, engine, scheme):
        self.size = SIZES[size]
        self.engine = engine
        if engine == "webkit":
            self.driver = webkit.WebKitDriver(self.size["width"], self.size["height"], scheme == "dark", error=WebDriverError)
            return
        mobile = None
        if self.size["touch"]:
            mobile = {"deviceMetrics": {"width": self.size["width"], "height": self.size["height"],
                                        "pixelRatio": self.size["scale"], "touch": True, "mobile": True}}
        # Phones show scrollbars only while scrolling (and a fading one made screenshots differ).
        touch_args = ["--hide-scrollbars"] if self.size["touch"] else []
        self.driver = viewer_bench.WebDriver(
            mobile_emulation=mobile,
            extra_args=[*touch_args, f"--window-size={self.size['width']},{self.size['height']}",
                        "--force-color-profile=srgb", "--font-render-hinting=none",
                        # Checker-imaging draws frames without images the compositor has
                        # not decoded itself yet, which img.decode() does not wait for: the
                        # blurred photo behind a content warning was black in 1 of 12
                        # screenshots.
                        "--disable-checker-imaging"])
        if not self.size["touch"]:
            self.cdp("Emulation.setDeviceMetricsOverride", {"width": self.size["width"], "height": self.size["height"],
                                                             "deviceScaleFactor": self.size["scale"], "mobile": False})
        self.cdp("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"},
                                                             {"name": "prefers-color-scheme", "value": scheme}]})

    def command(self, method, path, body=None):
        return self.driver.command(method, path, body)

    def cdp(self, command, params=None):
        return self.driver.cdp(command, params)

    def quit(self):
        self.driver.quit()

    def script(self, source, *args):
        return self.command("POST", "/execute/sync", {"script": source, "args": list(args)})

    def settled(self):
        return self.command("POST", "/execute/async", {"script": SETTLED, "args": []})

    def go(self, url):
        """Opens url and waits until it has settled. WebKit's session does not wait for
        the page (see webkit.py): there the old document is marked and the new one is
        waited for, as WebDriver.swift does."""
        if self.engine == "webkit":
            self.mark_document()
            self.driver.navigate(url)
            return self.new_document()
        self.driver.navigate(url)
        return self.settled()

    def refresh(self):
        self.mark_document()
        self.command("POST", "/refresh", {})
        return self.new_document()

    def mark_document(self):
        """Marks the current document, so new_document() can tell when it has been replaced."""
        self.script("window.__screenshotMark = true;")

    def new_document(self, timeout=30):
        """Waits until the marked document has been replaced (a form submission's answer)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if self.script("return window.__screenshotMark !== true && document.readyState !== 'loading';"):
                    return self.settled()
            except WebDriverError:
                pass  # between documents
            time.sleep(0.1)
        raise WebDriverError(f"no new page within {timeout} s")

    def text(self):
        return self.script("return document.body ? document.body.innerText : '';")

    def wait_for(self, source, *args, timeout, reload_every=5.0):
        """Polls the script source (run with args) until it returns something truthy, and
        returns that (or None after timeout seconds). The pages update themselves; they are
        also reloaded every reload_every seconds, in case one does not."""
        deadline = time.monotonic() + timeout
        reload_at = time.monotonic() + reload_every
        while time.monotonic() < deadline:
            try:
                value = self.script(source, *args)
            except WebDriverError:
                value = None  # between documents
            if value:
                return value
            if time.monotonic() > reload_at:
                self.refresh()
                reload_at = time.monotonic() + reload_every
            time.sleep(0.25)
        return None

    def wait_for_change(self, before, timeout):
        """Waits until the page's text differs from before."""
        return self.wait_for("const text = document.body ? document.body.innerText : ''; "
                             "return text !== arguments[0] ? text : null;", before, timeout=timeout)

    def choose_file(self, selector, path):
        element = self.command("POST", "/element", {"using": "css selector", "value": selector})
        element_id = next(iter(element.values()))
        self.command("POST", f"/element/{element_id}/value", {"text": path})

    def screenshots(self, path, state):
        """The viewport, and the whole page when it is taller than the viewport."""
        with open(path, "wb") as handle:
            handle.write(base64.b64decode(self.command("GET", "/screenshot")))
        if state["scrollHeight"] <= state["viewportHeight"] + 1:
            return None
        if self.engine == "webkit":
            return self.webkit_full_page(path, state)
        height = min(state["scrollHeight"], 16000)
        shot = self.cdp("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": self.size["width"], "height": height, "scale": 1},
        })
        full = path[:-4] + "-full.png"
        with open(full, "wb") as handle:
            handle.write(base64.b64decode(shot["data"]))
        return full


    def webkit_full_page(self, path, state):
        """WebKitWebDriver's screenshots (of the page or of an element) stop at the
        window: the window is made as tall as the page for one (at most the 2160 px of its
        Xvfb screen), as Chromium's captureBeyondViewport makes the viewport, then put back."""
        width, height = self.size["width"], self.size["height"]
        try:
            self.command("POST", "/window/rect", {"width": width, "height": min(state["scrollHeight"], 2160)})
            self.settled()
            data = base64.b64decode(self.command("GET", "/screenshot"))
        except WebDriverError:
            return None
        finally:
            self.command("POST", "/window/rect", {"width": width, "height": height})
            self.settled()
        full = path[:-4] + "-full.png"
        with open(full, "wb") as handle:
            handle.write(data)
        return full

    def layout(self):
        """The page's controls that are cut off, overlap or (on touch sizes) are small
        (layout.py); None if the check itself failed."""
        try:
            return self.script(layout.CHECK, self.size["touch"])
        except WebDriverError as error:
            return {"error": str(error)[:300]}


class Session:
    """One engine, colour scheme, data set and size: visits the pages in order and writes
    the screenshots, each with its layout findings (layout.py)."""

    def __init__(self, args):
        self.args = args
        self.base = args.base.rstrip("/")
        self.label = f"{args.engine}/{args.scheme}/{args.dataset}/{args.size}"
        self.folder = os.path.join(args.out, args.engine, args.scheme, args.dataset, args.size)
        os.makedirs(self.folder, exist_ok=True)
        with open(args.account, encoding="utf-8") as handle:
            self.account = json.load(handle)
        self.problems = []
        self.started = time.monotonic()
        self.browser = None
        self.browser = Browser(args.size, args.engine, args.scheme)

    def shoot(self, page, state, note=""):
        path = os.path.join(self.folder, page + ".png")
        found = self.browser.layout()
        full = self.browser.screenshots(path, state)
        entry = {
            "engine": self.args.engine, "scheme": self.args.scheme, "dataset": self.args.dataset, "size": self.args.size,
            "page": page, "note": note,
            "file": os.path.relpath(path, self.args.out), "full": full and os.path.relpath(full, self.args.out),
            "url": state["url"], "title": state["title"], "status": state["status"],
            "broken": state["broken"], "timedOut": state["timedOut"], "layout": found,
        }
        # One write with O_APPEND: runs in parallel append to the same file.
        descriptor = os.open(os.path.join(self.args.out, "manifest.jsonl"), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(descriptor, (json.dumps(entry) + "\n").encode())
        finally:
            os.close(descriptor)
        flags = (" (waiting timed out)" if state["timedOut"] else "") + (f" ({len(state['broken'])} broken images)" if state["broken"] else "")
        findings = layout.counts(found)
        print(f"  {self.label}/{page} (+{time.monotonic() - self.started:.0f} s): {state['status'] or '-'} {state['url']}{flags}{' [' + findings + ']' if findings else ''}", flush=True)

    def visit(self, page, path, note=""):
        self.shoot(page, self.browser.go(self.base + path), note)

    def gate(self, mode=None):
        request = urllib.request.Request(self.args.gate.rstrip("/") + "/_gate/mode", data=mode and mode.encode(),
                                         method="POST" if mode else "GET")
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)

    def run(self):
        """Every step, in order; a step that fails is reported and the next one still runs
        (the signed-in steps need the sign-in, so they are left out when it fails)."""
        plan = datasets.plan(self.args.dataset)
        steps = [("mark stories seen", lambda: [self.browser.go(self.base + path) for path in plan["seen"]])]
        steps.append(("home", lambda: self.visit(
            "home", "/", "signed out" + (f"; {len(plan['seen'])} people's stories already seen" if plan["seen"] else ""))))
        for page, path in {**plan["profiles"], **plan["viewer"]}.items():
            note = "reduced motion: the viewer starts paused" if page.startswith("viewer") else ""
            steps.append((page, lambda page=page, path=path, note=note: self.visit(page, path, note)))
        steps.append(("not-found", lambda: self.visit("not-found", "/no-such-page")))
        steps.append(("tv", self.tv))
        steps.append(("signing in", self.sign_in))
        steps.append(("the menus, the sheet and share", lambda: self.signed_in_looks(plan.get("social"))))
        steps.append(("posting", self.post))
        steps.append(("hiding", lambda: self.hide(plan.get("social"))))
        signed_in = True
        for name, step in steps:
            if not signed_in:
                break
            try:
                step()
            except (WebDriverError, OSError, KeyError) as error:
                self.problems.append(f"{name}: {error}")
                signed_in = name != "signing in"

    def submit(self, selector, fill=None):
        """Fills fields (name: value) of the form holding selector and submits it with that
        element (a button) as the submitter, as a click would; returns the next page."""
        self.browser.mark_document()
        found = self.browser.script("""
            const [selector, fill] = arguments;
            const element = document.querySelector(selector);
            if (!element || !element.form) { return false; }
            for (const [name, value] of Object.entries(fill || {})) {
              const field = element.form.elements[name];
              if (field) { field.value = value; }
            }
            element.tagName === 'BUTTON' ? element.form.requestSubmit(element) : element.form.requestSubmit();
            return true;""", selector, fill or {})
        if not found:
            raise WebDriverError(f"no form with {selector} on {self.browser.script('return location.pathname;')}")
        return self.browser.new_document()

    def sign_in(self):
        """Through the sign-in page the home page's "Add story" tile leads to (the page
        signed in from it should be the new-story form), a wrong password first."""
        self.visit("signin", "/signin?next=%2Fstories%2Fnew", "reached from the home page's Add story tile")
        credentials = {"identifier": self.account["handle"], "pds": self.args.gate}
        state = self.submit("form input[name=password]", dict(credentials, password="not-the-password"))
        self.shoot("signin-error", state, "a wrong app password")
        state = self.submit("form input[name=password]", dict(credentials, password=self.account["password"]))
        self.shoot("signed-in", state, f"the page right after signing in as {self.account['handle']} "
                                       "on a real PDS (arroba), from the Add story tile")
        self.visit("home-signed-in", "/")

    def tv(self):
        """TV mode: its script sets a cookie and loads the page again the first time, so
        the page is opened twice (the second is the one a TV shows from then on). Then the
        photo frame: the screen's settings page, the clock turned on there (two portraits
        side by side where the data set has them, QR codes on), and night hours set around
        the browser's present hour."""
        self.browser.go(self.base + "/tv")
        self.browser.wait_for("return document.cookie.includes('tvplayer') && document.readyState === 'complete';", timeout=10)
        self.visit("tv", "/tv", "TV mode (with its script); reduced motion")
        self.visit("tv-settings", "/tv/settings?back=%2Ftv", "a TV screen's own settings (night hours, clock, fading)")
        self.tv_settings("f.elements.clock.checked = true;")
        self.visit("tv-frame", "/tv", "the clock on (placed where no photo is), QR codes on (--tv-qr-code)")
        self.tv_settings("""
            const hour = new Date().getHours(), at = (h) => String(h % 24).padStart(2, '0') + ':00';
            f.elements.night.value = 'own'; f.elements.from.value = at(hour); f.elements.to.value = at(hour + 2);""")
        self.visit("tv-night", "/tv", "night hours around the present hour: dark but for a small clock")
        self.tv_settings("f.elements.night.value = 'server';")

    def tv_settings(self, change):
        """Opens the screen's settings, runs change (f is the form) and saves."""
        self.browser.go(self.base + "/tv/settings?back=%2Ftv")
        self.browser.mark_document()
        self.browser.script("const f = document.querySelector('form.stack-form');" + change + " f.requestSubmit();")
        self.browser.new_document()

    def open_in_page(self, page, selector, ready, note):
        """Opens a disclosure or sheet on the current page by clicking selector, waits for
        the script ready to hold and takes the screenshot."""
        element = self.browser.command("POST", "/element", {"using": "css selector", "value": selector})
        try:
            self.browser.command("POST", f"/element/{next(iter(element.values()))}/click", {})
        except WebDriverError:
            # WebKitGTK's WebDriver refuses to click anything on a page the CSS zooms (the 4K
            # layout zooms the root by 2): "element not interactable". A click from the
            # page's script opens it alike.
            self.browser.script("document.querySelector(arguments[0]).click();", selector)
            note += " (clicked from the page's script: the WebDriver click was refused)"
        if not self.browser.wait_for(ready, timeout=15, reload_every=3600):
            self.problems.append(f"{page}: clicking {selector} did not open it")
        self.shoot(page, self.browser.settled(), note)

    def signed_in_looks(self, story):
        """The account menu, and someone else's story with the comment sheet, the share
        panel and the More options menu open, and its comments page (data sets with stories)."""
        self.browser.go(self.base + "/")
        self.open_in_page("home-account-menu", "details.account-menu > summary",
                          "return document.querySelector('details.account-menu').open;", "the account menu open")
        if not story:
            return
        self.browser.go(self.base + story)
        self.open_in_page("viewer-sheet", ".comment-pill",
                          "const s = document.querySelector('.comment-sheet'); return !!s && !s.hasAttribute('aria-busy') && !!s.querySelector('section.comments');",
                          "signed in: the comment sheet (three comments from the stand-in AppView)")
        self.browser.go(self.base + story)
        self.open_in_page("viewer-share", "details.viewer-share > summary",
                          "return document.querySelector('details.viewer-share').open;", "the Share panel open")
        self.browser.go(self.base + story)
        self.open_in_page("viewer-menu", "details.viewer-more > summary",
                          "return document.querySelector('details.viewer-more').open;", "signed in: More options open")
        self.visit("comments", story + "/comments", "the comments page (the way without the sheet's script)")

    def hide(self, story):
        """Hides the story's author from the viewer's More options, then the Hidden people page."""
        if not story:
            self.visit("hidden-people", "/settings/hidden", "nobody hidden")
            return
        self.browser.go(self.base + story)
        self.shoot("after-hiding", self.submit("details.viewer-more .hide-form button"),
                   "the page right after More options → Hide this person's stories")
        self.visit("hidden-people", "/settings/hidden", "one person hidden")

    def upload(self, page_prefix):
        state = self.browser.go(self.base + "/stories/new")
        if page_prefix:
            self.shoot("new-story", state)
        # Choosing the photo is enough: the page uploads it and shows the draft in place.
        self.browser.choose_file("input[type=file]", os.path.abspath(self.args.photo))
        in_place = "return location.pathname.startsWith('/drafts/') && !!document.querySelector('main.draft-page');"
        if not self.until(lambda: self.browser.script(in_place), 60):
            raise WebDriverError(f"choosing a photo did not show its draft (at {self.browser.script('return location.pathname;')})")
        state = self.browser.settled()
        if page_prefix:
            self.shoot("new-story-chosen", state, "a photo chosen: uploaded at once, its draft shown on the same screen")
        return state

    @staticmethod
    def until(condition, timeout):
        """Polls condition until it holds (True) or timeout seconds pass (False)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition():
                return True
            time.sleep(0.1)
        return False

    def next_state(self, mode, counter, before, page, note):
        """Switches the gate to mode, waits until it has acted on a call (dropped or refused
        one) and the draft page shows something other than before, then reloads it (so the
        screenshot shows the server's state, not a half-updated page) and takes it."""
        self.gate(mode)
        if not self.until(lambda: self.gate()[counter] > 0, 60):
            self.problems.append(f"{page}: publishing did not call the PDS again")
        if self.browser.wait_for_change(before, 30) is None:
            self.problems.append(f"{page}: the draft page did not change")
        state = self.browser.refresh()
        self.shoot(page, state, note)
        return self.browser.text()

    def publish(self):
        return self.submit("button[name=action][value=publish]")

    def post(self):
        state = self.upload("new-story")
        self.shoot("draft", state, "after uploading a photo with GPS (the place comes from a Nominatim stand-in)")

        self.gate("hold")
        try:
            self.publish()
            if not self.until(lambda: self.gate()["held"] > 0, 30):
                self.problems.append("publishing never called the PDS")
            posting_text = self.browser.text()
            self.shoot("posting", self.browser.settled(), "the PDS has not answered yet")
            retrying_text = self.next_state("down", "dropped", posting_text, "posting-retrying",
                                            "the PDS is down (its connections are closed)")
            self.next_state("refuse", "refused", retrying_text, "posting-failed", "the PDS answered 400 RepoNotFound")
            self.visit("home-after-failed-post", "/", "a post failed a moment ago")
        finally:
            self.gate("pass")

        self.upload(None)
        self.publish()
        # Links name the author by handle, or by DID when the handle is not a usable one.
        own = [f"/profile/{self.account['handle']}/story/", f"/profile/{self.account['did']}/story/"]
        link = self.browser.wait_for("""
            const link = Array.from(document.querySelectorAll('main a[href]'))
                .find(a => arguments[0].some(prefix => a.getAttribute('href').startsWith(prefix)));
            return link ? link.getAttribute('href') : null;""", own, timeout=60)
        if link is None:
            self.problems.append("the second story never showed as posted (no link to it on the draft page)")
            return
        self.shoot("posted", self.browser.settled(), "posted through the real PDS")
        self.visit("home-with-own-story", "/")
        story = link.split("?")[0]
        self.visit("viewer-own", story, "your own story (with Delete)")
        self.visit("delete-confirm", story + "/delete")
        self.visit("profile-self", f"/profile/{self.account['did']}",
                   "your own profile with your archive (the stand-in AppView does not know you; its archive answers three old stories)")

    def close(self):
        if self.browser is None:
            return
        try:
            self.browser.quit()  # ends the session, then stops the driver (and WebKit's Xvfb) in any case
        except (WebDriverError, OSError):
            pass


class Server:
    """A fresh `grain-stories serve` (and data directory) for one run, on a free port,
    against the data set's stand-in AppView (also its Nominatim), trusting the PDS gate to
    sign its account in (the PDS's did:plc is not published and its handle resolves
    nowhere else); nothing is looked up outside loopback. Its log goes to log_path."""

    def __init__(self, args):
        self.process = None
        self.log = open(args.log, "w", encoding="utf-8")
        gate = args.gate.rstrip("/")
        for _ in range(5):
            with socket.socket() as probe:  # a free port; a start that loses it to another is retried
                probe.bind(("127.0.0.1", 0))
                port = probe.getsockname()[1]
            self.process = subprocess.Popen(
                [args.grain_bin, "serve", "--host", "127.0.0.1", "--port", str(port), "--appview-url", args.appview,
                 "--nominatim-url", args.appview, "--insecure-hosts", "127.0.0.1", "--data-dir", args.data_dir,
                 "--log-level", "warning", "--trusted-pds", gate, "--handle-resolver-url", gate, "--plc-url", gate + "/plc",
                 "--tv-qr-code", "true"],
                stdout=self.log, stderr=subprocess.STDOUT)
            self.base = f"http://127.0.0.1:{port}"
            if self.healthy():
                return
            self.stop()
        raise WebDriverError(f"grain-stories serve did not start (see {args.log})")

    def healthy(self):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=2) as response:
                    if response.status == 200:
                        return True
            except (OSError, urllib.error.URLError):
                time.sleep(0.1)
        return False

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grain-bin", required=True)
    parser.add_argument("--appview", required=True, help="the data set's stand-in AppView (datasets.py)")
    parser.add_argument("--data-dir", required=True, help="an empty directory for the server's data")
    parser.add_argument("--log", required=True, help="where the server's log goes")
    parser.add_argument("--dataset", choices=datasets.DATASETS, required=True)
    parser.add_argument("--size", choices=SIZES, required=True)
    parser.add_argument("--engine", choices=ENGINES, default="chromium")
    parser.add_argument("--scheme", choices=SCHEMES, default="light")
    parser.add_argument("--out", required=True)
    parser.add_argument("--gate", required=True)
    parser.add_argument("--account", required=True)
    parser.add_argument("--photo", required=True)
    args = parser.parse_args()
    # scripts/screenshots stops this with SIGTERM: leave through `finally`, closing Chromium.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    session = server = None
    try:
        server = Server(args)
        args.base = server.base
        session = Session(args)
        session.run()
    finally:
        if session is not None:
            session.close()
        if server is not None:
            server.stop()
    if session is None:
        sys.exit(1)
    for problem in session.problems:
        print(f"  problem: {session.label}: {problem}", file=sys.stderr)
    sys.exit(1 if session.problems else 0)


if __name__ == "__main__":
    main()
