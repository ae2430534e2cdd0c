/// What a variable inside a quoted attribute value needs, decided by the attribute's name.
enum AttributeKind: Equatable, Sendable {
    /// Ordinary text attribute: HTML escaping is enough.
    case plain
    /// Holds a URL; a variable that can decide its scheme is checked against an allow-list.
    /// `isList` for `srcset`-like attributes, where each comma starts another URL.
    case url(isList: Bool)
    /// Script, style or markup: no escaping makes a variable safe there.
    case forbidden(String)

    /// Attributes whose value is a URL (or a list of URLs) that a browser may load or
    /// navigate to.
    static let urlAttributes: Set<String> = [
        "href", "src", "action", "formaction", "poster", "cite", "srcset", "imagesrcset", "data",
        "manifest", "xlink:href", "ping", "background", "longdesc", "usemap", "icon", "codebase",
        "classid", "archive", "lowsrc", "dynsrc",
    ]

    /// SVG animation elements, whose `values`/`to`/`from`/`by` can rewrite another
    /// attribute (such as an `href`) to arbitrary text.
    static let svgAnimationElements: Set<String> = [
        "animate", "set", "animatemotion", "animatetransform", "animatecolor",
    ]

    /// Starts the name of an attribute that may continue a name from before a section tag.
    /// U+FFFE never comes out of `UInt8.nameText`, so no real name starts with it.
    static let unknownNamePrefix = "\u{FFFE}"

    init(element: String, attribute: String) {
        if attribute.hasPrefix(Self.unknownNamePrefix) {
            self = .forbidden("an attribute whose name may continue a name from before a section tag")
        } else if attribute.hasPrefix("on") {
            self = .forbidden("the event-handler attribute '\(attribute)'")
        } else if attribute == "style" {
            self = .forbidden("the style attribute")
        } else if attribute == "srcdoc" {
            self = .forbidden("the srcdoc attribute, which holds HTML")
        } else if Self.svgAnimationElements.contains(element),
            ["values", "to", "from", "by", "attributename", "href", "xlink:href"].contains(attribute)
        {
            self = .forbidden("the SVG animation attribute '\(attribute)'")
        } else if Self.urlAttributes.contains(attribute) {
            self = .url(isList: attribute == "srcset" || attribute == "imagesrcset")
        } else {
            self = .plain
        }
    }
}
