import Glibc

/// The identity of a file on disk, to notice that a path now names a different file.
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
}

/// Thin wrappers over the POSIX calls the journal needs, turning failures into ``JournalError``.
///
/// Every function is synchronous and leaves no descriptor open on failure.
enum SystemFile {
    static func ioError(_ operation: String, path: String, errno code: Int32, advice: String? = nil) -> JournalError {
        let reason = String(cString: strerror(code))
        let what = advice ?? "check that the directory exists, is writable and the disk is not full"
        return JournalError(.io, path: path, message: "\(operation) failed: \(reason); \(what)", errno: code)
    }

    /// Opens `path`; returns `nil` when it does not exist and `missingIsNil` is set.
    static func open(_ path: String, flags: Int32, missingIsNil: Bool = false) throws(JournalError) -> Int32? {
        while true {
            let fd = Glibc.open(path, flags | O_CLOEXEC, 0o644)
            if fd >= 0 { return fd }
            let code = errno
            if code == EINTR { continue }
            if code == ENOENT && missingIsNil { return nil }
            throw ioError("open", path: path, errno: code)
        }
    }

    static func close(_ fd: Int32) {
        if fd >= 0 { _ = Glibc.close(fd) }
    }

    /// Reads up to `count` bytes at `offset`; fewer only at the end of the file.
    static func read(
        _ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int64, path: String
    ) throws(JournalError) -> Int {
        var done = 0
        while done < count {
            let result = pread(fd, buffer + done, count - done, off_t(offset) + off_t(done))
            if result < 0 {
                if errno == EINTR { continue }
                throw ioError("read", path: path, errno: errno)
            }
            if result == 0 { break }
            done += result
        }
        return done
    }

    /// Reads exactly `count` bytes at `offset` into a new array, or fewer at the end of the file.
    static func readBytes(_ fd: Int32, count: Int, at offset: Int64, path: String) throws(JournalError) -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var readCount = 0
        var failure: JournalError?
        bytes.withUnsafeMutableBytes { raw in
            do throws(JournalError) {
                readCount = try read(fd, into: raw.baseAddress!, count: count, at: offset, path: path)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        bytes.removeLast(count - readCount)
        return bytes
    }

    /// Writes all of `bytes` at `offset`.
    static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int64, path: String) throws(JournalError)
    {
        var done = 0
        while done < bytes.count {
            let result = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            if result < 0 {
                if errno == EINTR { continue }
                throw ioError("write", path: path, errno: errno)
            }
            done += result
        }
    }

    static func write(_ fd: Int32, _ bytes: [UInt8], at offset: Int64, path: String) throws(JournalError) {
        var failure: JournalError?
        bytes.withUnsafeBytes { raw in
            do throws(JournalError) { try write(fd, raw, at: offset, path: path) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Makes the file's data (and its size) durable.
    static func syncData(_ fd: Int32, path: String) throws(JournalError) {
        while fdatasync(fd) != 0 {
            if errno == EINTR { continue }
            throw ioError("fdatasync", path: path, errno: errno, advice: "the journal stops; reopen it")
        }
    }

    /// Makes the file's data and metadata durable.
    static func sync(_ fd: Int32, path: String) throws(JournalError) {
        while fsync(fd) != 0 {
            if errno == EINTR { continue }
            throw ioError("fsync", path: path, errno: errno, advice: "the journal stops; reopen it")
        }
    }

    /// Makes the directory's entries (creations, renames) durable.
    static func syncDirectory(_ path: String) throws(JournalError) {
        guard let fd = try open(path, flags: O_RDONLY | O_DIRECTORY) else { return }
        defer { close(fd) }
        try sync(fd, path: path)
    }

    static func truncate(_ fd: Int32, to size: Int64, path: String) throws(JournalError) {
        while ftruncate(fd, off_t(size)) != 0 {
            if errno == EINTR { continue }
            throw ioError("truncate", path: path, errno: errno)
        }
    }

    static func rename(_ from: String, to: String) throws(JournalError) {
        if Glibc.rename(from, to) != 0 {
            throw ioError("rename to \(to)", path: from, errno: errno)
        }
    }

    static func size(_ fd: Int32, path: String) throws(JournalError) -> Int64 {
        var info = stat()
        if fstat(fd, &info) != 0 { throw ioError("fstat", path: path, errno: errno) }
        return Int64(info.st_size)
    }

    static func identity(_ fd: Int32, path: String) throws(JournalError) -> FileIdentity {
        var info = stat()
        if fstat(fd, &info) != 0 { throw ioError("fstat", path: path, errno: errno) }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The identity of the file `path` names now, or `nil` when there is none.
    static func identity(of path: String) throws(JournalError) -> FileIdentity? {
        var info = stat()
        if stat(path, &info) != 0 {
            if errno == ENOENT { return nil }
            throw ioError("stat", path: path, errno: errno)
        }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Creates `path` and its missing parents.
    static func makeDirectories(_ path: String) throws(JournalError) {
        var info = stat()
        if stat(path, &info) == 0 { return }
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !parent.isEmpty && parent != path { try makeDirectories(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw ioError("mkdir", path: path, errno: errno)
        }
    }
}
