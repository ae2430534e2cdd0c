public import HTMLTemplates
public import Viewing

/// An avatar as templates draw it: a proxied image URL when there is one, else the
/// first letter of the name on a plain disc.
public enum AvatarPresenter {
    public static func value(url: String?, name: String, signer: MediaURLSigner) -> TemplateValue {
        let initial = name.first.map { String($0).uppercased() } ?? "?"
        if let url, let path = signer.path(for: url) {
            return ["image": .string(path), "initial": .string(initial)]
        }
        return ["image": .null, "initial": .string(initial)]
    }
}
