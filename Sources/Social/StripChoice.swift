/// Which people the home page's strip shows a signed-in person: only those they follow
/// on Grain (with themselves), or everyone with a live story. Chosen with the switch
/// above the strip or `/?strip=following|everyone`, and remembered per account.
package enum StripChoice: String, Sendable, CaseIterable {
    case following
    case everyone
}
