package import HTMLTemplates

/// `partials/avatar.html`: a proxied image when there is one, else the initial on a
/// plain disc (the initial also stands in when the image fails to load).
package struct AvatarModel: TemplateModel, Equatable {
    /// A path on this server (`/media/…`), or nil.
    package var image: String?
    package var initial: String

    package init(image: String?, initial: String) {
        self.image = image
        self.initial = initial
    }

    package var templateValues: [String: TemplateValue] {
        ["image": .optional(image), "initial": .string(initial)]
    }
}
