// The story viewer's state, and the one function that changes it. Pure: no page, no
// clock; viewer.js feeds it what happened and carries out what it answers, and the timer
// runs exactly while the state says "playing". Each step away holds the number of the
// story it was asked from, so an answer about an earlier story (its bar's end, its photo
// decoding, a page asked for from it) arrives to a later one and changes nothing.
//
// A state is { phase, story, reasons }:
// - phase: "loading" (the story's photo is still decoding), "playing", "paused" (one of
//   the reasons below holds it), "advancing" (its bar is full and the next story is on
//   its way) or "closed";
// - story: which story is on stage, counting from 1 as they come;
// - reasons: why it is held, sorted; each one goes only when that reason is cleared.
//   "user" (the pause button, Space; reduced motion starts with it), "held" (a finger
//   held down), "hidden" (the tab is not shown) stay from one story to the next; "gate"
//   (a content warning not yet dismissed), "share" (the share panel or sheet), "menu" (the
//   story's menu) and holds other scripts name (social.js: "comments") go with their story;
// - tap, taps, undone: the double tap (below).
//
// Double tap: a tap on the photo moves at once (no waiting to see whether a second one
// comes, as Grain's web does for 300 ms); a second tap within DOUBLE_TAP_MS and SLOP_PX
// of it makes the two a double tap, which undoes the first one's move and hearts the
// story it was made on. So the state remembers the last tap (`tap`: its time, place,
// number, the story it was made on and that story's address) until another story is on
// stage that its move did not bring; `taps` counts them, `undone` is the number of the
// tap whose move is still on its way when it is undone, so its arrival changes nothing.
(function () {
  "use strict";
  var G = window.GrainStories = window.GrainStories || {};
  var KEPT = ["user", "held", "hidden"];
  var DOUBLE_TAP_MS = 300, SLOP_PX = 40;

  function make(phase, story, reasons) {
    return { phase: phase, story: story, reasons: reasons, tap: null, taps: 0, undone: 0 };
  }

  // `state` with other tap fields (a new object: a state is never changed in place).
  function withTap(state, tap, changes) {
    var copy = make(state.phase, state.story, state.reasons);
    copy.taps = state.taps;
    copy.undone = state.undone;
    for (var key in changes || {}) { copy[key] = changes[key]; }
    copy.tap = tap;
    return copy;
  }

  // What becomes of the last tap after `event`: it goes when another story comes on
  // stage, unless that story is the one its own move brought.
  function tapAfter(tap, event) {
    if (!tap) { return null; }
    if (event.type === "arrived" && event.tap === tap.number) { return Object.assign({}, tap, { landing: true }); }
    if (event.type === "story") { return tap.landing ? Object.assign({}, tap, { landing: false, landed: true }) : null; }
    return tap;
  }

  // A tap on the photo: { at (ms, any one clock), x, y, url (the story on stage), to
  // (where this tap alone leads), closes (`to` closes the viewer) }. A tap that would
  // close waits out the double-tap window first: a closed viewer cannot be undone, and
  // a double tap on the last story must like it, not leave.
  function tapped(state, event) {
    var last = state.tap;
    var near = last && Math.abs(event.x - last.x) <= SLOP_PX && Math.abs(event.y - last.y) <= SLOP_PX;
    var soon = last && event.at >= last.at && event.at - last.at <= DOUBLE_TAP_MS;
    var favorite = { type: "favorite", x: event.x, y: event.y };
    if (near && soon && (last.landed || last.story === state.story)) {
      // The first tap's move has landed: go back to where it was made. Still on its way:
      // its arrival is dropped. Either way the story tapped on is hearted.
      if (last.landed) { return { state: withTap(state, null), effects: [{ type: "return", url: last.url }, favorite] }; }
      return { state: withTap(state, null, { undone: last.number }), effects: [favorite] };
    }
    var number = state.taps + 1;
    var tap = { number: number, at: event.at, x: event.x, y: event.y, story: state.story, url: event.url, landing: false, landed: false };
    var move = { type: "move", url: event.to, tap: number, wait: event.closes ? DOUBLE_TAP_MS : 0 };
    return { state: withTap(state, tap, { taps: number }), effects: [move] };
  }

  // The same phase with other reasons: a story on stage plays when nothing holds it.
  function withReasons(state, reasons) {
    var settled = state.phase === "playing" || state.phase === "paused";
    return make(settled ? (reasons.length ? "paused" : "playing") : state.phase, state.story, reasons);
  }

  function adding(reasons, reason) {
    return reasons.indexOf(reason) === -1 ? reasons.concat([reason]).sort() : reasons;
  }

  function removing(reasons, reason) {
    return reasons.filter(function (each) { return each !== reason; });
  }

  function stay(state) { return { state: state, effects: [] }; }

  // The viewer as it opens, before its first story: reduced motion starts it paused by
  // the person's choice, a tab opened in the background starts hidden.
  function initial(options) {
    var reasons = [];
    if (options && options.reducedMotion) { reasons = adding(reasons, "user"); }
    if (options && options.hidden) { reasons = adding(reasons, "hidden"); }
    return make("loading", 0, reasons);
  }

  // (state, event) → { state, effects }: `step` below, and the double tap around it.
  function next(state, event) {
    if (state.phase === "closed") { return stay(state); }
    if (event.type === "tap") { return tapped(state, event); }
    var undone = /^(arrived|failed|close)$/.test(event.type) && event.tap && event.tap === state.undone;
    if (undone) { return stay(state); }
    var result = step(state, event);
    var tap = tapAfter(state.tap, event);
    if (tap === state.tap && result.state === state) { return result; }
    var kept = result.state.phase === "closed" ? null : tap;
    return { state: withTap(result.state, kept, { taps: state.taps, undone: state.undone }), effects: result.effects };
  }

  // Events:
  // - { type: "story", gated }: a story is on stage (the first, or one swapped in);
  //   effect "timer": give it a new timer.
  // - { type: "ready", story }: that story's photo has decoded; effect "prefetch".
  // - { type: "hold", reason }, { type: "release", reason }, { type: "toggle" } (the
  //   person's own pause).
  // - { type: "ended", story }: that story's bar is full; effect "advance".
  // - { type: "arrived", from, page, url, manual } and { type: "failed", from, url }: a
  //   page asked for from story `from`; effects "swap" (put it on stage) or "leave" (load
  //   it as a page instead).
  // - { type: "close" }; effect "close".
  // - { type: "tap", at, x, y, url, to, closes } (above): effect "move" ({url, tap, wait}:
  //   go there after `wait` ms, and say `tap` in what arrives or in the close it makes),
  //   or for a double tap "favorite" ({x, y}) after
  //   "return" ({url}: put that story back on stage) when the first tap's move had landed.
  // A closed viewer ignores everything.
  function step(state, event) {
    switch (event.type) {
      case "story":
        var reasons = state.reasons.filter(function (reason) { return KEPT.indexOf(reason) !== -1; });
        if (event.gated) { reasons = adding(reasons, "gate"); }
        return { state: make("loading", state.story + 1, reasons), effects: [{ type: "timer", story: state.story + 1 }] };
      case "ready":
        if (event.story !== state.story || state.phase !== "loading") { return stay(state); }
        return { state: make(state.reasons.length ? "paused" : "playing", state.story, state.reasons), effects: [{ type: "prefetch" }] };
      case "hold":
        return stay(withReasons(state, adding(state.reasons, event.reason)));
      case "release":
        return stay(withReasons(state, removing(state.reasons, event.reason)));
      case "toggle":
        var paused = state.reasons.indexOf("user") !== -1;
        return stay(withReasons(state, paused ? removing(state.reasons, "user") : adding(state.reasons, "user")));
      case "ended":
        if (event.story !== state.story || state.phase !== "playing") { return stay(state); }
        return { state: make("advancing", state.story, state.reasons), effects: [{ type: "advance" }] };
      case "arrived":
        if (event.from !== state.story) { return stay(state); }
        return { state: state, effects: [{ type: "swap", page: event.page, url: event.url, manual: !!event.manual }] };
      case "failed":
        if (event.from !== state.story) { return stay(state); }
        return { state: state, effects: [{ type: "leave", url: event.url }] };
      case "close":
        return { state: make("closed", state.story, state.reasons), effects: [{ type: "close" }] };
      default:
        return stay(state);
    }
  }

  G.ViewerState = { initial: initial, next: next, DOUBLE_TAP_MS: DOUBLE_TAP_MS };
})();
