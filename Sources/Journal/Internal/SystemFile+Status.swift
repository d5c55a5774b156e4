import CFileStatus
import Glibc

/// The identity of a file on disk, to notice that a path now names a different file.
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
}

// Looking files up: size, link count and identity, never the timestamps.
extension SystemFile {
    /// What the journal asks of a file: its size and how many names it has.
    struct Status {
        var size: Int64
        var links: UInt64
    }

    /// Looks a file up without asking for its timestamps (see `pk_file_status_get`: asking would
    /// make every later write to it dirty its inode, and every fdatasync of the log write that).
    ///
    /// - Returns: `nil` when `name` does not exist and `missingIsNil` is set.
    static func status(
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
}
