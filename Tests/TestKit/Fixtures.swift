package import Foundation

/// The example AppView responses and records from Grain's reference (copied into the
/// repository: tests never read outside it).
package enum Fixtures {
    /// Bytes of `Fixtures/<name>.json`.
    package static func data(_ name: String) -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"),
            let data = try? Data(contentsOf: url)
        else { fatalError("missing test fixture \(name).json") }
        return data
    }

    /// Bytes of any file in `Fixtures/`, such as `tiny-24x32.jpg` (a valid 24 × 32
    /// baseline JPEG of 743 bytes, for uploads).
    package static func bytes(_ file: String) -> [UInt8] {
        guard let url = Bundle.module.url(forResource: file, withExtension: nil, subdirectory: "Fixtures"),
            let data = try? Data(contentsOf: url)
        else { fatalError("missing test fixture \(file)") }
        return Array(data)
    }

    /// The fixture as a JSON object tree, for tests that rewrite parts of it.
    package static func json(_ name: String) -> Any {
        guard let value = try? JSONSerialization.jsonObject(with: data(name)) else { fatalError("fixture \(name) is not JSON") }
        return value
    }
}
