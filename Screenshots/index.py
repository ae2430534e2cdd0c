#!/usr/bin/env python3
"""Writes DIR/index.html from DIR/manifest.jsonl (what capture.py recorded): one section per
data set, one row per page, the phone, desktop and TV screenshots side by side, each linking
to its full-page version when there is one.

Usage: index.py DIR [--seconds N] [--commit TEXT]
"""

import argparse
import html
import json
import os
import time

import datasets

SIZES = ("phone", "desktop", "tv")
STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1rem 2rem; background: #f4f4f4; color: #222; }
h2 { margin-top: 2.5rem; } .about { color: #555; max-width: 60rem; }
table { border-collapse: collapse; } th, td { vertical-align: top; text-align: left; padding: .5rem; }
th.page { width: 10rem; font-weight: 600; } td { border-top: 1px solid #ccc; }
img { display: block; border: 1px solid #999; background: #fff; }
.phone img { width: 195px; } .desktop img { width: 426px; } .tv img { width: 480px; }
.meta { color: #555; font-size: 12px; max-width: 480px; word-break: break-all; } .warn { color: #b00; }
nav a { margin-right: 1rem; }
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir")
    parser.add_argument("--seconds", type=int)
    parser.add_argument("--commit", default="")
    args = parser.parse_args()
    entries = []
    with open(os.path.join(args.dir, "manifest.jsonl"), encoding="utf-8") as handle:
        entries = [json.loads(line) for line in handle if line.strip()]
    names, pages, shots = [], {}, {}
    for entry in entries:
        if entry["dataset"] not in names:
            names.append(entry["dataset"])
        order = pages.setdefault(entry["dataset"], [])
        if entry["page"] not in order:
            order.append(entry["page"])
        shots[(entry["dataset"], entry["page"], entry["size"])] = entry

    out = ["<!doctype html><meta charset=utf-8><title>GrainStories screenshots</title>", f"<style>{STYLE}</style>",
           "<h1>GrainStories screenshots</h1>",
           f"<p>{len(entries)} pages, made {html.escape(time.strftime('%Y-%m-%d %H:%M %Z'))}"
           + (f" from {html.escape(args.commit)}" if args.commit else "")
           + (f" in {args.seconds} s" if args.seconds else "")
           + " by <code>scripts/screenshots</code>. Headless Chromium with reduced motion; phone at 2× pixels."
           " Click a picture for the full page (when it is taller than the screen) or the picture itself.</p>",
           "<nav>" + "".join(f'<a href="#{d}">{d}</a>' for d in names) + "</nav>"]
    sizes = [size for size in SIZES if any(entry["size"] == size for entry in entries)]
    for dataset in names:
        out.append(f'<h2 id="{dataset}">{dataset}</h2><p class="about">{html.escape(datasets.DESCRIPTIONS.get(dataset, ""))}</p>')
        out.append("<table><tr><th></th>" + "".join(f"<th>{size}</th>" for size in sizes) + "</tr>")
        for page in pages[dataset]:
            out.append(f'<tr><th class="page">{html.escape(page)}</th>')
            for size in sizes:
                entry = shots.get((dataset, page, size))
                if entry is None:
                    out.append(f'<td class="{size}"></td>')
                    continue
                target = entry["full"] or entry["file"]
                meta = [f"{entry['status']} {entry['url']}"]
                if entry["note"]:
                    meta.append(entry["note"])
                if entry["full"]:
                    meta.append("taller than the screen: click for the full page")
                warn = []
                if entry["broken"]:
                    warn.append(f"{len(entry['broken'])} image(s) failed to load")
                if entry["timedOut"]:
                    warn.append("still loading after 20 s")
                out.append(
                    f'<td class="{size}"><a href="{html.escape(target)}"><img loading="lazy" src="{html.escape(entry["file"])}" '
                    f'alt="{html.escape(page)} at {size} size"></a><div class="meta">'
                    + "<br>".join(html.escape(m) for m in meta)
                    + "".join(f'<br><span class="warn">{html.escape(w)}</span>' for w in warn) + "</div></td>")
            out.append("</tr>")
        out.append("</table>")
    with open(os.path.join(args.dir, "index.html"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
