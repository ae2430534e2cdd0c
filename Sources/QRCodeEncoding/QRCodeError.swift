/// Why a text could not be made into a QR code, with libqrencode's `errno` when it said.
package struct QRCodeError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Reason: Sendable, Equatable {
        case empty
        /// libqrencode reads a C string, which ends at the first NUL.
        case containsNUL
        /// More than the largest QR code holds at the correction asked for (`ERANGE`).
        case tooLong
        /// libqrencode failed otherwise (`EINVAL`, `ENOMEM`).
        case failed
    }

    package let reason: Reason
    package let errno: Int32

    package init(_ reason: Reason, errno: Int32) {
        self.reason = reason
        self.errno = errno
    }

    package var description: String {
        switch reason {
        case .empty: "a QR code needs some text"
        case .containsNUL: "a QR code's text cannot contain NUL"
        case .tooLong: "the text is too long for a QR code"
        case .failed: "libqrencode failed (errno \(errno))"
        }
    }
}
