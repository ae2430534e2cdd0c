package import HTMLTemplates

/// `partials/avatar.html`: a proxied image when there is one, else the initial on a
/// plain disc (the initial also stands in when the image fails to load).
package struct AvatarModel: TemplateModel, Equatable {
    /// A path on this server (`/media/…`), or nil.
    package var image: String?
    package var initial: String
    /// The image's sizes (`MediaURLSigner.srcset`), when it is proxied.
    package var srcset: String?
    /// Whether it loads at once: the strip's first few, on the first screen; the rest wait
    /// until they come near the screen (`loading="lazy"`).
    package var eager: Bool

    package init(image: String?, initial: String, srcset: String? = nil, eager: Bool = false) {
        self.image = image
        self.initial = initial
        self.srcset = srcset
        self.eager = eager
    }

    package var templateValues: [String: TemplateValue] {
        [
            "image": .optional(image), "initial": .string(initial), "srcset": .optional(srcset),
            "loading": .string(eager ? "eager" : "lazy"),
        ]
    }
}
