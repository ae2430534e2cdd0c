// A clock a test (PageClock.swift) or a benchmark (Benchmarks/tv_longrun_bench.py) moves
// inside a page, installed before the page's own scripts. `Date` runs from the real time
// plus an offset, optionally faster (`setRate`), and the page's timers (`setTimeout`,
// `setInterval`) are due by that clock: moving it on an hour fires, at once and in
// order, every timer that came due within the hour, as a page gets them when its device
// wakes. Animations, performance.now() and requestAnimationFrame keep real time (a
// benchmark speeds animations through DevTools' Animation.setPlaybackRate).
(() => {
  if (window.__pageClock) { return; }
  const RealDate = Date;
  const realSet = window.setTimeout.bind(window), realClear = window.clearTimeout.bind(window);
  let anchorReal = RealDate.now(), anchorTime = anchorReal, rate = 1;
  const now = () => anchorTime + (RealDate.now() - anchorReal) * rate;
  function MovedDate(...args) {
    if (!new.target) { return new RealDate(now()).toString(); }
    return args.length === 0 ? new RealDate(now()) : new RealDate(...args);
  }
  MovedDate.prototype = RealDate.prototype;
  MovedDate.now = now;
  MovedDate.parse = RealDate.parse;
  MovedDate.UTC = RealDate.UTC;
  window.Date = MovedDate;
  const timers = new Map();
  let nextID = 1;
  const arm = (id, timer) => { timer.handle = realSet(() => fire(id), Math.max(0, (timer.due - now()) / rate)); };
  const fire = (id) => {
    const timer = timers.get(id);
    if (!timer) { return; }
    if (timer.due > now()) { arm(id, timer); return; }
    if (timer.repeat) { timer.due = now() + timer.delay; arm(id, timer); } else { timers.delete(id); }
    if (typeof timer.callback === 'function') { timer.callback(...timer.args); } else { (0, eval)(String(timer.callback)); }
  };
  const add = (callback, delay, args, repeat) => {
    const id = nextID++, ms = Math.max(0, Number(delay) || 0);
    const timer = { callback, args, delay: repeat ? Math.max(1, ms) : ms, due: now() + ms, repeat };
    timers.set(id, timer);
    arm(id, timer);
    return id;
  };
  // Every timer armed again against the clock as it now is, earliest first.
  const rearm = () => {
    [...timers.entries()].sort((a, b) => a[1].due - b[1].due).forEach(([id, timer]) => { realClear(timer.handle); arm(id, timer); });
  };
  window.setTimeout = (callback, delay, ...args) => add(callback, delay, args, false);
  window.setInterval = (callback, delay, ...args) => add(callback, delay, args, true);
  window.clearTimeout = window.clearInterval = (id) => {
    const timer = timers.get(id);
    if (timer) { realClear(timer.handle); timers.delete(id); }
  };
  window.__pageClock = {
    now,
    // Moves the clock on by `ms`; every timer due by then fires, earliest first.
    advance(ms) { anchorTime += ms; rearm(); },
    // Sets the clock to `epochMs`.
    set(epochMs) { this.advance(epochMs - now()); },
    // From now on the clock runs `factor` times as fast as real time.
    setRate(factor) { anchorTime = now(); anchorReal = RealDate.now(); rate = factor; rearm(); },
    timers: () => timers.size,
  };
})();
