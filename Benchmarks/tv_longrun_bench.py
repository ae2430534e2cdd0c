#!/usr/bin/env python3
"""TV mode's page over a long run, measured in headless Chromium (a benchmark, not a test).

Opens /tv?interval=INTERVAL at 1920 x 1080 and lets it play for HOURS of the page's own
time, RATE times faster than real time: the page's clock and timers run RATE times as fast
(Tests/AppTestKit/Browser/page-clock.js, installed before the page's scripts with
Page.addScriptToEvaluateOnNewDocument, and speeded up with its setRate) and so do its
animations (DevTools' Animation.setPlaybackRate), so every story's timer, every fade and
every minute's refresh happen as often per page-hour as on a real wall. Fetching and
decoding each next page keeps its real cost, so stories last a little longer in page time
than INTERVAL.

Every CHECKPOINT hours of page time it forces a garbage collection
(HeapProfiler.collectGarbage) and reads Performance.getMetrics (JSHeapUsedSize, Nodes,
Documents, JSEventListeners), the number of elements in the DOM and how many pages the
player swapped in, and prints a row. The server's clock is the real one: what is measured
is the page.

Usage: tv_longrun_bench.py BASE_URL [HOURS] [INTERVAL] [RATE] [CHECKPOINT]   (72 8 100 6)
"""

import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from viewer_bench import WebDriver  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TV = {"deviceMetrics": {"width": 1920, "height": 1080, "pixelRatio": 1, "touch": False, "mobile": False}}

COUNT_SWAPS = """
window.__swaps = 0;
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) { if (node.matches && node.matches('main.tv')) { window.__swaps += 1; } }
  }
}).observe(document.body, { childList: true });
"""

STATE = """
const done = arguments[arguments.length - 1];
done({ now: window.__pageClock.now(), swaps: window.__swaps, elements: document.getElementsByTagName('*').length,
       mains: document.querySelectorAll('main.tv').length,
       playing: !!document.querySelector('main.tv[data-state="playing"]'),
       reloads: performance.getEntriesByType('navigation').length });
"""


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    base = sys.argv[1].rstrip("/")
    hours = float(sys.argv[2]) if len(sys.argv) > 2 else 72
    interval = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    rate = float(sys.argv[4]) if len(sys.argv) > 4 else 100
    checkpoint = float(sys.argv[5]) if len(sys.argv) > 5 else 6
    with open(os.path.join(ROOT, "Tests/AppTestKit/Browser/page-clock.js"), encoding="utf-8") as file:
        clock = file.read()
    driver = WebDriver(mobile_emulation=TV)
    try:
        driver.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": clock})
        driver.cdp("Performance.enable")
        driver.cdp("Animation.enable")
        driver.navigate(f"{base}/tv?interval={interval}")
        # The first visit sets the player's cookie and loads the page once more.
        deadline = time.monotonic() + 30
        while not driver.execute_async(STATE)["playing"]:
            if time.monotonic() > deadline:
                sys.exit("TV mode never started playing")
            time.sleep(0.2)
        driver.execute_async("const done = arguments[arguments.length - 1];" + COUNT_SWAPS + f"window.__pageClock.setRate({rate}); done();")
        driver.cdp("Animation.setPlaybackRate", {"playbackRate": rate})
        start = driver.execute_async(STATE)["now"]
        started = time.monotonic()
        print("page hours | real s | pages swapped in | DOM elements | JS heap used (MB) | Nodes | Documents | JS listeners")
        print("---:|---:|---:|---:|---:|---:|---:|---:")
        rows = []
        mark = 0.0
        while mark <= hours:
            while True:
                state = driver.execute_async(STATE)
                if state["now"] - start >= mark * 3_600_000:
                    break
                time.sleep(0.5)
            driver.cdp("HeapProfiler.collectGarbage")
            metrics = {m["name"]: m["value"] for m in driver.cdp("Performance.getMetrics")["metrics"]}
            state = driver.execute_async(STATE)
            row = {
                "hours": round((state["now"] - start) / 3_600_000, 2), "real": round(time.monotonic() - started),
                "swaps": state["swaps"], "elements": state["elements"], "heap": metrics.get("JSHeapUsedSize", 0) / 1e6,
                "nodes": metrics.get("Nodes"), "documents": metrics.get("Documents"), "listeners": metrics.get("JSEventListeners"),
                "mains": state["mains"], "reloads": state["reloads"],
            }
            rows.append(row)
            print(f"{row['hours']} | {row['real']} | {row['swaps']} | {row['elements']} | {row['heap']:.2f} | "
                  f"{row['nodes']:.0f} | {row['documents']:.0f} | {row['listeners']:.0f}", flush=True)
            mark += checkpoint
        if "--json" in sys.argv:
            print(json.dumps(rows))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
