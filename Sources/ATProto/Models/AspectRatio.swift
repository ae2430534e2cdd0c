/// `social.grain.defs#aspectRatio`: the pixel width and height of a story's image.
package struct AspectRatio: Codable, Sendable, Equatable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Grain falls back to 4:3 when a stored ratio is unreadable; so do we, and for
    /// nonsensical values (zero, negative) that would break layout.
    package var sanitized: AspectRatio {
        width >= 1 && height >= 1 ? self : AspectRatio(width: 4, height: 3)
    }
}
