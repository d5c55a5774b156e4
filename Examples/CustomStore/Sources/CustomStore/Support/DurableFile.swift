import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Files written so that a crash leaves either the old state or the new one, on disk.
enum DurableFile {
    /// Writes `data` to `url` atomically and durably: a hidden temporary file in the same folder,
    /// fsynced, renamed over `url`, and the folder fsynced. A reader listing the folder never sees
    /// part of the file (temporary names start with `.`).
    ///
    /// - Throws: `POSIXError` from the first call that failed; the temporary file is removed then.
    static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw lastError() }
        do {
            defer { close(descriptor) }
            try writeAll(data, to: descriptor)
            guard fsync(descriptor) == 0 else { throw lastError() }
        } catch {
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let error = lastError()
            unlink(temporary.path)
            throw error
        }
        try syncFolder(folder)
    }

    /// Appends `line` and a newline to the file at `url` (created when missing), durably, under an
    /// exclusive `flock` so that processes appending together do not interleave. A last line without
    /// its newline (a write a crash cut) is cut off first, so it never joins the new line.
    ///
    /// - Throws: `POSIXError` from the first call that failed.
    static func appendLine(_ line: String, to url: URL) throws {
        let existed = FileManager.default.fileExists(atPath: url.path)
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw lastError() }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { throw lastError() }
        defer { flock(descriptor, LOCK_UN) }
        var end = lseek(descriptor, 0, SEEK_END)
        guard end >= 0 else { throw lastError() }
        end = try completeLinesEnd(descriptor, size: end)
        guard ftruncate(descriptor, end) == 0, lseek(descriptor, end, SEEK_SET) == end else { throw lastError() }
        try writeAll(Data((line + "\n").utf8), to: descriptor)
        guard fsync(descriptor) == 0 else { throw lastError() }
        if !existed { try syncFolder(url.deletingLastPathComponent()) }
    }

    /// The complete lines of the file at `url` (a last line without its newline is left out); empty
    /// when the file does not exist.
    ///
    /// - Throws: `POSIXError` when the file exists but cannot be read.
    static func lines(of url: URL) throws -> [Substring] {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            if FileManager.default.fileExists(atPath: url.path) { throw POSIXError(.EIO) }
            return []
        }
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // The part after the last newline: empty for a whole file, a cut line otherwise.
        lines.removeLast()
        return lines.filter { !$0.isEmpty }
    }

    /// Where the last complete line of a file of `size` bytes ends.
    private static func completeLinesEnd(_ descriptor: Int32, size: off_t) throws -> off_t {
        var position = size
        var byte: UInt8 = 0
        while position > 0 {
            guard pread(descriptor, &byte, 1, position - 1) == 1 else { throw lastError() }
            if byte == UInt8(ascii: "\n") { return position }
            position -= 1
        }
        return 0
    }

    private static func writeAll(_ data: Data, to descriptor: Int32) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw lastError()
                }
                offset += written
            }
        }
    }

    /// Makes a folder's entries (a file created or renamed in it) durable.
    static func syncFolder(_ folder: URL) throws {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw lastError() }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw lastError() }
    }

    private static func lastError() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
