public import Foundation

/// The example AppView responses and records from Grain's reference (copied into the
/// repository: tests never read outside it).
public enum Fixtures {
    /// Bytes of `Fixtures/<name>.json`.
    public static func data(_ name: String) -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"),
              let data = try? Data(contentsOf: url)
        else { fatalError("missing test fixture \(name).json") }
        return data
    }

    /// The fixture as a JSON object tree, for tests that rewrite parts of it.
    public static func json(_ name: String) -> Any {
        guard let value = try? JSONSerialization.jsonObject(with: data(name)) else { fatalError("fixture \(name) is not JSON") }
        return value
    }
}
