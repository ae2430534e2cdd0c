public import HTMLTemplates

/// One of the signed-in person's stories that has not gone out, in the home page's
/// "Not posted yet" list (`home.html`'s `unfinished`).
public struct UnfinishedPostModel: TemplateModel, Equatable {
    /// The draft's page.
    public var href: String
    public var photo: String
    /// Its state in plain words.
    public var state: String
    public var stateClass: String

    public init(href: String, photo: String, state: String, stateClass: String) {
        self.href = href
        self.photo = photo
        self.state = state
        self.stateClass = stateClass
    }

    public var templateValues: [String: TemplateValue] {
        ["href": .string(href), "photo": .string(photo), "state": .string(state), "stateClass": .string(stateClass)]
    }
}
