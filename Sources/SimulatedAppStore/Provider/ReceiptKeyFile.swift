import Foundation
import Glibc
import Journal

/// The simulated store's receipt key file (`<state>/simulated-app-store/receipt-key.pem`), read and
/// made with the care a key deserves.
///
/// - It is read as every file of a state folder is (the journal's ``StateFile``): opened without
///   following a symbolic link, only when it is a regular file (a FIFO does not block the open), and
///   up to ``maximumSize`` bytes; anything else there is an error naming it, never replaced.
/// - A missing key is made atomically: a temporary file created 0600 in the same folder, written and
///   synced, then linked to the key's name, which fails rather than replace a key another process
///   made meanwhile (that key is read instead); the folder is synced after.
enum ReceiptKeyFile {
    /// The largest key file read (a PEM P-256 key takes about 250 bytes).
    static let maximumSize = 64 * 1024

    /// The key file's text, or `nil` when there is no file of that name.
    ///
    /// - Throws: ``ReceiptKeyError`` naming the file when it exists but cannot be read as a key file
    ///   (``ReceiptKeyError/Problem/symbolicLink``, ``ReceiptKeyError/Problem/notRegularFile``,
    ///   ``ReceiptKeyError/Problem/tooLarge(limit:)``, ``ReceiptKeyError/Problem/readFailed(errno:)``,
    ///   ``ReceiptKeyError/Problem/notText``).
    static func read(_ file: URL) throws(ReceiptKeyError) -> String? {
        let path = file.path
        let bytes: [UInt8]
        do {
            guard let contents = try StateFile.contents(of: path, limit: maximumSize) else { return nil }
            bytes = contents
        } catch {
            throw ReceiptKeyError(problem(reading: error), path: path)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ReceiptKeyError(.notText, path: path)
        }
        return text
    }

    /// Writes `text` as the key file unless one exists.
    ///
    /// - Returns: `false` when a key file appeared meanwhile (nothing was replaced; read that one).
    /// - Throws: ``ReceiptKeyError`` naming the key file, ``ReceiptKeyError/Problem/writeFailed(errno:)``,
    ///   when it cannot be written.
    static func create(_ text: String, at file: URL) throws(ReceiptKeyError) -> Bool {
        let directory = file.deletingLastPathComponent().path
        let path = file.path
        let temporary = directory + "/.receipt-key.\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        let descriptor: Int32
        do {
            // O_EXCL: a new file, created 0600 (StateFile's mode for the files it creates).
            descriptor = try StateFile.open(temporary, flags: O_WRONLY | O_CREAT | O_EXCL)!
        } catch {
            throw ReceiptKeyError(.writeFailed(errno: error.errno ?? EIO), path: path)
        }
        defer { unlink(temporary) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let code = count < 0 ? errno : EIO
                close(descriptor)
                throw ReceiptKeyError(.writeFailed(errno: code), path: path)
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            let code = errno
            close(descriptor)
            throw ReceiptKeyError(.writeFailed(errno: code), path: path)
        }
        close(descriptor)
        // link(2) never replaces: an existing key (another process's) stays, and is read instead.
        guard link(temporary, path) == 0 else {
            let code = errno
            if code == EEXIST { return false }
            throw ReceiptKeyError(.writeFailed(errno: code), path: path)
        }
        let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
        return true
    }

    /// What a failure of ``StateFile`` to read the key file means for a key.
    private static func problem(reading error: JournalError) -> ReceiptKeyError.Problem {
        switch error.code {
        case .notRegularFile: error.errno == ELOOP ? .symbolicLink : .notRegularFile
        // StateFile's only refusal of a regular file it could read: more bytes than the limit.
        case .corrupt: .tooLarge(limit: maximumSize)
        default: .readFailed(errno: error.errno ?? EIO)
        }
    }
}
