import H3Index
import PhotoPipeline

/// The one-line JSON summary `photo process` prints: what would be posted.
struct PhotoProcessReport {
    let photo: ProcessedPhoto
    let h3: String?

    /// `{"width":…,"height":…,"bytes":…,"quality":…,"orientation":…,"gps":{"lat":…,"lng":…}|null,"h3":"…"|null}`
    /// in that key order. Coordinates are finite by construction, so Swift's shortest
    /// round-trip `Double` description is valid JSON.
    var jsonLine: String {
        let gps = photo.metadata.gps.map { "{\"lat\":\($0.latitude),\"lng\":\($0.longitude)}" } ?? "null"
        let cell = h3.map { "\"\(Self.escaped($0))\"" } ?? "null"
        return "{\"width\":\(photo.width),\"height\":\(photo.height),\"bytes\":\(photo.byteCount),"
            + "\"quality\":\(photo.quality),\"orientation\":\(photo.appliedOrientation),\"gps\":\(gps),\"h3\":\(cell)}"
    }

    /// JSON string escaping for the few characters that need it (the H3 cell is hex anyway).
    private static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
