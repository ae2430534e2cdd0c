package import FoundationEssentials

extension URLComponents {
    /// The same as `host`, without loading ICU's IDNA tables when there is nothing to
    /// decode.
    ///
    /// Foundation's `host` runs every host through ICU's UTS #46 transcoder, and the first
    /// call loads its normalisation data, which then stays resident (0.2–0.3 MB of an idle
    /// server, BENCHMARKS.md). An idle server paid that for two plain ASCII hosts: the
    /// configured AppView URL, and its first outbound request. Only a host with a percent escape or an
    /// `xn--` label can decode to something else, so only those go through `host`; for
    /// every other host, `host` returns the host exactly as written, and so does this
    /// (`URLComponentsPlainHostTests` compares the two).
    package var plainHost: String? {
        guard let encoded = encodedHost else { return nil }
        // Byte-wise checks: Foundation's `contains` would run CoreFoundation's string search.
        let punycode = Array("xn--".utf8)
        let lowered = Array(encoded.lowercased().utf8)
        let hasPunycode = lowered.indices.contains { lowered[$0...].starts(with: punycode) }
        if encoded.utf8.contains(UInt8(ascii: "%")) || hasPunycode || !encoded.utf8.allSatisfy({ $0 < 0x80 }) {
            return host
        }
        return encoded
    }
}
