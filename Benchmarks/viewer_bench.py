#!/usr/bin/env python3
"""Viewer page weight and first paint, measured in headless Chromium (a benchmark, not a test).

Drives chromedriver through its W3C WebDriver HTTP API (urllib only) with the same phone
emulation the browser tests use (390 x 844 CSS px, DPR 3, touch), and opens a story URL
NAVIGATIONS times with an empty browser cache and no cookies (a first visit), then
NAVIGATIONS times with the cache kept (a repeat visit). For each it reads, in the page:

- the navigation entry and every Resource Timing entry (encodedBodySize = bytes as
  transferred, decodedBodySize = after Content-Encoding), so the page weight before images
  is HTML + CSS + JS;
- the story photo's PerformanceElementTiming (elementtiming="story-photo") through
  PerformanceObserver({type: 'element', buffered: true}): renderTime is the time from
  navigation start to the photo's first paint.

Then, the move to the next person: from the home page it opens Maya from the strip (the
viewer over the page, as a person does), lets her first story play for 1.5 s, moves to the
next person as a swipe does (Shift+Right) and reads the time from that key press to the
first paint of the next person's photo (PerformanceElementTiming). Each run starts with an
empty cache, NAVIGATIONS runs with the viewer's prefetching and NAVIGATIONS with it turned
off (window.GrainStories.prefetching = false, set before the page's scripts run).

Usage: viewer_bench.py BASE_URL STORY_PATH [NAVIGATIONS]   (prints a report; JSON with --json FILE)
"""

import argparse
import base64
import gzip
import json
import os
import re
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

CHROMIUM = "/usr/lib/chromium/chromium"
DRIVERS = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"]

MEASURE = r"""
const done = arguments[arguments.length - 1];
const timer = setTimeout(() => done({error: 'no element timing for story-photo within 15 s'}), 15000);
new PerformanceObserver((list, observer) => {
  const entry = list.getEntries().find(e => e.identifier === 'story-photo');
  if (!entry) { return; }
  observer.disconnect();
  clearTimeout(timer);
  const nav = performance.getEntriesByType('navigation')[0];
  const pick = e => ({name: e.name, type: e.initiatorType, start: e.startTime, end: e.responseEnd,
                      encoded: e.encodedBodySize, decoded: e.decodedBodySize, transfer: e.transferSize});
  done({
    renderTime: entry.renderTime, loadTime: entry.loadTime, photo: entry.url,
    navigation: pick(nav),
    resources: performance.getEntriesByType('resource').map(pick),
  });
}).observe({type: 'element', buffered: true});
"""


NEXT_PERSON = r"""
const done = arguments[arguments.length - 1];
const maya = arguments[0];
const fail = setTimeout(() => done({error: 'the next person was not shown within 20 s'}), 20000);
const wait = (test) => new Promise(resolve => { const poll = () => test() ? resolve() : setTimeout(poll, 20); poll(); });
document.querySelector('.strip-list a[href="/stories/' + maya + '"]').click();
wait(() => document.querySelector('dialog.viewer.is-playing')).then(() => new Promise(r => setTimeout(r, 1500))).then(() => {
  const from = location.pathname;
  const start = performance.now();
  new PerformanceObserver((list, observer) => {
    const entry = list.getEntries().find(e => e.identifier === 'story-photo' && Math.max(e.renderTime, e.loadTime) > start);
    if (!entry) { return; }
    observer.disconnect();
    clearTimeout(fail);
    done({ms: (entry.renderTime || entry.loadTime) - start, from: from, to: location.pathname,
          photoRequests: performance.getEntriesByType('resource').filter(e => e.name === entry.url).length});
  }).observe({type: 'element'});
  document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', shiftKey: true, bubbles: true}));
});
"""


class WebDriverError(Exception):
    """A WebDriver command that failed (the benchmark stops with its message)."""


PHONE = {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3, "touch": True, "mobile": True}}


