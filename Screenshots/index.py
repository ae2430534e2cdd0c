#!/usr/bin/env python3
"""Writes DIR/index.html and DIR/report.json from DIR/manifest.jsonl (what capture.py
recorded). index.html: one section per data set, one row per page and engine/scheme, the
sizes side by side, each picture linking to its full-page version when there is one, with
the layout findings (layout.py) under it; checkboxes hide engines and schemes. report.json:
every page's layout findings, for reading without the pictures.

Usage: index.py DIR [--seconds N] [--commit TEXT]
"""

import argparse
import html
import json
import os
import time

import datasets
import layout

SIZES = ("phone", "tablet", "desktop", "tv", "4k")
ENGINES = ("chromium", "webkit")
SCHEMES = ("light", "dark")
STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1rem 2rem; background: #f4f4f4; color: #222; }
h2 { margin-top: 2.5rem; } .about { color: #555; max-width: 70rem; }
table { border-collapse: collapse; } th, td { vertical-align: top; text-align: left; padding: .4rem; }
th.page { width: 9rem; font-weight: 600; } td, th.run { border-top: 1px solid #ccc; }
th.run { font-weight: normal; color: #555; width: 5rem; }
tr.dark td { background: #2a2a2a; color: #ddd; } tr.dark .meta { color: #bbb; }
img { display: block; border: 1px solid #999; background: #fff; }
.phone img { width: 156px; } .tablet img { width: 205px; } .desktop img { width: 360px; }
.tv img, .k4 img { width: 384px; }
.meta { color: #555; font-size: 12px; max-width: 384px; word-break: break-word; } .warn { color: #c00; }
tr.dark .warn { color: #ff8a80; } .found summary { cursor: pointer; } .found li { margin: .2rem 0; }
.quiet { color: #888; } nav a { margin-right: 1rem; } .filters label { margin-right: 1rem; }
"""
FILTER = """
const boxes = Array.from(document.querySelectorAll('.filters input'));
const apply = () => {
  const off = boxes.filter(box => !box.checked).map(box => box.value);
  for (const row of document.querySelectorAll('tr[data-run]')) { row.hidden = off.some(value => row.classList.contains(value)); }
};
boxes.forEach(box => box.addEventListener('change', apply));
"""


def engine_notes(entries):
    notes = []
    if any(e["engine"] == "chromium" for e in entries):
        notes.append("Chromium: headless, reduced motion and the colour scheme emulated (DevTools "
                     "Emulation.setEmulatedMedia); phone and tablet are touch screens at 2× pixels.")
    if any(e["engine"] == "webkit" for e in entries):
        notes.append("WebKitGTK: the tests' web view (webkit-browser.py) in a window of each size under Xvfb, at 1× "
                     "pixels with a mouse (WebKitGTK has no touch or device emulation, so its phone and tablet have a "
                     "fine pointer and no mobile viewport); reduced motion and the dark scheme come from GTK's settings, "
                     "which WebKit follows for prefers-reduced-motion and prefers-color-scheme (checked: the dark "
                     "pictures are dark). Its full-page pictures are taken with the window made as tall as the page (at most 2160 px).")
    return notes


def findings_html(found, touch):
    if not found:
        return ""
    if found.get("error"):
        return f'<div class="warn">layout check failed: {html.escape(found["error"])}</div>'
    items = []
    if found.get("sideways"):
        items.append(f'<li class="warn">the page is {found["sideways"]} px wide: it scrolls sideways</li>')
    for cut in found.get("cut") or []:
        items.append(f'<li class="warn">cut off: {html.escape(cut["control"])}: {html.escape(cut["why"])}</li>')
    for overlap in found.get("overlaps") or []:
        a, b = overlap["controls"]
        on_top = f' ({html.escape(overlap["over"])} on top)' if overlap.get("over") else ""
        if overlap.get("layered"):
            items.append(f'<li class="quiet">under a layer: {html.escape(a)} and {html.escape(b)} by {overlap["by"]}{on_top}</li>')
        else:
            items.append(f'<li class="warn">overlap: {html.escape(a)} and {html.escape(b)} by {overlap["by"]}{on_top}</li>')
    for small in found.get("small") or []:
        box = small["box"]
        inline = " (a link in text)" if small.get("inline") else ""
        items.append(f'<li>{box["w"]}×{box["h"]}: {html.escape(small["control"])}{inline}</li>')
    if not items:
        return f'<div class="quiet">{found.get("controls", 0)} controls: none cut off or overlapping' + \
            (", none under 44 px" if touch else "") + "</div>"
    return (f'<details class="found"><summary>{html.escape(layout.counts(found))}</summary><ul>'
            + "".join(items) + "</ul></details>")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir")
    parser.add_argument("--seconds", type=int)
    parser.add_argument("--commit", default="")
    args = parser.parse_args()
    with open(os.path.join(args.dir, "manifest.jsonl"), encoding="utf-8") as handle:
        entries = [json.loads(line) for line in handle if line.strip()]
    names, pages, shots = [], {}, {}
    for entry in entries:
        if entry["dataset"] not in names:
            names.append(entry["dataset"])
        order = pages.setdefault(entry["dataset"], [])
        if entry["page"] not in order:
            order.append(entry["page"])
        shots[(entry["engine"], entry["scheme"], entry["dataset"], entry["page"], entry["size"])] = entry
    sizes = [size for size in SIZES if any(entry["size"] == size for entry in entries)]
    runs = [(engine, scheme) for engine in ENGINES for scheme in SCHEMES
            if any(e["engine"] == engine and e["scheme"] == scheme for e in entries)]

    with open(os.path.join(args.dir, "report.json"), "w", encoding="utf-8") as handle:
        json.dump([{key: entry[key] for key in ("engine", "scheme", "dataset", "size", "page", "url", "file", "layout")}
                   for entry in entries], handle, indent=1)

    out = ["<!doctype html><meta charset=utf-8><title>GrainStories screenshots</title>", f"<style>{STYLE}</style>",
           "<h1>GrainStories screenshots</h1>",
           f"<p>{len(entries)} pages, made {html.escape(time.strftime('%Y-%m-%d %H:%M %Z'))}"
           + (f" from {html.escape(args.commit)}" if args.commit else "")
           + (f" in {args.seconds} s" if args.seconds else "")
           + " by <code>scripts/screenshots</code>, with reduced motion (the viewer starts paused)."
           " Click a picture for the full page (when it is taller than the screen) or the picture itself."
           " Under each: what the layout check found (not a test: nothing fails), also in"
           ' <a href="report.json">report.json</a>: controls cut off by the screen or their container,'
           " controls overlapping (those under a positioned layer, like an open menu, in grey), and on touch sizes"
           " (phone, tablet) tap targets under 44×44 CSS px.</p>",
           "<ul>" + "".join(f"<li>{html.escape(note)}</li>" for note in engine_notes(entries)) + "</ul>",
           '<p class="filters">Show: ' + "".join(
               f'<label><input type="checkbox" value="{value}" checked> {value}</label>'
               for value in [e for e in ENGINES if any(r[0] == e for r in runs)] + [s for s in SCHEMES if any(r[1] == s for r in runs)])
           + "</p>",
           "<nav>" + "".join(f'<a href="#{d}">{d}</a>' for d in names) + "</nav>"]
    for dataset in names:
        out.append(f'<h2 id="{dataset}">{dataset}</h2><p class="about">{html.escape(datasets.DESCRIPTIONS.get(dataset, ""))}</p>')
        out.append("<table><tr><th></th><th></th>" + "".join(f"<th>{size}</th>" for size in sizes) + "</tr>")
        for page in pages[dataset]:
            present = [run for run in runs if any((*run, dataset, page, size) in shots for size in sizes)]
            for number, (engine, scheme) in enumerate(present):
                out.append(f'<tr class="{engine} {scheme}" data-run>')
                if number == 0:
                    out.append(f'<th class="page" rowspan="{len(present)}">{html.escape(page)}</th>')
                out.append(f'<th class="run">{engine}<br>{scheme}</th>')
                for size in sizes:
                    entry = shots.get((engine, scheme, dataset, page, size))
                    css = "k4" if size == "4k" else size
                    if entry is None:
                        out.append(f'<td class="{css}"></td>')
                        continue
                    target = entry["full"] or entry["file"]
                    meta = [f"{entry['status'] or ''} {entry['url']}".strip()]
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
                        f'<td class="{css}"><a href="{html.escape(target)}"><img loading="lazy" src="{html.escape(entry["file"])}" '
                        f'alt="{html.escape(page)}, {engine}, {scheme}, {size} size"></a><div class="meta">'
                        + "<br>".join(html.escape(m) for m in meta)
                        + "".join(f'<br><span class="warn">{html.escape(w)}</span>' for w in warn)
                        + findings_html(entry.get("layout"), size in ("phone", "tablet")) + "</div></td>")
                out.append("</tr>")
        out.append("</table>")
    out.append(f"<script>{FILTER}</script>")
    with open(os.path.join(args.dir, "index.html"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
