import Glibc

/// A child process that could not be started, with the `errno` that said why.
package struct ChildProcessError: Error, CustomStringConvertible {
    package let operation: String
    package let code: Int32
    package var description: String { "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))" }
}
