import Foundation
import PropertyList

/// Reads the inputs a command was given, turning each failure into the exit status DESIGN.md
/// assigns: 66 for a missing file, 74 for one that cannot be read, 65 for invalid contents.
///
/// Every input is read within one limit, the property-list reader's document size (``sizeLimit``),
/// whether it is a regular file, a device, a pipe or standard input: one that goes on past it is
/// refused (65) one byte past the limit, naming the input and the limit.
enum InputFile {
    /// The most bytes the tool reads from one input: the property-list reader's default
    /// `PropertyListReader.Limits.maximumDocumentSize` (64 MiB).
    static let sizeLimit = PropertyListReader.Limits().maximumDocumentSize

    /// The name an input goes by in messages: `<stdin>` for `-`, else the path as given.
    static func name(of path: String) -> String {
        path == "-" ? "<stdin>" : path
    }

    /// Reads and parses `path` (`-` for standard input).
    static func readPropertyList(_ path: String) throws(InputFailure) -> PropertyListNode {
        let reader = PropertyListReader()
        if path == "-" {
            let bytes = try readBytes(path)
            do {
                return try reader.read(Data(bytes), path: name(of: path))
            } catch {
                throw .invalid(error)
            }
        }
        try checkReadable(path)
        do {
            return try reader.read(contentsOfFile: path)
        } catch {
            throw failure(error, path: path)
        }
    }

    /// Every byte of `path` (`-` for standard input), within ``sizeLimit``.
    static func readBytes(_ path: String) throws(InputFailure) -> [UInt8] {
        if path != "-" { try checkReadable(path) }
        do throws(PropertyListError) {
            return path == "-"
                ? try BoundedInput.contents(ofDescriptor: STDIN_FILENO, path: name(of: path), limit: sizeLimit)
                : try BoundedInput.contents(ofFile: path, limit: sizeLimit)
        } catch {
            throw failure(error, path: name(of: path))
        }
    }

    /// A reader's error as the tool reports it: 74 when the input could not be read, else invalid (65).
    private static func failure(_ error: PropertyListError, path: String) -> InputFailure {
        if error.kind == .io {
            return .tool(ToolError(message: .unreadableFile(path, reason: error.reason), exitCode: .ioError))
        }
        return .invalid(error)
    }

    /// Throws 74 when standard input is a folder (`< folder`), as ``checkReadable(_:)`` does for a
    /// folder given by its path.
    static func checkStandardInput() throws(InputFailure) {
        var status = stat()
        if fstat(STDIN_FILENO, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            throw .tool(ToolError(message: .fileIsFolder(name(of: "-")), exitCode: .ioError))
        }
    }

    /// Checks the deployment catalog as ``checkReadable(_:)`` does; the default one, which the tool
    /// opens without being told to, must also be a regular file (74 otherwise: a FIFO there would
    /// block every command for good).
    static func checkCatalog(_ options: GlobalOptions) throws(InputFailure) {
        if !options.catalogPathGiven && !FileManager.default.fileExists(atPath: options.catalogPath) {
            throw .tool(ToolError(message: .defaultCatalogNotFound(options.catalogPath), exitCode: .noInput))
        }
        try checkReadable(options.catalogPath)
        guard !options.catalogPathGiven else { return }
        let attributes = try? FileManager.default.attributesOfItem(atPath: options.catalogPath)
        if attributes?[.type] as? FileAttributeType != .typeRegular {
            throw .tool(ToolError(message: .fileNotRegular(options.catalogPath), exitCode: .ioError))
        }
    }

    /// Throws 66 when `path` does not exist and 74 when it is a folder or cannot be opened.
    static func checkReadable(_ path: String) throws(InputFailure) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .tool(ToolError(message: .fileNotFound(path), exitCode: .noInput))
        }
        if isDirectory.boolValue {
            throw .tool(ToolError(message: .fileIsFolder(path), exitCode: .ioError))
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .tool(ToolError(message: .filePermissionDenied(path), exitCode: .ioError))
        }
    }
}

/// Why an input file gave no value: a tool-level failure, or a document that is not a valid property
/// list (printed as `path:line:column: error: message`, exit 65).
enum InputFailure: Error {
    /// A missing or unreadable file.
    case tool(ToolError)
    /// Invalid contents, with the reader's positioned error.
    case invalid(PropertyListError)
}
