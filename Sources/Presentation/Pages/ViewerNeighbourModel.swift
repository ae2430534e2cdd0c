package import HTMLTemplates

/// `partials/viewer-neighbour.html`: a neighbouring person's story shown small beside the
/// viewer on wide screens, leading to them.
package struct ViewerNeighbourModel: TemplateModel, Equatable {
    package var href: String
    /// Nil when the photo does not show without asking (nobody chose to see it here).
    package var thumb: String?
    package var name: String
    package var label: String
    package var time: String
    package var avatar: AvatarModel
    /// The thumbnail's sizes and how wide it is drawn (`ImageSizes.neighbour`).
    package var srcset: String? = nil
    package var sizes: String = ""

    package init(href: String, thumb: String?, name: String, label: String, time: String, avatar: AvatarModel) {
        self.href = href
        self.thumb = thumb
        self.name = name
        self.label = label
        self.time = time
        self.avatar = avatar
    }

    package var templateValues: [String: TemplateValue] {
        [
            "href": .string(href),
            "thumb": .optional(thumb),
            "name": .string(name),
            "label": .string(label),
            "time": .string(time),
            "avatar": avatar.templateValue,
            "srcset": .optional(srcset),
            "sizes": .string(sizes),
        ]
    }
}
