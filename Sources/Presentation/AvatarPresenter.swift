package import Viewing

/// An avatar as templates draw it: a proxied image URL when there is one, else the
/// first letter of the name on a plain disc.
package enum AvatarPresenter {
    package static func model(url: String?, name: String, signer: MediaURLSigner, eager: Bool = false) -> AvatarModel {
        let initial = name.first.map { String($0).uppercased() } ?? "?"
        return AvatarModel(
            image: url.flatMap { signer.path(for: $0) }, initial: initial, srcset: url.flatMap { signer.srcset(for: $0, widths: MediaWidths.avatars) },
            eager: eager)
    }
}