class WebDriver:
    """A chromedriver process and one session, spoken to over W3C WebDriver HTTP.

    mobile_emulation is chromedriver's mobileEmulation option (None for none; the default is
    the browser tests' phone); extra_args are added to Chromium's command line. Both are for
    Screenshots/capture.py, which drives the same browser at other sizes.
    """

    def __init__(self, mobile_emulation=PHONE, extra_args=()):
        driver = next((path for path in DRIVERS if os.access(path, os.X_OK)), None)
        if driver is None or not os.access(CHROMIUM, os.X_OK):
            sys.exit("viewer benchmark needs chromium and chromium-driver (apt-get install chromium chromium-driver)")
        self.process = subprocess.Popen([driver, "--port=0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        port = None
        deadline = time.monotonic() + 15
        while port is None and time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            match = re.search(r"started successfully on port (\d+)", line)
            port = match and int(match.group(1))
        if port is None:
            self.process.kill()
            sys.exit("chromedriver did not start")
        self.base = f"http://127.0.0.1:{port}"
        options = {
            "binary": CHROMIUM,
            "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync", "--mute-audio",
                     *extra_args],
        }
        if mobile_emulation is not None:
            options["mobileEmulation"] = mobile_emulation
        capabilities = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "pageLoadStrategy": "normal",
            "goog:chromeOptions": options,
        }}}
        try:
            self.session = self.call("POST", "/session", capabilities)["sessionId"]
            self.command("POST", "/timeouts", {"script": 30000, "pageLoad": 30000})
        except WebDriverError:
            self.process.kill()
            self.process.wait()
            raise

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as error:
            raise WebDriverError(f"WebDriver {method} {path}: {error.code} {error.read()[:500]!r}") from None

    def command(self, method, path, body=None):
        return self.call(method, f"/session/{self.session}{path}", body)

    def cdp(self, command, params=None):
        return self.command("POST", "/goog/cdp/execute", {"cmd": command, "params": params or {}})

    def navigate(self, url):
        self.command("POST", "/url", {"url": url})

    def execute_async(self, script, args=()):
        return self.command("POST", "/execute/async", {"script": script, "args": list(args)})

    def quit(self):
        try:
            self.command("DELETE", "")
        finally:
            self.process.kill()
            self.process.wait()


def measure(driver, url, cold):
    """One navigation to url from about:blank; cold clears the cache and cookies first."""
    driver.navigate("about:blank")
    if cold:
        driver.cdp("Network.clearBrowserCache")
        driver.cdp("Network.clearBrowserCookies")
    driver.navigate(url)
    result = driver.execute_async(MEASURE)
    if "error" in result:
        sys.exit(f"{url}: {result['error']}")
    return result


def next_person(driver, base, maya):
    """One move to the next person from a cold start; milliseconds from the key to the paint."""
    driver.navigate("about:blank")
    driver.cdp("Network.clearBrowserCache")
    driver.cdp("Network.clearBrowserCookies")
    driver.navigate(base.rstrip("/") + "/")
    result = driver.execute_async(NEXT_PERSON, [maya])
    if "error" in result:
        sys.exit(f"next person: {result['error']}")
    return result


