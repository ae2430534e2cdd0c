"""A cheap look at a page's controls for the screenshot report (not a test: nothing here
fails a run; scripts/screenshots lists what it finds in index.html and report.json).

CHECK runs in the page just before its screenshot and returns:
  cut      controls whose box leaves the viewport (sideways anywhere; up or down too when
           they sit in something fixed or sticky, like the viewer or the TV bar, which
           cannot be scrolled to) or is cut by an ancestor that clips (overflow hidden or
           clip; a scrolling ancestor is not counted, its content can be scrolled to);
  overlaps pairs of controls whose boxes overlap by at least 2 x 2 px (line by line for a
           link that wraps; neither inside the other, not a checkbox and its own label), with the one on top at the middle of
           the overlap ("over") and whether they are in different layers ("layered": a
           positioned menu, panel or button over the page, a sticky bar the page scrolls
           under: often meant; the same layer
           rarely is);
  small    on touch sizes, controls smaller than 44 x 44 CSS px (a checkbox or radio is
           measured with its label, which takes the tap too); "inline" marks a link in a
           line of text, which WCAG 2.5.8 lets be smaller;
  sideways whether the page itself is wider than the viewport.
A control is a link, button, summary, form field or [role=button|link|checkbox|tab]. Only
controls a person can see count: not display:none, visibility:hidden, opacity 0, inert,
aria-hidden, or smaller than 2 px (visually hidden), and not covered at every point sampled
by something else (the viewer under the comment sheet). Controls that draw nothing (the
viewer's transparent tap zones over the photo) are left out of the overlaps.
"""

