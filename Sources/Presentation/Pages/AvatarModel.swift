public import HTMLTemplates

/// `partials/avatar.html`: a proxied image when there is one, else the initial on a
/// plain disc (the initial also stands in when the image fails to load).
public struct AvatarModel: TemplateModel, Equatable {
    /// A path on this server (`/media/…`), or nil.
    public var image: String?
    public var initial: String

    public init(image: String?, initial: String) {
        self.image = image
        self.initial = initial
    }

    public var templateValues: [String: TemplateValue] {
        ["image": .optional(image), "initial": .string(initial)]
    }
}
