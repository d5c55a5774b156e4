import CFileStatus
import Foundation
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

    /// The permissions of the files the journal creates: read and write for the owner only.
    static let creationMode: mode_t = 0o600

    /// Opens `path`; returns `nil` when it does not exist and `missingIsNil` is set.
    ///
    /// A file (anything opened without `O_DIRECTORY`) is opened the way every file of a journal's
    /// folder must be: never through a symbolic link (`O_NOFOLLOW`), and only when it is a regular
    /// file. It is opened with `O_NONBLOCK`, so that a FIFO or a device put in its place cannot
    /// block the open, its type is checked on the open descriptor (no name is looked up twice), and
    /// `O_NONBLOCK` is cleared again. A file created is created ``creationMode``. A folder may be
    /// reached through a symbolic link (a state folder kept elsewhere).
    ///
    /// - Throws: ``JournalError/Code/notRegularFile`` naming `path` when it is a symbolic link or
    ///   not a regular file (nothing was read or written), ``JournalError/Code/io`` otherwise.
    static func open(_ path: String, flags: Int32, missingIsNil: Bool = false) throws(JournalError) -> Int32? {
        let isDirectory = flags & O_DIRECTORY != 0
        let extra = O_CLOEXEC | (isDirectory ? 0 : O_NOFOLLOW | O_NONBLOCK)
        while true {
            let fd = Glibc.open(path, flags | extra, creationMode)
            if fd >= 0 {
                if isDirectory { return fd }
                do throws(JournalError) {
                    try checkRegular(fd, path: path)
                    // F_SETFL takes the status flags only (access mode and creation flags are ignored).
                    if fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0 {
                        throw ioError("fcntl", path: path, errno: errno)
                    }
                } catch {
                    close(fd)
                    throw error
                }
                return fd
            }
            let code = errno
            if code == EINTR { continue }
            if code == ENOENT && missingIsNil { return nil }
            if !isDirectory && code == ELOOP { throw notRegular(path, kind: "a symbolic link", errno: code) }
            // A FIFO opened for writing only, with no reader, or a socket.
            if !isDirectory && code == ENXIO { throw notRegular(path, kind: "a FIFO or a socket", errno: code) }
            throw ioError("open", path: path, errno: code)
        }
    }

    /// Removes `path` (a leftover temporary file, or whatever was put at its name) and creates it
    /// afresh, ``creationMode``, for writing: an existing file, link or FIFO at the name is never
    /// opened.
    static func create(_ path: String, flags: Int32) throws(JournalError) -> Int32 {
        if unlink(path) != 0 && errno != ENOENT {
            throw ioError("unlink", path: path, errno: errno)
        }
        return try open(path, flags: flags | O_CREAT | O_EXCL)!
    }

    /// Throws ``JournalError/Code/notRegularFile`` unless the open file `fd` is a regular file.
    /// Asks for the file's type only (see `pk_file_status_get`), never its timestamps.
    private static func checkRegular(_ fd: Int32, path: String) throws(JournalError) {
        let status = try self.status(fd, name: nil, path: path)!
        let kind: String
        switch pk_file_type(status.mode) {
        case pk_file_type_regular: return
        case pk_file_type_directory: kind = "a folder"
        case pk_file_type_symbolic_link: kind = "a symbolic link"
        case pk_file_type_fifo: kind = "a FIFO"
        case pk_file_type_socket: kind = "a socket"
        case pk_file_type_device: kind = "a device"
        default: kind = "a special file"
        }
        throw notRegular(path, kind: kind, errno: nil)
    }

    private static func notRegular(_ path: String, kind: String, errno code: Int32?) -> JournalError {
        JournalError(
            .notRegularFile, path: path,
            message: "this is \(kind), not a regular file, so it was not opened (the journal never follows a "
                + "symbolic link and reads and writes only its own regular files); move it away",
            errno: code)
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

    /// Writes zeros over `[start, end)`, growing the file when `end` is past its end.
    ///
    /// It writes 64 KiB at a time, not more: the page cache sizes the folios it creates by the
    /// write that creates them, and the journal's later small writes into a folio cost time per
    /// block of the folio. Measured here (ext4, Linux 6.18): a 111-byte `pwrite` into zeros written
    /// in 1 MiB pieces took 1.75 µs, into zeros written in 64 KiB pieces 0.5 µs.
    static func writeZeros(_ fd: Int32, from start: Int64, to end: Int64, path: String) throws(JournalError) {
        guard end > start else { return }
        let piece = Int(min(end - start, 64 << 10))
        let zeros = UnsafeMutableRawBufferPointer.allocate(byteCount: piece, alignment: 16)
        defer { zeros.deallocate() }
        zeros.initializeMemory(as: UInt8.self, repeating: 0)
        var offset = start
        while offset < end {
            let count = Int(min(end - offset, Int64(piece)))
            try write(fd, UnsafeRawBufferPointer(rebasing: zeros[0..<count]), at: offset, path: path)
            offset += Int64(count)
        }
    }

    /// The most bytes one read of ``firstNonZeroByte(_:from:to:path:)`` and ``checksum(_:from:to:seed:path:)``
    /// holds: what they keep in memory whatever the size of the file.
    static let pieceSize = 1 << 20

    /// The first stretch of `[start, end)` of `fd` that holds data, or `nil` when nothing but holes
    /// is left there (see `pk_file_data_region`): the parts of a sparse file that take no space and
    /// read as zeros are skipped without being read, so a file's size says nothing of how much of it
    /// is read. A file system that keeps no holes reports all of it as data.
    static func dataRegion(_ fd: Int32, from start: Int64, to end: Int64, path: String) throws(JournalError)
        -> Range<Int64>?
    {
        guard end > start else { return nil }
        var first: Int64 = 0
        var last: Int64 = 0
        let found = pk_file_data_region(fd, start, &first, &last)
        if found < 0 { throw ioError("lseek", path: path, errno: errno) }
        let lower = max(first, start)
        let upper = min(last, end)
        guard found == 1, lower < upper else { return nil }
        return lower..<upper
    }

    /// The offset of the first byte in `[start, end)` that is not zero, or `nil`. Holes are skipped
    /// (see ``dataRegion(_:from:to:path:)``); the data is read ``pieceSize`` bytes at a time.
    static func firstNonZeroByte(_ fd: Int32, from start: Int64, to end: Int64, path: String) throws(JournalError)
        -> Int64?
    {
        guard end > start else { return nil }
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: Int(min(end - start, Int64(pieceSize))), alignment: 16)
        defer { buffer.deallocate() }
        var offset = start
        while let region = try dataRegion(fd, from: offset, to: end, path: path) {
            offset = region.lowerBound
            while offset < region.upperBound {
                let want = Int(min(region.upperBound - offset, Int64(buffer.count)))
                let count = try read(fd, into: buffer.baseAddress!, count: want, at: offset, path: path)
                if count == 0 { return nil }
                if let index = UnsafeRawBufferPointer(rebasing: buffer[0..<count]).firstIndex(where: { $0 != 0 }) {
                    return offset + Int64(index)
                }
                offset += Int64(count)
            }
        }
        return nil
    }

    /// The CRC-32 of the bytes `[start, end)` of `fd` continuing `seed`, as ``LogFormat/crc32(_:seed:)``
    /// gives it for the same bytes in memory. The data is read ``pieceSize`` bytes at a time and
    /// holes are folded in without being read (``LogFormat/crc32(zeros:seed:)``), so the time it
    /// takes follows the data the file holds, not its size.
    ///
    /// - Throws: ``JournalError/Code/corrupt`` when the file ends before `end`.
    static func checksum(_ fd: Int32, from start: Int64, to end: Int64, seed: UInt32, path: String)
        throws(JournalError) -> UInt32
    {
        guard end > start else { return seed }
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: Int(min(end - start, Int64(pieceSize))), alignment: 16)
        defer { buffer.deallocate() }
        var crc = seed
        var offset = start
        while offset < end {
            guard let region = try dataRegion(fd, from: offset, to: end, path: path) else {
                // Only a hole is left, unless the file is shorter than `end`.
                let fileSize = try size(fd, path: path)
                if fileSize < end {
                    offset = fileSize
                    break
                }
                return LogFormat.crc32(zeros: end - offset, seed: crc)
            }
            crc = LogFormat.crc32(zeros: region.lowerBound - offset, seed: crc)
            offset = region.lowerBound
            while offset < region.upperBound {
                let want = Int(min(region.upperBound - offset, Int64(buffer.count)))
                let count = try read(fd, into: buffer.baseAddress!, count: want, at: offset, path: path)
                if count == 0 { break }
                crc = LogFormat.crc32(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), seed: crc)
                offset += Int64(count)
            }
            if offset < region.upperBound { break }
        }
        guard offset >= end else {
            throw JournalError(
                .corrupt, path: path, offset: offset,
                message: "the file ends here, before byte \(end), while it was being read; restore it from a backup")
        }
        return crc
    }

    /// Reads up to `count` bytes at `offset` into a new `Data`, fewer only at the end of the file.
    /// Its memory is asked of the system before anything is read: when the system refuses, the
    /// failure is a ``JournalError`` (``JournalError/Code/io``, `ENOMEM`), never a crash.
    static func readData(_ fd: Int32, count: Int, at offset: Int64, path: String) throws(JournalError) -> Data {
        guard count > 0 else { return Data() }
        guard let memory = malloc(count) else {
            throw ioError(
                "reading \(count) bytes", path: path, errno: ENOMEM,
                advice: "there is not enough memory to hold them; free memory or move the file away")
        }
        let got: Int
        do {
            got = try read(fd, into: memory, count: count, at: offset, path: path)
        } catch {
            free(memory)
            throw error
        }
        return Data(bytesNoCopy: memory, count: got, deallocator: .free)
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

    /// What the journal asks of a file: its size and how many names it has.
    struct Status {
        var size: Int64
        var links: UInt64
    }

    /// Looks a file up without asking for its timestamps (see `pk_file_status_get`: asking would
    /// make every later write to it dirty its inode, and every fdatasync of the log write that).
    ///
    /// - Returns: `nil` when `name` does not exist and `missingIsNil` is set.
    private static func status(
        _ fd: Int32, name: String?, path: String, missingIsNil: Bool = false
    ) throws(JournalError) -> pk_file_status? {
        var status = pk_file_status()
        let result = name.map { pk_file_status_get(fd, $0, &status) } ?? pk_file_status_get(fd, nil, &status)
        if result != 0 {
            if missingIsNil && errno == ENOENT { return nil }
            throw ioError("stat", path: path, errno: errno)
        }
        return status
    }

    /// The size and link count of the open file `fd`.
    static func status(of fd: Int32, path: String) throws(JournalError) -> Status {
        let status = try status(fd, name: nil, path: path)!
        return Status(size: status.size, links: status.links)
    }

    static func size(_ fd: Int32, path: String) throws(JournalError) -> Int64 {
        try status(of: fd, path: path).size
    }

    static func identity(_ fd: Int32, path: String) throws(JournalError) -> FileIdentity {
        let status = try status(fd, name: nil, path: path)!
        return FileIdentity(device: status.device, inode: status.inode)
    }

    /// The identity of the file `path` names now, or `nil` when there is none.
    static func identity(of path: String) throws(JournalError) -> FileIdentity? {
        guard let status = try status(AT_FDCWD, name: path, path: path, missingIsNil: true) else { return nil }
        return FileIdentity(device: status.device, inode: status.inode)
    }

    /// The identity of the file `name` names now in the open directory `directory`, or `nil`.
    static func identity(of name: String, in directory: Int32, path: String) throws(JournalError) -> FileIdentity? {
        guard let status = try status(directory, name: name, path: path, missingIsNil: true) else { return nil }
        return FileIdentity(device: status.device, inode: status.inode)
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
