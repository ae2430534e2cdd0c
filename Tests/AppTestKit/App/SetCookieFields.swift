/// What a browser does with `Set-Cookie` fields, as far as tests need it: store the
/// name and value, forget cookies set empty or with `Max-Age=0`.
enum SetCookieFields {
    static func apply(_ fields: [String], to cookies: inout [String: String]) {
        for field in fields {
            let pair = field.split(separator: ";").first ?? ""
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            cookies[name] = value.isEmpty || field.contains("Max-Age=0") ? nil : value
        }
    }

    /// The `Cookie` header for stored cookies, or nil when there are none.
    static func header(_ cookies: [String: String]) -> String? {
        cookies.isEmpty ? nil : cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
    }
}
