package import HTMLTemplates

/// One of the signed-in person's stories that has not gone out, in the home page's
/// "Not posted yet" list (`home.html`'s `unfinished`).
package struct UnfinishedPostModel: TemplateModel, Equatable {
    /// The draft's page.
    package var href: String
    package var photo: String
    /// Its state in plain words.
    package var state: String
    package var stateClass: String

    package init(href: String, photo: String, state: String, stateClass: String) {
        self.href = href
        self.photo = photo
        self.state = state
        self.stateClass = stateClass
    }

    package var templateValues: [String: TemplateValue] {
        ["href": .string(href), "photo": .string(photo), "state": .string(state), "stateClass": .string(stateClass)]
    }
}
