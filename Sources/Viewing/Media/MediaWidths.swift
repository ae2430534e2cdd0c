/// The widths this server makes of a cached photo for `srcset` (issue 47), and which of
/// them each kind of image offers.
///
/// Chosen from the CSS (`Public/app.css`, `tv.css`) so that every tile, cover and viewer
/// size on a phone (390 × 844), a tablet (820 × 1180), a desktop (1440 × 900), a TV
/// (1920 × 1080) and a 4K screen (3840 × 2160, the page zoomed 1.5 or 2) at 1, 2 and 3
/// device pixels per CSS pixel gets the smallest width at or above what it needs, and at
/// most about 1.3 times the pixels it needs (area; about 1.14 times the width). What each
/// place needs, in device pixels, for a 3:4 photo (a 9:16 tile crops a 3:4 photo, so it
/// needs 4/3 of its width):
///
/// | place (CSS width) | DPR 1 | DPR 2 | DPR 3 |
/// |---|---:|---:|---:|
/// | home grid cover, phone (173) | 173 | 346 | 519 |
/// | cover, tablet (247) / desktop (219) | 247 / 219 | 493 / 437 | 740 / 656 |
/// | cover, TV (282) / 4K (282 zoomed 2) | 282 / 563 | 563 | 845 / 701 (4K at DPR 3 is a 1280 px desktop) |
/// | profile story 9:16, phone (114 → 152) | 152 | 304 | 456 |
/// | profile story, tablet (106 → 141) / desktop (101 → 135) | 141 / 135 | 282 / 269 | 423 / 404 |
/// | archive tile, phone (114) / tablet (125) / desktop (110) | 114 / 125 / 110 | 228 / 249 / 220 | 342 / 374 / 330 |
/// | viewer, phone (390) | 390 | 780 | 1170 |
/// | viewer, tablet (820) / desktop (675) | 820 / 675 | 1640 / 1350 | the original |
/// | viewer and TV mode, TV (810) / 4K (1620) | 810 / 1620 | 1620 | 1620 |
/// | viewer neighbour 9:16, desktop (173 → 230) / TV (230 → 307) / 4K | 230 / 307 / 640 | 461 / 614 | 691 / 922 |
///
/// The widths are those needs grouped from the smallest up, each group served by its
/// largest need, no group spanning more than 1.3 times in area (`scripts/bench-phone`
/// prints the check): 125 … 1640, plus 64 and 96 for avatars. Above 1640 the original is
/// the candidate (`srcset` names it with Grain's largest width, 2000): a 4K screen or a
/// laptop at DPR 2 still gets every pixel it got before. No width is made until a browser
/// asks for it, so a household's few screens cost a few files per photo.
package enum MediaWidths {
    /// Every width the server makes; any other is a 404.
    package static let all = [64, 96, 125, 141, 173, 249, 282, 346, 390, 456, 519, 614, 740, 845, 922, 1170, 1350, 1640]
    /// Home grid covers.
    package static let covers = [173, 249, 282, 346, 390, 456, 519, 614, 740, 845]
    /// Profile stories, archive tiles and the people beside the viewer.
    package static let tiles = [125, 141, 173, 249, 282, 346, 390, 456, 519, 614, 740, 922]
    /// The viewer's and TV mode's photo (then the original, as `originalWidth`).
    package static let photos = [390, 456, 519, 614, 740, 845, 922, 1170, 1350, 1640]
    /// Avatars (Bluesky's are 1000 px): the strip's 62 CSS px at DPR 1–3, a TV's 104.
    package static let avatars = [64, 96, 141, 249, 346]
    /// The width the original is offered at in `srcset`: Grain's photos are at most 2000
    /// px, so a browser that needs more than the largest size takes the original.
    package static let originalWidth = 2000
}
