extension P256.PublicKey {
    /// The uncompressed SEC1 point `04‖X‖Y` (65 bytes): how Web Push carries keys (the
    /// browser's `p256dh`, the VAPID `k`, RFC 8291's `keyid`).
    package var uncompressedPoint: [UInt8] { [0x04] + x + y }

    /// A key from an uncompressed SEC1 point received from outside; refuses any other
    /// length or form and points off the curve.
    package init(uncompressedPoint point: [UInt8]) throws(P256Error) {
        guard point.count == 1 + 2 * P256.coordinateByteCount, point[0] == 0x04 else {
            throw P256Error(operation: "PublicKey(uncompressedPoint:)", reason: "not a 65-byte uncompressed point")
        }
        try self.init(x: Array(point[1...32]), y: Array(point[33...64]))
    }
}
