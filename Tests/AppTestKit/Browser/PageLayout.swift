import HTTPTestKit

/// What a person minds about where a page puts its controls, measured from element boxes
/// in the page a `WebDriver` session shows: a control cut off (outside the screen, or
/// outside a box that clips it without scrolling), two controls on top of each other, and
/// on a touch screen a control smaller than a finger (44 × 44 CSS px, WCAG 2.5.5).
///
/// A control is what a person can press or type in: links, buttons, form fields,
/// summaries, and anything given a button role or a tab stop. Only those they can see
/// count: drawn (`checkVisibility` with opacity and visibility), more than 1 px in each
/// direction (the visually-hidden pattern), and inside the open modal dialog when one is
/// open (the page behind it is inert). A form field's target is its label when the label
/// is larger (pressing the label sets the field). Controls pinned to the screen (fixed or
/// sticky) are not compared with the page that scrolls under them.
package enum PageLayout {
    /// A control the checks leave alone, and why.
    package struct Exception: Sendable {
        /// A CSS selector the control matches (`el.matches`).
        package let selector: String
        /// Which checks it is excused from.
        package let checks: Set<Check>
        package let reason: String

        package init(_ selector: String, _ checks: Set<Check>, because reason: String) {
            self.selector = selector
            self.checks = checks
            self.reason = reason
        }
    }

    package enum Check: String, Sendable {
        case clipped, overlap, target
    }

    /// The problems on the page now, one line each naming the check and the control(s).
    /// `touch`: the screen is a touch screen, so targets must be 44 × 44 px.
    package static func problems(_ browser: WebDriver, touch: Bool, except exceptions: [Exception]) async throws -> [String] {
        let excused = exceptions.map { exception -> WebDriverJSON in
            ["selector": .string(exception.selector), "checks": .array(exception.checks.map { .string($0.rawValue) })]
        }
        let result = try await browser.execute(script, [.bool(touch), .array(excused)])
        guard let list = result.array else { throw BrowserTestError("the layout check answered no list: \(result)") }
        return list.compactMap(\.string)
    }

    static let script = """
        const touch = arguments[0], exceptions = arguments[1];
        const excused = (el, check) => exceptions.some(e => e.checks.includes(check) && el.matches(e.selector));
        const modal = document.querySelector(':modal');
        const name = (el) => {
            const text = (el.getAttribute('aria-label') || el.textContent || el.value || el.getAttribute('name') || '').replace(/\\s+/g, ' ').trim().slice(0, 40);
            return el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + (text ? ' "' + text + '"' : '');
        };
        const rect = (el) => el.getBoundingClientRect();
        const area = (r) => r.width * r.height;
        const target = (el) => [...(el.labels || [])].map(rect).reduce((best, r) => area(r) > area(best) ? r : best, rect(el));
        const pinned = (el) => { for (let a = el; a; a = a.parentElement) { if (/fixed|sticky/.test(getComputedStyle(a).position)) { return a; } } return null; };
        const size = (r) => Math.round(r.width) + '×' + Math.round(r.height) + ' at ' + Math.round(r.x) + ',' + Math.round(r.y);
        const controls = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex="-1"])')]
            .filter(el => {
                if (modal && !modal.contains(el)) { return false; }
                if (el.closest('[inert]')) { return false; }
                if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) { return false; }
                const r = rect(el);
                return r.width > 1 && r.height > 1;
            });
        const problems = [];
        // Clipped: inside every ancestor that clips without scrolling, and inside the
        // screen's width (and its height, for what is fixed to the screen); what sits in
        // a box that scrolls can be scrolled to.
        for (const el of controls) {
            if (excused(el, 'clipped')) { continue; }
            const r = rect(el);
            let fixed = false, scrolls = false, clippedBy = null;
            for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
                const style = getComputedStyle(a);
                if (style.position === 'fixed' || a.matches(':modal')) { fixed = true; }
                const overflow = style.overflowX + ' ' + style.overflowY;
                if (/auto|scroll/.test(overflow) && (a.scrollWidth > a.clientWidth + 1 || a.scrollHeight > a.clientHeight + 1)) { scrolls = true; break; }
                if (/hidden|clip/.test(overflow)) {
                    const b = rect(a);
                    if (r.x < b.x - 0.5 || r.y < b.y - 0.5 || r.right > b.right + 0.5 || r.bottom > b.bottom + 0.5) { clippedBy = a; break; }
                }
            }
            if (clippedBy) { problems.push('clipped: ' + name(el) + ' (' + size(r) + ') is cut off by ' + name(clippedBy) + ' (' + size(rect(clippedBy)) + ')'); continue; }
            if (scrolls) { continue; }
            const width = document.documentElement.clientWidth;
            const outside = r.x < -0.5 || r.right > width + 0.5 || (fixed && (r.y < -0.5 || r.bottom > innerHeight + 0.5)) || r.y + scrollY < -0.5;
            if (outside) { problems.push('clipped: ' + name(el) + ' (' + size(r) + ') is outside the ' + width + '×' + innerHeight + ' screen'); }
        }
        // Overlap: no two controls share more than half a pixel, unless one holds the other.
        for (let i = 0; i < controls.length; i++) {
            const a = controls[i], ra = rect(a);
            if (excused(a, 'overlap')) { continue; }
            for (let j = i + 1; j < controls.length; j++) {
                const b = controls[j];
                if (excused(b, 'overlap') || a.contains(b) || b.contains(a) || pinned(a) !== pinned(b)) { continue; }
                const rb = rect(b);
                const w = Math.min(ra.right, rb.right) - Math.max(ra.x, rb.x), h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.y, rb.y);
                if (w > 0.5 && h > 0.5) { problems.push('overlap: ' + name(a) + ' (' + size(ra) + ') and ' + name(b) + ' (' + size(rb) + ')'); }
            }
        }
        // Targets: 44 × 44 CSS px on a touch screen, except a link inside a sentence
        // (WCAG's inline exception: its size is the text's).
        if (touch) {
            for (const el of controls) {
                if (excused(el, 'target')) { continue; }
                const style = getComputedStyle(el);
                const inline = style.display === 'inline' && [...el.parentElement.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
                if (inline) { continue; }
                const r = target(el);
                if (r.width < 43.5 || r.height < 43.5) { problems.push('target: ' + name(el) + ' is ' + size(r) + ', under 44×44'); }
            }
        }
        return problems;
        """
}
