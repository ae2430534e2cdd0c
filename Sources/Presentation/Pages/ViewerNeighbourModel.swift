public import HTMLTemplates

/// `partials/viewer-neighbour.html`: a neighbouring person's story shown small beside the
/// viewer on wide screens, leading to them.
public struct ViewerNeighbourModel: TemplateModel, Equatable {
    public var href: String
    /// Nil when the photo does not show without asking (nobody chose to see it here).
    public var thumb: String?
    public var name: String
    public var label: String
    public var time: String
    public var avatar: AvatarModel

    public init(href: String, thumb: String?, name: String, label: String, time: String, avatar: AvatarModel) {
        self.href = href
        self.thumb = thumb
        self.name = name
        self.label = label
        self.time = time
        self.avatar = avatar
    }

    public var templateValues: [String: TemplateValue] {
        [
            "href": .string(href),
            "thumb": .optional(thumb),
            "name": .string(name),
            "label": .string(label),
            "time": .string(time),
            "avatar": avatar.templateValue,
        ]
    }
}
