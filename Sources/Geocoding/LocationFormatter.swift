package import ATProto
import FoundationEssentials
import GrainSupport

/// The short place label Grain shows for a story (`locationDisplay`, reference §2.10)
/// and puts in a crosspost's "📍" line (§6.1), following `formatStoredLocation` in
/// `grainsocial/grain: server/helpers/formatLocation.ts`.
///
/// `location.name` is either a place's own name ("Powell's City of Books") or a
/// fallback that already lists city, state and country ("Portland, Oregon, United
/// States"), so only its first comma-separated part is kept and the structured
/// address supplies the rest, without saying the same thing twice.
package enum LocationFormatter {
    /// The label for a stored `location` and `address`:
    /// 1. without locality, region and country, the trimmed name as it is;
    /// 2. otherwise the name's first comma-separated part, then locality, region and
    ///    the country as an ISO alpha-2 code, each skipped when it equals the part
    ///    before it (ignoring case);
    /// 3. the country is left out when the first part already names it ("Greece").
    package static func display(location: HThreeLocation?, address: AddressLocation?) -> String {
        display(name: location?.name, address: address)
    }

    /// The same rules for a bare name.
    package static func display(name: String?, address: AddressLocation?) -> String {
        let name = trimmed(name ?? "")
        // Grain tests the raw strings for emptiness (JavaScript truthiness), not trimmed ones.
        let hasContext = [address?.locality, address?.region, address?.country].contains { !($0 ?? "").isEmpty }
        guard hasContext, let address else { return name }

        let firstChunk = trimmed(String(name.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""))
        let primary = firstChunk.isEmpty ? name : firstChunk
        var parts: [String] = []
        func appendIfDistinct(_ value: String?) {
            let value = trimmed(value ?? "")
            guard !value.isEmpty, parts.last?.lowercased() != value.lowercased() else { return }
            parts.append(value)
        }
        appendIfDistinct(primary)
        appendIfDistinct(address.locality)
        appendIfDistinct(address.region)
        if let country = CountryCodes.normalize(address.country), CountryCodes.normalize(primary) != country {
            appendIfDistinct(country)
        }
        return parts.joined(separator: ", ")
    }

    private static func trimmed(_ text: String) -> String {
        text.trimmingWhitespaceAndNewlines()
    }
}
