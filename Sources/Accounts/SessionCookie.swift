import GrainSupport

/// The `sid` cookie: the session ids of every account signed in on this browser (a
/// family tablet has several), the current account's first.
///
/// Format: the ids joined by `.`, each 256 random bits in base64url (43 characters,
/// an alphabet without `.`), so a browser with one account holds exactly the value it
/// held before several were possible. The ids are the secrets: the server keeps only
/// their SHA-256 (`SessionStore.hash`), so nothing the server shows or stores, nor a
/// hash copied into the cookie, names a session. Anything malformed in the cookie is
/// dropped id by id (it is the browser's and may be edited), repeated ids count once,
/// and at most `maxAccounts` are read, so the cookie and the work it causes stay small.
package struct SessionCookie: Sendable, Equatable {
    /// How many accounts one browser can have signed in at once.
    package static let maxAccounts = 5

    /// The session ids, the current account's first.
    package private(set) var ids: [String]

    package init(ids: [String] = []) {
        var kept: [String] = []
        for id in ids where SessionCookie.isWellFormed(id) && !kept.contains(id) && kept.count < SessionCookie.maxAccounts {
            kept.append(id)
        }
        self.ids = kept
    }

    /// Reads a cookie value (nil or anything malformed gives an empty cookie).
    package init(parsing value: String?) {
        guard let value, value.utf8.count <= 44 * SessionCookie.maxAccounts * 2 else {
            self.init()
            return
        }
        self.init(ids: value.split(separator: ".", omittingEmptySubsequences: true).map(String.init))
    }

    /// The text for `Set-Cookie`.
    package var value: String { ids.joined(separator: ".") }

    package var isEmpty: Bool { ids.isEmpty }

    /// The id whose SHA-256 is `idHash`, if this browser holds it.
    package func id(hashedAs idHash: String) -> String? {
        ids.first { SessionStore.hash($0) == idHash }
    }

    /// The cookie with `id` as the current account (added first, or moved there).
    package func choosing(_ id: String) -> SessionCookie {
        SessionCookie(ids: [id] + ids.filter { $0 != id })
    }

    /// The cookie holding only the sessions whose hashes are in `idHashes`, in its order
    /// (the ones the server still knows).
    package func keeping(idHashes: Set<String>) -> SessionCookie {
        SessionCookie(ids: ids.filter { idHashes.contains(SessionStore.hash($0)) })
    }

    /// 43 base64url characters that decode to 32 bytes: what `SessionStore.randomToken` makes.
    static func isWellFormed(_ id: String) -> Bool {
        id.utf8.count == 43 && Base64URL.decode(id)?.count == 32
    }
}
