/// The parts of a DID document atproto uses: the DID itself, the handles it claims
/// (`alsoKnownAs`, as `at://` URIs) and its services (the PDS among them).
///
/// Decoding is tolerant: unknown fields are ignored, and a malformed alias or service
/// entry is dropped rather than failing the document, because a document is written
/// by whoever controls the DID and one odd entry should not lock its owner out. Only
/// `id` is required.
package struct DIDDocument: Codable, Sendable, Equatable {
    /// One `service` entry. `serviceEndpoint` is nil when it is not a plain string (the
    /// DID core spec also allows maps and sets, which atproto does not use).
    package struct Service: Codable, Sendable, Equatable {
        package var id: String
        package var type: String
        package var serviceEndpoint: String?

        package init(id: String, type: String, serviceEndpoint: String?) {
            self.id = id
            self.type = type
            self.serviceEndpoint = serviceEndpoint
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            type = try container.decode(String.self, forKey: .type)
            serviceEndpoint = container.decodeTolerantly(String.self, forKey: .serviceEndpoint)
        }
    }

    package var id: String
    package var alsoKnownAs: [String]
    package var service: [Service]

    package init(id: String, alsoKnownAs: [String] = [], service: [Service] = []) {
        self.id = id
        self.alsoKnownAs = alsoKnownAs
        self.service = service
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        alsoKnownAs = container.decodeLossyArray(String.self, forKey: .alsoKnownAs)
        service = container.decodeLossyArray(Service.self, forKey: .service)
    }

    private enum CodingKeys: String, CodingKey {
        case id, alsoKnownAs, service
    }
}

extension DIDDocument {
    /// The `serviceEndpoint` of the atproto PDS service: id `#atproto_pds` (or the
    /// full `<did>#atproto_pds`) and type `AtprotoPersonalDataServer`. Not yet checked
    /// as a URL; see `PDSAddress`.
    package func pdsEndpoint(for did: DID) -> String? {
        service.first { entry in
            (entry.id == "#atproto_pds" || entry.id == "\(did.rawValue)#atproto_pds") && entry.type == "AtprotoPersonalDataServer"
        }?.serviceEndpoint
    }

    /// Whether the document claims `handle` (`at://<handle>` in `alsoKnownAs`,
    /// compared case-insensitively like host names). This is the DID's half of the
    /// bidirectional check that makes a handle trustworthy.
    package func claims(handle: Handle) -> Bool {
        let wanted = "at://\(handle.rawValue)"
        return alsoKnownAs.contains { $0.lowercased() == wanted }
    }
}
