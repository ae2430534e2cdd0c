import ATProto
import CurlHTTPClient
import FoundationEssentials
import GrainSupport

extension NominatimClient {
    /// `GrainStories/0.1.0 (self-hosted; contact: alice@example.org)`, or without the
    /// contact part when none is configured. Parentheses and control characters are
    /// removed from the contact so it cannot break the product syntax or the header.
    package static func userAgent(contact: String) -> String {
        let product = "GrainStories/\(GrainStoriesVersion.current)"
        let cleaned = PlaceText.clean(String(contact.filter { $0 != "(" && $0 != ")" }), limit: 200)
        guard let cleaned else { return "\(product) (self-hosted)" }
        return "\(product) (self-hosted; contact: \(cleaned))"
    }

    /// An `Accept-Language` value worth forwarding: at most 100 characters of language
    /// tags, weights and separators; anything else is dropped.
    static func languageTag(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let trimmed = raw.trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed.utf8.count <= 100,
            trimmed.utf8.allSatisfy({ byte in
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                    || [0x2D, 0x2C, 0x3B, 0x3D, 0x2E, 0x2A, 0x20].contains(byte)
            })
        else { return nil }
        return trimmed
    }

    package static func url(_ base: String, _ endpoint: String, _ parameters: [(String, String)]) -> String {
        "\(base)/\(endpoint)?"
            + parameters.map { PercentEncoding.encodeComponent($0.0) + "=" + PercentEncoding.encodeComponent($0.1) }
            .joined(separator: "&")
    }

    /// One request; nil (logged at debug) for anything but a 200 with a Nominatim answer.
    package func fetch(_ url: String, kind: String) async -> [NominatimPlace]? {
        let request = HTTPClientRequest(
            method: "GET", url: url, headers: [("User-Agent", userAgent), ("Accept", "application/json")],
            timeout: timeout, connectTimeout: min(timeout, .seconds(3))
        )
        let response: HTTPClientResponse
        do {
            response = try await http.send(request)
        } catch {
            logger.debug("geocoding request failed", ["kind": kind, "error": error.description])
            return nil
        }
        guard response.status == 200 else {
            logger.debug("geocoding request refused", ["kind": kind, "status": "\(response.status)"])
            return nil
        }
        guard response.body.count <= Self.maxResponseBytes, let places = NominatimResponseParser.parse(response.body) else {
            logger.debug("geocoding answer unreadable", ["kind": kind, "bytes": "\(response.body.count)"])
            return nil
        }
        return places
    }
}
