import CCurl
import Glibc

extension CurlTransfer {
    /// Opens the upload file and returns its size for `Content-Length`.
    ///
    /// Only regular files are accepted: reading a FIFO, socket or device could block the
    /// driver thread (and with it every transfer) or never end.
    func openUploadFile(at path: String) throws(HTTPClientError) -> curl_off_t {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw HTTPClientError(.uploadFailed, message: "cannot open the upload file: \(String(cString: strerror(errno)))")
        }
        uploadFile = descriptor  // Owned from here on; `deinit` closes it.
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw HTTPClientError(.uploadFailed, message: "cannot stat the upload file: \(String(cString: strerror(errno)))")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw HTTPClientError(.uploadFailed, message: "the upload path is not a regular file")
        }
        return curl_off_t(status.st_size)
    }

    /// Fills libcurl's upload buffer from the file; `CURL_READFUNC_ABORT` on a read error.
    func readUpload(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        while true {
            let count = read(uploadFile, buffer, capacity)
            if count >= 0 { return count }
            if errno != EINTR { return Int(CURL_READFUNC_ABORT) }
        }
    }

    /// Rewinds (or moves) within the upload file so libcurl can resend the body.
    func seekUpload(to offset: curl_off_t, origin: Int32) -> Int32 {
        lseek(uploadFile, off_t(offset), origin) < 0 ? Int32(CURL_SEEKFUNC_FAIL) : Int32(CURL_SEEKFUNC_OK)
    }
}
