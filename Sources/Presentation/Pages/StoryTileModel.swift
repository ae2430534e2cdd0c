package import HTMLTemplates

/// A story shown small on a profile (its current stories, the owner's archive): the
/// thumbnail or the warning's words (`StoryTile`), the link into the viewer, and for the
/// archive the day it was posted.
package struct StoryTileModel: TemplateModel, Equatable {
    /// A path on this server, or nil when the photo does not show without asking.
    package var thumb: String?
    /// The warning's reason, when the photo is behind one or not shown.
    package var warning: String?
    package var href: String
    package var label: String
    /// The day it was posted and its timestamp (the archive's tiles only).
    package var posted: (date: String, datetime: String)?
    /// The thumbnail's sizes (`MediaURLSigner.srcset`), with `thumb` only.
    package var srcset: String?
    /// How wide the tile draws it (`ImageSizes`).
    package var sizes: String

    package init(
        thumb: String?, warning: String?, href: String, label: String, posted: (date: String, datetime: String)? = nil, srcset: String? = nil,
        sizes: String = ""
    ) {
        self.srcset = srcset
        self.sizes = sizes
        self.thumb = thumb
        self.warning = warning
        self.href = href
        self.label = label
        self.posted = posted
    }

    package static func == (lhs: StoryTileModel, rhs: StoryTileModel) -> Bool {
        lhs.thumb == rhs.thumb && lhs.warning == rhs.warning && lhs.href == rhs.href && lhs.label == rhs.label
            && lhs.posted?.date == rhs.posted?.date && lhs.posted?.datetime == rhs.posted?.datetime && lhs.srcset == rhs.srcset
            && lhs.sizes == rhs.sizes
    }

    package var templateValues: [String: TemplateValue] {
        var values: [String: TemplateValue] = [
            "thumb": .optional(thumb), "warning": .optional(warning), "href": .string(href), "label": .string(label),
            "srcset": .optional(srcset), "sizes": .string(sizes),
        ]
        if let posted {
            values["date"] = .string(posted.date)
            values["datetime"] = .string(posted.datetime)
        }
        return values
    }
}
