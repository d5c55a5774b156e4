import AppStoreSignedData
import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore

/// The options `jws inspect` and `notification inspect` share: the trusted roots (`--root FILE`,
/// repeatable, PEM or DER), and the claims to check (`--bundle-id`, `--environment`).
struct SignedDataOptions {
    /// The options that take a value.
    static let valueOptions: Set<String> = ["--root", "--bundle-id", "--environment"]

    /// The root certificate files, as given.
    var rootPaths: [String]
    /// The bundle id the data must claim, when given.
    var bundleID: String?
    /// The environment the data must claim, when given.
    var environment: String?

    /// Reads the options of `arguments`.
    init(_ arguments: CommandArguments) {
        rootPaths = arguments.allValues["--root"] ?? []
        bundleID = arguments.values["--bundle-id"]
        environment = arguments.values["--environment"]
    }

    /// A verifier trusting the certificates of every root file (`nil` without `--root`); its own claim
    /// checks are not used (the report checks the claims asked for).
    ///
    /// - Throws: ``Refused/tool(_:)`` for a missing (66) or unreadable (74) file; ``Refused/reported``
    ///   (exit 65) for a file that holds no certificate, once its diagnostic is printed.
    func verifier(console: Console) throws(Refused) -> SignedDataVerifier? {
        guard !rootPaths.isEmpty else { return nil }
        var roots: [[UInt8]] = []
        for path in rootPaths {
            let bytes: [UInt8]
            do {
                bytes = try InputFile.readBytes(path)
            } catch {
                switch error {
                case .tool(let failure): throw .tool(failure)
                case .invalid(let refused):
                    throw Self.badRoot(path, console.text(refused.reason.messageText), console: console)
                }
            }
            do {
                roots += try CertificateFile.certificates(in: bytes)
            } catch {
                throw Self.badRoot(path, error.description, console: console)
            }
        }
        do {
            return try SignedDataVerifier(trustedRoots: roots, bundleID: nil, environment: environment ?? "")
        } catch {
            throw Self.badRoot(rootPaths.joined(separator: ", "), error.detail, console: console)
        }
    }

    /// Why no verifier was made.
    enum Refused: Error {
        /// A failure the tool reports itself.
        case tool(ToolError)
        /// A root file is not a certificate file; its diagnostic is printed (exit 65).
        case reported
    }

    private static func badRoot(_ path: String, _ reason: String, console: Console) -> Refused {
        console.diagnostic(
            "\(InputFile.name(of: path)): error: " + console.text(.keyed(.toolJWSBadRoot, arguments: [.text(reason)])))
        return .reported
    }
}
