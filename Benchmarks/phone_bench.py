#!/usr/bin/env python3
"""What a person holding a phone feels (a benchmark, not a test): issue 47's table.

Headless Chromium through chromedriver (viewer_bench.WebDriver), as a phone: 390 x 844 CSS
px at DPR 3 with touch, the CPU slowed 4x (Emulation.setCPUThrottlingRate) and a slow 4G
link (Network.emulateNetworkConditions: 150 ms latency, 9 Mbit/s down and up). Each
measurement starts with an empty cache and no cookies, and is repeated RUNS times; the
median is printed.

- home, first visit: requests, bytes as transferred (the navigation and every resource's
  transferSize), and the largest contentful paint;
- scrolling the whole grid: the bytes added by scrolling to the bottom of the home page
  a screen at a time (each screen given time to load);
- a shared story link opened cold: the story photo's first paint (element timing);
- the home page's refresh when nothing changed: the bytes of its own refresh (the fetch
  home-refresh.js makes, `cache: "no-cache"`), read from Resource Timing;
- ten taps through stories: the bytes the next ten stories cost (ArrowRight, waiting for
  each photo).

Usage: phone_bench.py BASE_URL STORY_PATH [RUNS]   (JSON with --json FILE)
"""

import argparse
import json
import statistics
import sys
import time

sys.path.insert(0, __import__("os").path.dirname(__file__))
from viewer_bench import WebDriver  # noqa: E402

SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 9_000_000 / 8, "uploadThroughput": 9_000_000 / 8}
# A phone on the home Wi-Fi, the server on a 1 Gbit LAN (--network lan).
LAN = {"offline": False, "latency": 1, "downloadThroughput": 1_000_000_000 / 8, "uploadThroughput": 1_000_000_000 / 8}
NETWORKS = {"slow-4g": SLOW_4G, "lan": LAN}

BYTES = r"""
const nav = performance.getEntriesByType('navigation')[0];
const all = [nav, ...performance.getEntriesByType('resource')];
return {requests: all.length, bytes: all.reduce((sum, e) => sum + (e.transferSize || 0), 0)};
"""

LCP = r"""
const done = arguments[arguments.length - 1];
let last = null;
new PerformanceObserver(list => { for (const e of list.getEntries()) { last = e; } })
  .observe({type: 'largest-contentful-paint', buffered: true});
// LCP is final once nothing larger comes: wait until the page has loaded and 3 s passed.
const finish = () => setTimeout(() => done(last ? {lcp: last.startTime, url: last.url} : {error: 'no LCP'}), 3000);
if (document.readyState === 'complete') { finish(); } else { addEventListener('load', finish); }
"""

PHOTO = r"""
const done = arguments[arguments.length - 1];
const timer = setTimeout(() => done({error: 'no story-photo paint within 30 s'}), 30000);
new PerformanceObserver((list, observer) => {
  const entry = list.getEntries().find(e => e.identifier === 'story-photo');
  if (!entry) { return; }
  observer.disconnect(); clearTimeout(timer);
  done({paint: entry.renderTime || entry.loadTime, url: entry.url});
}).observe({type: 'element', buffered: true});
"""

REFRESH = r"""
const done = arguments[arguments.length - 1];
const before = performance.getEntriesByType('resource').length;
fetch(location.href, {cache: 'no-cache', credentials: 'same-origin', headers: {'X-GrainStories-Fetch': '1'}})
  .then(r => r.text()).then(() => setTimeout(() => {
    const entries = performance.getEntriesByType('resource').slice(before).filter(e => e.initiatorType === 'fetch');
    done({bytes: entries.reduce((s, e) => s + e.transferSize, 0), status: entries.length ? entries[0].responseStatus : 0});
  }, 200));
"""

SCROLL = r"""
const done = arguments[arguments.length - 1];
const step = () => {
  if (window.scrollY + innerHeight >= document.documentElement.scrollHeight - 2) { setTimeout(() => done(true), 3000); return; }
  window.scrollBy(0, innerHeight);
  setTimeout(step, 700);
};
step();
"""

TAP = r"""
const done = arguments[arguments.length - 1];
const dialog = document.querySelector('dialog.viewer');
const before = location.pathname;
document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
const started = performance.now();
const wait = () => {
  const image = document.querySelector('dialog.viewer .viewer-stage .story-image');
  if (location.pathname !== before && image && image.complete) { done(true); return; }
  if (performance.now() - started > 20000) { done(false); return; }
  setTimeout(wait, 50);
};
wait();
"""


def execute(driver, script):
    return driver.command("POST", "/execute/sync", {"script": script, "args": []})


def fresh(driver, base, network):
    driver.cdp("Network.enable")
    driver.cdp("Network.clearBrowserCache")
    driver.cdp("Network.clearBrowserCookies")
    # A first visit: no service worker and nothing in its caches either.
    driver.cdp("Storage.clearDataForOrigin", {"origin": base, "storageTypes": "all"})
    driver.cdp("Network.emulateNetworkConditions", network)
    driver.cdp("Emulation.setCPUThrottlingRate", {"rate": 4})


def run_once(driver, base, story, network):
    result = {}
    fresh(driver, base, network)
    driver.navigate(base + "/")
    result["home_lcp_ms"] = driver.execute_async(LCP).get("lcp")
    counted = execute(driver, BYTES)
    result["home_requests"], result["home_bytes"] = counted["requests"], counted["bytes"]
    result["refresh_bytes"] = driver.execute_async(REFRESH)["bytes"]
    driver.execute_async(SCROLL)
    result["scroll_bytes"] = execute(driver, BYTES)["bytes"] - counted["bytes"]
    fresh(driver, base, network)
    driver.navigate(base + story)
    result["story_photo_ms"] = driver.execute_async(PHOTO).get("paint")
    start = execute(driver, BYTES)["bytes"]
    time.sleep(1)
    for _ in range(10):
        driver.execute_async(TAP)
    result["ten_taps_bytes"] = execute(driver, BYTES)["bytes"] - start
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("story")
    parser.add_argument("runs", type=int, nargs="?", default=3)
    parser.add_argument("--json")
    parser.add_argument("--network", choices=sorted(NETWORKS), default="slow-4g")
    args = parser.parse_args()
    driver = WebDriver()
    # Resource Timing keeps 250 entries unless told otherwise: the grid has more.
    driver.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": "performance.setResourceTimingBufferSize(100000);"})
    try:
        runs = [run_once(driver, args.base, args.story, NETWORKS[args.network]) for _ in range(args.runs)]
    finally:
        driver.quit()
    keys = runs[0].keys()
    medians = {key: statistics.median(run[key] for run in runs if run[key] is not None) for key in keys}
    for key in keys:
        print(f"{key:18} median {medians[key]:>12.1f}   runs {[round(run[key] or 0, 1) for run in runs]}")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump({"runs": runs, "medians": medians}, handle, indent=1)


if __name__ == "__main__":
    main()
