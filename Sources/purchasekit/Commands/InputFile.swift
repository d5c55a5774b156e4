import Foundation
import PropertyList

/// Reads the property list a command was given, turning each failure into the exit status DESIGN.md
/// assigns: 66 for a missing file, 74 for one that cannot be read, 65 for invalid contents.
enum InputFile {
    /// Reads and parses `path` (`-` for standard input).
    static func readPropertyList(_ path: String) throws(InputFailure) -> PropertyListNode {
        let reader = PropertyListReader()
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            do {
                return try reader.read(data, path: "<stdin>")
            } catch {
                throw .invalid(error)
            }
        }
        try checkReadable(path)
        do {
            return try reader.read(contentsOfFile: path)
        } catch {
            if error.kind == .io {
                throw .tool(ToolError(message: .unreadableFile(path, reason: error.reason), exitCode: .ioError))
            }
            throw .invalid(error)
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
