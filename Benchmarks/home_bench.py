#!/usr/bin/env python3
"""The home page with many authors: its size, the server's time to answer it, and how long a
phone takes to show it (a benchmark, not a test).

Server side: GET / REQUESTS times with curl-like urllib (no cookies: the cached page every
visitor who is not signed in gets), size as sent and gzipped, time to the last byte.

Browser side: headless Chromium with the browser tests' phone emulation (viewer_bench.WebDriver:
390 x 844 CSS px, DPR 3), NAVIGATIONS first visits (cache and cookies cleared) to /. For each
it reads first-contentful-paint, largest-contentful-paint, the load event (after every image
that is not lazy), DOMContentLoaded, and how many avatar and cover images the browser had
requested by the load event (lazy images beyond the first screen are not).

Usage: home_bench.py BASE_URL [NAVIGATIONS [REQUESTS]]   (20, 200)
"""

import gzip
import os
import statistics
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from viewer_bench import WebDriver, WebDriverError  # noqa: E402

MEASURE = r"""
const done = arguments[arguments.length - 1];
const finish = () => {
  const nav = performance.getEntriesByType('navigation')[0];
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const media = performance.getEntriesByType('resource').filter(e => e.name.includes('/media/') && e.startTime <= nav.loadEventEnd);
  const covers = performance.getEntriesByType('resource').filter(e => e.name.includes('/cover') && e.startTime <= nav.loadEventEnd);
  done({
    fcp: paint ? paint.startTime : null, lcp: window.lcp || null,
    dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd, html: nav.decodedBodySize,
    mediaBeforeLoad: media.length, coversBeforeLoad: covers.length,
    images: document.images.length, lazy: Array.from(document.images).filter(i => i.loading === 'lazy').length,
  });
};
new PerformanceObserver(list => { const e = list.getEntries(); window.lcp = e[e.length - 1].startTime; })
  .observe({type: 'largest-contentful-paint', buffered: true});
if (document.readyState === 'complete') { setTimeout(finish, 100); } else { addEventListener('load', () => setTimeout(finish, 100)); }
"""


def summary(values):
    return f"min {min(values):7.1f}  median {statistics.median(values):7.1f}  max {max(values):7.1f}"


def main():
    base = sys.argv[1].rstrip("/")
    navigations = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    requests = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    url = base + "/"

    times = []
    body = b""
    for _ in range(requests):
        start = time.perf_counter()
        with urllib.request.urlopen(url) as response:
            body = response.read()
        times.append((time.perf_counter() - start) * 1000)
    tiles = body.count(b'class="strip-item"')
    lazy = body.count(b'loading="lazy"')
    print(f"GET / : {len(body):,} B ({len(gzip.compress(body, 6)):,} B gzipped), {tiles} strip tiles, {lazy} lazy images")
    print(f"  server, {requests} requests one after another (ms to the last byte): {summary(times)}")

    driver = WebDriver()
    try:
        def visit():
            driver.navigate("about:blank")
            driver.cdp("Network.clearBrowserCache")
            driver.cdp("Network.clearBrowserCookies")
            driver.navigate(url)
            return driver.execute_async(MEASURE)
        visit()  # Chromium's own start-up work is not in the first sample.
        runs = [visit() for _ in range(navigations)]
    finally:
        driver.quit()
    print(f"phone (390 x 844, DPR 3), {navigations} first visits (ms from navigation start):")
    for key, label in (("fcp", "first contentful paint"), ("lcp", "largest contentful paint"),
                       ("dcl", "DOMContentLoaded"), ("load", "load event")):
        values = [r[key] for r in runs if r[key] is not None]
        if values:
            print(f"  {label:<26} {summary(values)}")
    first = runs[0]
    print(f"  images on the page: {first['images']} ({first['lazy']} lazy); requested by the load event: "
          f"{first['mediaBeforeLoad']} through /media/ (avatars), {first['coversBeforeLoad']} covers")


if __name__ == "__main__":
    try:
        main()
    except WebDriverError as error:
        sys.exit(str(error))
