/// Scripts that hold a page's timers while a gesture is delivered (`WebDriver.doubleTap`).
///
/// A timer the page sets while the gesture comes in (`setTimeout`) is kept instead of
/// started, and one it clears is dropped; once the gesture is in, each kept timer starts
/// with its own delay. So the page's clock does not run during the driver's round trips
/// between touches, which a finger does not make. The page counts its clicks, and how many
/// released timers have yet to run (`pending`), for a test that waits for them.
package enum PageTimerHold {
    /// Installs the hold (once per page) and starts holding; counts clicks from then on.
    package static let install = """
        if (!window.__timerHold) {
            const realSet = window.setTimeout, realClear = window.clearTimeout;
            const held = new Map(), started = new Map();
            let nextID = -1;
            const hold = window.__timerHold = { holding: false, clicks: 0, pending: 0 };
            window.addEventListener('click', () => { hold.clicks += 1; }, true);
            window.setTimeout = function (callback, delay, ...args) {
                if (!hold.holding) { return realSet.call(window, callback, delay, ...args); }
                const id = nextID--;
                held.set(id, [callback, delay, args]);
                return id;
            };
            window.clearTimeout = function (id) {
                if (held.delete(id)) { return; }
                if (started.has(id)) { realClear.call(window, started.get(id)); started.delete(id); hold.pending -= 1; return; }
                realClear.call(window, id);
            };
            hold.release = function () {
                hold.holding = false;
                held.forEach(([callback, delay, args], id) => {
                    hold.pending += 1;
                    started.set(id, realSet.call(window, () => { started.delete(id); hold.pending -= 1; callback(...args); }, delay));
                });
                held.clear();
            };
        }
        window.__timerHold.holding = true;
        window.__timerHold.clicks = 0;
        """

    /// True once the page has had the two clicks of a double tap.
    package static let bothTapsSeen = "return window.__timerHold.clicks >= 2"

    /// Starts the timers held so far and stops holding (nothing if the page was left).
    package static let release = "if (window.__timerHold) { window.__timerHold.release(); }"

    /// True once every timer the last release started has run or been cleared.
    package static let releasedTimersRan = "return !!window.__timerHold && window.__timerHold.pending === 0"
}
