import CCurl
import Glibc

// libcurl's callbacks. C function pointers cannot capture, so each is a file-scope
// closure that recovers its `CurlTransfer` from the context pointer (passed unretained;
// the multi loop keeps the transfer alive while libcurl can call these). They run on
// the driver thread, inside `curl_multi_perform`.

/// `CURLOPT_WRITEFUNCTION`: appends body bytes, refusing any that would pass the cap.
/// Returning less than offered makes libcurl abort with `CURLE_WRITE_ERROR`.
let curlWriteCallback: curl_write_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard length <= transfer.configuration.maxResponseBytes - transfer.body.count else {
        transfer.exceededResponseLimit = true
        return 0
    }
    data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        transfer.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
    }
    return length
}

/// `CURLOPT_HEADERFUNCTION`: one header line per call, CRLF included.
let curlHeaderCallback: curl_write_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        transfer.receiveHeaderLine(UnsafeBufferPointer(start: bytes, count: length))
    }
    return length
}

/// `CURLOPT_READFUNCTION`: streams the upload file.
let curlReadCallback: curl_read_callback = { buffer, size, count, context in
    guard let buffer, let context else { return Int(CURL_READFUNC_ABORT) }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.readUpload(into: buffer, capacity: size * count)
}

/// `CURLOPT_SEEKFUNCTION`: rewinds the upload file for a resend.
let curlSeekCallback: curl_seek_callback = { context, offset, origin in
    guard let context else { return Int32(CURL_SEEKFUNC_FAIL) }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.seekUpload(to: offset, origin: origin)
}

/// `CURLOPT_OPENSOCKETFUNCTION` (only with `.publicOnly`): checks the address libcurl is
/// about to connect to and refuses it with `CURL_SOCKET_BAD` if the policy forbids it.
let curlOpenSocketCallback: curl_opensocket_callback = { context, _, address in
    guard let context, let address else { return CURL_SOCKET_BAD }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let refusal: String? =
        if let peer = PeerAddress(address) { peer.refusalUnderPublicOnly } else { "the address family is not IPv4 or IPv6" }
    if let refusal {
        transfer.blockedAddressReason = refusal
        return CURL_SOCKET_BAD
    }
    return socket(address.pointee.family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.protocol)
}
