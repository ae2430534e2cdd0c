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
//   story's menu) and holds other scripts name (social.js: "comments") go with their story.
(function () {
  "use strict";
  var G = window.GrainStories = window.GrainStories || {};
  var KEPT = ["user", "held", "hidden"];

  function make(phase, story, reasons) {
    return { phase: phase, story: story, reasons: reasons };
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

  // (state, event) → { state, effects }. Events:
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
  // A closed viewer ignores everything.
  function next(state, event) {
    if (state.phase === "closed") { return stay(state); }
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

  G.ViewerState = { initial: initial, next: next };
})();
