package import Foundation

/// The bytes of a committed file under a test target's `Resources/` folder. Each test
/// target passes its own `Bundle.module` (a bundle belongs to one module, so only the
/// lookup can be shared).
package enum BundledResource {
    /// A fixture the target does not carry: a mistake in the test, named.
    package struct Missing: Error, CustomStringConvertible {
        package let name: String
        package var description: String { "missing test resource Resources/\(name)" }
    }

    package static func bytes(_ name: String, in bundle: Bundle) throws -> [UInt8] {
        guard let url = bundle.url(forResource: "Resources/\(name)", withExtension: nil) else { throw Missing(name: name) }
        return Array(try Data(contentsOf: url))
    }
}
