import CFileStatus
import Glibc

/// Thin wrappers over the POSIX calls the journal needs, turning failures into ``JournalError``.
///
/// Every function is synchronous and leaves no descriptor open on failure. This file opens,
/// creates, renames and closes files and folders (never through a symbolic link, only regular
/// files); `SystemFile+ReadWrite.swift` reads, writes and syncs bytes, `SystemFile+SparseFiles.swift`
/// scans files for data and checksums them without reading their holes, and
/// `SystemFile+Status.swift` looks files up without asking for their timestamps.
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

    static func rename(_ from: String, to: String) throws(JournalError) {
        if Glibc.rename(from, to) != 0 {
            throw ioError("rename to \(to)", path: from, errno: errno)
        }
    }

    /// Makes the directory's entries (creations, renames) durable.
    static func syncDirectory(_ path: String) throws(JournalError) {
        guard let fd = try open(path, flags: O_RDONLY | O_DIRECTORY) else { return }
        defer { close(fd) }
        try sync(fd, path: path)
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
