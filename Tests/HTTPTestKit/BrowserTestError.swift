/// Why a browser or server-process test could not proceed.
package struct BrowserTestError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
