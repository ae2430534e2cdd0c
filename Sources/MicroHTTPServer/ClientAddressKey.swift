/// The key a client's requests are counted under by every per-client limit: an IPv4
/// address itself, or the /64 network of an IPv6 address ("2001:db8::/64"), since one
/// IPv6 host owns a whole /64 and can send from a new address of it at will.
///
/// Connection slots, the spool's shares and the application's rate limits all count
/// under this one key, so no limit can be walked around by changing address within a
/// /64. Anything else (IPv4, IPv4-mapped IPv6, text that is no address) is its own key.
package enum ClientAddressKey {
    package static func key(for address: String) -> String {
        guard address.contains(":"), var bytes = IPAddressRange.bytes(of: address), bytes.count == 16 else { return address }
        for index in 8..<16 { bytes[index] = 0 }
        return IPAddressRange.text(of: bytes) + "/64"
    }
}