def next_person_runs(driver, base, maya, runs):
    """runs moves with prefetching, then runs with it turned off."""
    on = [next_person(driver, base, maya) for _ in range(runs)]
    script = driver.cdp("Page.addScriptToEvaluateOnNewDocument",
                        {"source": "window.GrainStories = window.GrainStories || {}; window.GrainStories.prefetching = false;"})
    try:
        off = [next_person(driver, base, maya) for _ in range(runs)]
    finally:
        driver.cdp("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
    return on, off


def kind(entry, photo=None):
    """stylesheet, script, story photo, avatar, other photo (a preload), or the initiator."""
    name = entry["name"].split("?")[0]
    if name.endswith(".css"):
        return "stylesheet"
    if name.endswith(".js"):
        return "script"
    if "/media/" in name:
        if entry["name"] == photo:
            return "story photo"
        encoded = name.rsplit("/", 1)[-1]
        original = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode("utf-8", "replace")
        return "avatar" if "/avatar/" in original else "other photo"
    return entry["type"]


def summary(values):
    return f"min {min(values):7.1f}  median {statistics.median(values):7.1f}  max {max(values):7.1f} ms"


def main():
    parser = argparse.ArgumentParser(description="viewer page weight and first paint")
    parser.add_argument("base")
    parser.add_argument("story_path")
    parser.add_argument("navigations", type=int, nargs="?", default=20)
    parser.add_argument("--json", help="write every measurement to this file")
    args = parser.parse_args()
    url = args.base.rstrip("/") + args.story_path

    driver = WebDriver()
    try:
        # One unmeasured visit, so Chromium's own start-up work is not in the first sample.
        measure(driver, url, cold=True)
        cold = [measure(driver, url, cold=True) for _ in range(args.navigations)]
        warm = [measure(driver, url, cold=False) for _ in range(args.navigations)]
        maya = args.story_path.split("/")[2]
        moves_on, moves_off = next_person_runs(driver, args.base, maya, args.navigations)
    finally:
        driver.quit()

    first = cold[0]
    nav = first["navigation"]
    photo_end = next(r["end"] for r in first["resources"] if r["name"] == first["photo"])
    before_photo = [r for r in first["resources"] if r["start"] <= photo_end]
    pieces = [("HTML", nav)] + [(kind(r), r) for r in first["resources"] if kind(r) in ("stylesheet", "script")]
    decoded = sum(r["decoded"] for _, r in pieces)
    encoded = sum(r["encoded"] for _, r in pieces)
    with urllib.request.urlopen(url) as response:
        html_gzip = len(gzip.compress(response.read(), 6))

    print(f"story page: {url}")
    print("page weight before images (first visit):")
    for label, entry in pieces:
        print(f"  {label:<10} {entry['decoded']:>7,} B uncompressed  {entry['encoded']:>7,} B transferred  {entry['name'].rsplit('/', 1)[-1][:48]}")
    print(f"  total      {decoded:>7,} B uncompressed  {encoded:>7,} B transferred   (target: < 30 KB = 30,720 B uncompressed)")
    print(f"  (the HTML is sent uncompressed; gzipped it would be {html_gzip:,} B)")
    print(f"requests before the story photo finished loading (first visit): {1 + len(before_photo)}")
    print(f"  document     {nav['encoded']:>7,} B  requested at    0.0 ms, done at {nav['end']:6.1f} ms")
    for entry in sorted(before_photo, key=lambda r: r["start"]):
        path = urllib.parse.urlsplit(entry["name"]).path
        print(f"  {kind(entry, first['photo']):<12} {entry['encoded']:>7,} B  requested at {entry['start']:6.1f} ms, "
              f"done at {entry['end']:6.1f} ms  {path[:40]}")
    print(f"requests by the time the photo was painted (incl. the script's prefetches): "
          f"{1 + sum(1 for r in first['resources'] if r['start'] <= first['renderTime'])}")
    print(f"first paint of the story photo (elementtiming renderTime), {args.navigations} navigations each:")
    print(f"  first visit (empty cache):  {summary([m['renderTime'] for m in cold])}")
    print(f"  repeat visit (cached):      {summary([m['renderTime'] for m in warm])}")
    print(f"  first visit, photo loaded (loadTime): {summary([m['loadTime'] for m in cold])}")
    print(f"  first visit, HTML received (responseEnd): {summary([m['navigation']['end'] for m in cold])}")
    print(f"next person: from {moves_on[0]['from']} to {moves_on[0]['to']}, key press to photo painted, "
          f"{args.navigations} moves each, empty cache:")
    print(f"  with prefetching:     {summary([m['ms'] for m in moves_on])}")
    print(f"  without prefetching:  {summary([m['ms'] for m in moves_off])}")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump({"cold": cold, "warm": warm, "next_person_on": moves_on, "next_person_off": moves_off}, handle, indent=1)


if __name__ == "__main__":
    try:
        main()
    except WebDriverError as error:
        sys.exit(str(error))
