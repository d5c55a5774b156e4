import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore

/// Reading the input of `jws inspect` and `notification inspect`, and writing their JSON.
enum SignedDataInput {
    /// The text of `path` (`-`: standard input), or `nil` when it is not UTF-8 or the reader refused it
    /// (its diagnostic printed).
    static func read(_ path: String, console: Console) throws(ToolError) -> String? {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.readBytes(path)
        } catch {
            switch error {
            case .tool(let failure): throw failure
            case .invalid(let refused):
                console.diagnostic("\(InputFile.name(of: path)): error: " + console.text(refused.reason.messageText))
                return nil
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            refuse(path, .keyed(.toolJWSMalformed, arguments: [.text("the file is not UTF-8 text")]), console)
            return nil
        }
        return text
    }

    /// Prints `path: error: message`.
    static func refuse(_ path: String, _ message: Message, _ console: Console) {
        console.diagnostic("\(InputFile.name(of: path)): error: " + console.text(message))
    }

    /// Prints `object` as pretty JSON with sorted keys.
    static func printJSON(_ object: [String: Any], console: Console) throws(ToolError) {
        let bytes: Data
        do {
            bytes = try JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        } catch {
            throw ToolError(message: .writeFailed(reason: "\(error)"), exitCode: .internalError)
        }
        try console.print(bytes: bytes + [0x0A])
    }
}
