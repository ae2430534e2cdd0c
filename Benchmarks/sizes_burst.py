#!/usr/bin/env python3
"""A first visit by many phones at once, as the server sees it (a benchmark, not a test).

PHONES phones (390 x 844 CSS px at DPR 3) open the home page at the same moment, on a
server whose media cache is empty: each fetches the page, then every photo its first
screen loads (the <img>s without loading=lazy), at the width a phone picks from srcset
and sizes. The server makes each size once, each in a photo worker process of its own;
the others wait for it. Prints the CPU time the server and its workers spent (from
/proc: user + system, the workers' counted once the server has waited for them), the
server's peak resident set (VmHWM), the largest resident set of any worker (sampled
every 10 ms), the sizes made and how long the burst took.

Usage: sizes_burst.py BASE_URL SERVER_PID [PHONES]   (20)
"""

import concurrent.futures
import gzip
import html
import os
import re
import sys
import threading
import time
import urllib.request

VIEWPORT, DPR = 390, 3
TICKS = os.sysconf("SC_CLK_TCK")


def children(pid):
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as handle:
                found.extend(int(child) for child in handle.read().split())
        except OSError:
            pass
    return found


def cpu_seconds(pid):
    """User + system time of the process and of the children it has waited for."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return sum(int(field) for field in fields[11:15]) / TICKS


def comm(pid):
    with open(f"/proc/{pid}/comm") as handle:
        return handle.read().strip()


def status_kb(pid, key):
    with open(f"/proc/{pid}/status") as handle:
        return next(int(line.split()[1]) for line in handle if line.startswith(key))


class WorkerWatch(threading.Thread):
    """Samples the server's children's resident sets until stopped."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak_kb, self.seen, self.done = pid, 0, set(), threading.Event()
        self.server = comm(pid)

    def run(self):
        while not self.done.is_set():
            for child in children(self.pid):
                try:
                    # Only once it is the photo tool: a child spawned and not yet exec'd
                    # still reports the server's memory.
                    if comm(child) == self.server:
                        continue
                    self.peak_kb = max(self.peak_kb, status_kb(child, "VmHWM"))
                    self.seen.add(child)
                except (OSError, StopIteration):
                    pass
            time.sleep(0.01)


def css_length(value):
    """A sizes length at a 390-px-wide, 844-px-tall viewport, in CSS px."""
    expression = value.replace("100vw", str(VIEWPORT)).replace("100vh", "844")
    expression = re.sub(r"(\d+(?:\.\d+)?)vw", lambda m: str(float(m.group(1)) * VIEWPORT / 100), expression)
    expression = re.sub(r"(\d+(?:\.\d+)?)vh", lambda m: str(float(m.group(1)) * 844 / 100), expression)
    expression = expression.replace("px", "").replace("calc", "")
    return float(eval(expression, {"min": min, "max": max, "clamp": lambda a, b, c: max(a, min(b, c))}))  # noqa: S307


def chosen(srcset, sizes):
    """The candidate a DPR 3 phone takes: the narrowest at least as wide as it needs."""
    width = VIEWPORT
    for clause in (part.strip() for part in re.split(r",(?![^(]*\))", sizes or "")):
        match = re.match(r"\((min|max)-width:\s*(\d+)px\)\s*(.+)", clause)
        if match:
            limit = int(match.group(2))
            if (match.group(1) == "min" and VIEWPORT >= limit) or (match.group(1) == "max" and VIEWPORT <= limit):
                width = css_length(match.group(3))
                break
        elif clause:
            width = css_length(clause)
            break
    candidates = sorted((int(w[:-1]), url) for url, w in (c.strip().rsplit(" ", 1) for c in srcset.split(",")))
    return next((url for w, url in candidates if w >= width * DPR), candidates[-1][1])


def first_screen(base, page):
    urls = []
    for tag in re.findall(r"<img\b[^>]*>", page):
        if 'loading="lazy"' in tag:
            continue
        attribute = {name: html.unescape(value) for name, value in re.findall(r'(\w[\w-]*)="([^"]*)"', tag)}
        url = chosen(attribute["srcset"], attribute.get("sizes")) if "srcset" in attribute else attribute.get("src")
        if url and url.startswith("/media/"):
            urls.append(base + url)
    return urls


def get(url):
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=120) as response:
        body = response.read()
        return gzip.decompress(body) if response.headers.get("Content-Encoding") == "gzip" else body


def phone(base):
    page = get(base + "/").decode()
    urls = first_screen(base, page)
    return urls, sum(len(get(url)) for url in urls)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    base, pid = sys.argv[1].rstrip("/"), int(sys.argv[2])
    phones = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    before = cpu_seconds(pid)
    watch = WorkerWatch(pid)
    watch.start()
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(phones) as pool:
        results = list(pool.map(lambda _: phone(base), range(phones)))
    elapsed = time.monotonic() - started
    time.sleep(0.5)  # the last worker waited for
    watch.done.set()
    watch.join()
    urls = {url for found, _ in results for url in found}
    print(f"{phones} phones, {len(results[0][0])} photos each on the first screen, {len(urls)} different sizes, "
          f"{sum(b for _, b in results) / phones / 1e3:.0f} KB of photos per phone; burst {elapsed:.2f} s")
    print(f"server and workers: CPU {cpu_seconds(pid) - before:.2f} s; server peak RSS {status_kb(pid, 'VmHWM') / 1024:.1f} MB; "
          f"{len(watch.seen)} workers seen, largest {watch.peak_kb / 1024:.1f} MB")


if __name__ == "__main__":
    main()
