import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The simulated store's receipt key file (`<state>/simulated-app-store/receipt-key.pem`), read and
/// made with the care a key deserves.
///
/// - It is opened without following a symbolic link and must be a regular file (a FIFO does not
///   block the open); anything else there is an error naming it, never replaced.
/// - It is read up to ``maximumSize`` bytes; a larger file is an error.
/// - A missing key is made atomically: a temporary file created 0600 in the same folder, written and
///   synced, then linked to the key's name, which fails rather than replace a key another process
///   made meanwhile (that key is read instead); the folder is synced after.
enum ReceiptKeyFile {
    /// The largest key file read (a PEM P-256 key takes about 250 bytes).
    static let maximumSize = 64 * 1024

    /// The key file's text, or `nil` when there is no file of that name.
    ///
    /// - Throws: ``ReceiptKeyError`` naming the file when it exists but cannot be read as a key file.
    static func read(_ file: URL) throws(ReceiptKeyError) -> String? {
        let path = file.path
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw failure(path, code == ELOOP ? "it is a symbolic link, not a regular file" : reason(code))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(path, reason(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw failure(path, "it is not a regular file") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, reason(errno))
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
            guard bytes.count <= maximumSize else {
                throw failure(path, "it is larger than \(maximumSize) bytes, more than a key file holds")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw failure(path, "it is not text (a PEM key is)")
        }
        return text
    }

    /// Writes `text` as the key file unless one exists.
    ///
    /// - Returns: `false` when a key file appeared meanwhile (nothing was replaced; read that one).
    /// - Throws: ``ReceiptKeyError`` naming the file when it cannot be written.
    static func create(_ text: String, at file: URL) throws(ReceiptKeyError) -> Bool {
        let directory = file.deletingLastPathComponent().path
        let path = file.path
        let temporary = directory + "/.receipt-key.\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(temporary, reason(errno)) }
        defer { unlink(temporary) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let code = errno
                close(descriptor)
                throw failure(temporary, reason(code))
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            let code = errno
            close(descriptor)
            throw failure(temporary, reason(code))
        }
        close(descriptor)
        // link(2) never replaces: an existing key (another process's) stays, and is read instead.
        guard link(temporary, path) == 0 else {
            let code = errno
            if code == EEXIST { return false }
            throw failure(path, reason(code))
        }
        let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
        return true
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    private static func failure(_ path: String, _ reason: String) -> ReceiptKeyError {
        ReceiptKeyError(reason: reason, path: path)
    }
}