CHECK = r"""
const touch = arguments[0];
const W = innerWidth, H = innerHeight;
const docW = document.documentElement.scrollWidth, docH = document.documentElement.scrollHeight;
const SELECTOR = 'a[href], button, summary, input:not([type=hidden]), select, textarea, '
  + '[role=button], [role=link], [role=checkbox], [role=tab]';
const round = r => ({x: Math.round(r.left), y: Math.round(r.top), w: Math.round(r.width), h: Math.round(r.height)});
const describe = el => {
  const text = (el.getAttribute('aria-label') || el.innerText || el.value || el.getAttribute('title')
                || el.getAttribute('name') || '').replace(/\s+/g, ' ').trim();
  const cls = (el.getAttribute('class') || '').split(/\s+/).filter(Boolean)[0];
  const kind = el.tagName.toLowerCase() + (el.type && el.tagName === 'INPUT' ? '[' + el.type + ']' : '');
  return kind + (cls ? '.' + cls : '') + (text ? ' "' + text.slice(0, 48) + '"' : '');
};
const shown = el => {
  if (el.closest('[inert], [aria-hidden="true"]')) { return false; }
  // The content of a closed <details> keeps its boxes in Chromium (content-visibility).
  if (el.checkVisibility && !el.checkVisibility({contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true})) {
    return false;
  }
  const style = getComputedStyle(el);
  if (style.display === 'none' || style.visibility !== 'visible') { return false; }
  for (let node = el; node; node = node.parentElement) {
    if (parseFloat(getComputedStyle(node).opacity) === 0) { return false; }
  }
  const r = el.getBoundingClientRect();
  return r.width >= 2 && r.height >= 2;
};
// Whether something else covers the control at every sampled point inside the viewport.
const hidden = (el, r) => {
  const points = [[0.5, 0.5], [0.15, 0.15], [0.85, 0.15], [0.15, 0.85], [0.85, 0.85]]
    .map(([fx, fy]) => [r.left + r.width * fx, r.top + r.height * fy])
    .filter(([x, y]) => x >= 0 && y >= 0 && x < W && y < H);
  if (!points.length) { return false; }
  return points.every(([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    return hit && !el.contains(hit) && !hit.contains(el) && !(el.labels && Array.from(el.labels).some(l => l.contains(hit)));
  });
};
const draws = el => {
  if ((el.innerText || '').trim() || el.matches('input, select, textarea') || el.querySelector('img, svg, canvas, video')) { return true; }
  const style = getComputedStyle(el);
  return style.backgroundColor !== 'rgba(0, 0, 0, 0)' || style.backgroundImage !== 'none'
    || parseFloat(style.borderTopWidth) > 0 || style.boxShadow !== 'none';
};
// The nearest ancestor (or the control) that is absolutely, fixed or sticky positioned:
// controls with different ones are in different layers (a menu over the page, a bar the
// page scrolls under).
const layer = el => {
  for (let node = el; node; node = node.parentElement) {
    if (['absolute', 'fixed', 'sticky'].includes(getComputedStyle(node).position)) { return node; }
  }
  return null;
};
const pinned = el => {
  for (let node = el; node; node = node.parentElement) {
    const position = getComputedStyle(node).position;
    if (position === 'fixed' || position === 'sticky') { return true; }
  }
  return false;
};
// The part of r an ancestor that clips (and does not scroll) leaves visible.
const clippedBy = (el, r) => {
  let left = r.left, top = r.top, right = r.right, bottom = r.bottom;
  for (let node = el.parentElement; node && node !== document.documentElement; node = node.parentElement) {
    const style = getComputedStyle(node);
    const clipX = ['hidden', 'clip'].includes(style.overflowX), clipY = ['hidden', 'clip'].includes(style.overflowY);
    if (!clipX && !clipY) { continue; }
    const box = node.getBoundingClientRect();
    if (clipX) { left = Math.max(left, box.left); right = Math.min(right, box.right); }
    if (clipY) { top = Math.max(top, box.top); bottom = Math.min(bottom, box.bottom); }
  }
  return {left, top, right, bottom};
};
const scrollsSideways = el => {
  for (let node = el.parentElement; node && node !== document.documentElement && node !== document.body; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (['auto', 'scroll'].includes(style.overflowX) && node.scrollWidth > node.clientWidth + 1) { return true; }
  }
  return false;
};
const controls = [];
for (const el of document.querySelectorAll(SELECTOR)) {
  if (!shown(el)) { continue; }
  const r = el.getBoundingClientRect();
  if (hidden(el, r)) { continue; }
  controls.push({el, r});
}
const cut = [], overlaps = [], small = [];
for (const {el, r} of controls) {
  const reasons = [];
  if (!scrollsSideways(el)) {
    if (r.left < -1) { reasons.push(`${Math.round(-r.left)} px past the left edge`); }
    if (r.right > W + 1) { reasons.push(`${Math.round(r.right - W)} px past the right edge`); }
  }
  if (pinned(el)) {
    if (r.top < -1) { reasons.push(`${Math.round(-r.top)} px above the screen`); }
    if (r.bottom > H + 1) { reasons.push(`${Math.round(r.bottom - H)} px below the screen`); }
  } else if (r.top + scrollY < -1 || r.bottom + scrollY > docH + 1) {
    reasons.push('outside the page');
  }
  const v = clippedBy(el, r);
  if (v.right - v.left < r.width - 1 || v.bottom - v.top < r.height - 1) {
    const w = Math.max(0, Math.round(v.right - v.left)), h = Math.max(0, Math.round(v.bottom - v.top));
    reasons.push(`clipped by its container to ${w}×${h}`);
  }
  if (reasons.length) { cut.push({control: describe(el), box: round(r), why: reasons.join('; ')}); }
  if (touch) {
    let box = r;
    const label = (el.type === 'checkbox' || el.type === 'radio') && el.labels && el.labels[0];
    if (label) {
      const l = label.getBoundingClientRect();
      box = {left: Math.min(r.left, l.left), top: Math.min(r.top, l.top), width: Math.max(r.right, l.right) - Math.min(r.left, l.left),
             height: Math.max(r.bottom, l.bottom) - Math.min(r.top, l.top)};
    }
    if (box.width < 43.5 || box.height < 43.5) {
      const inline = getComputedStyle(el).display === 'inline' && el.parentElement
        && (el.parentElement.innerText || '').trim().length > (el.innerText || '').trim().length + 10;
      small.push({control: describe(el), box: round(box), inline: !!inline});
    }
  }
}
const drawn = controls.filter(c => draws(c.el));
for (let i = 0; i < drawn.length; i++) {
  for (let j = i + 1; j < drawn.length; j++) {
    const a = drawn[i], b = drawn[j];
    if (a.el.contains(b.el) || b.el.contains(a.el)) { continue; }
    if ((a.el.labels && Array.from(a.el.labels).includes(b.el.closest('label'))) ||
        (b.el.labels && Array.from(b.el.labels).includes(a.el.closest('label')))) { continue; }
    // Line by line: a link that wraps has a box around both its lines, which a link
    // beside it on either line is inside of.
    let w = 0, h = 0, x = 0, y = 0;
    for (const ra of a.el.getClientRects()) {
      for (const rb of b.el.getClientRects()) {
        const iw = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const ih = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (iw >= 2 && ih >= 2 && iw * ih > w * h) {
          [w, h, x, y] = [iw, ih, Math.max(ra.left, rb.left) + iw / 2, Math.max(ra.top, rb.top) + ih / 2];
        }
      }
    }
    if (w >= 2 && h >= 2) {
      const hit = x >= 0 && y >= 0 && x < W && y < H ? document.elementFromPoint(x, y) : null;
      const top = hit && a.el.contains(hit) ? a : hit && b.el.contains(hit) ? b : null;
      overlaps.push({controls: [describe(a.el), describe(b.el)], boxes: [round(a.r), round(b.r)], by: `${Math.round(w)}×${Math.round(h)}`,
                     over: top ? describe(top.el) : null, layered: layer(a.el) !== layer(b.el)});
    }
  }
}
return {controls: controls.length, cut: cut.slice(0, 40), overlaps: overlaps.slice(0, 40), small: small.slice(0, 60),
        sideways: docW > W + 1 ? docW : 0};
"""


def counts(layout):
    """A short text for a page's findings, or "" when there are none."""
    if not layout:
        return ""
    parts = []
    if layout.get("sideways"):
        parts.append(f"page {layout['sideways']} px wide")
    if layout.get("error"):
        parts.append("layout check failed")
    overlaps = layout.get("overlaps") or []
    flat = [o for o in overlaps if not o.get("layered")]
    if layout.get("cut"):
        parts.append(f"{len(layout['cut'])} cut off")
    if flat:
        parts.append(f"{len(flat)} overlapping")
    if len(overlaps) > len(flat):
        parts.append(f"{len(overlaps) - len(flat)} under a layer")
    if layout.get("small"):
        parts.append(f"{len(layout['small'])} small targets")
    return ", ".join(parts)
