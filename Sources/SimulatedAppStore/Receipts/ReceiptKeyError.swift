import Glibc

/// A receipt key could not be read, made or used.
///
/// ``problem`` says why, as a value a program can switch on (with a `default`: new cases may be
/// added) and that a program showing errors to people words in their language; ``reason`` says the
/// same in English, for logs. ``path`` names the key file (or its folder) when the key lives in a file.
public struct ReceiptKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why a receipt key could not be read, made or used. New cases may be added.
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        // MARK: The key file

        /// The key file is a symbolic link; it was not followed.
        case symbolicLink
        /// The key file is not a regular file (a folder, a FIFO, a device or a socket); it was not read.
        case notRegularFile
        /// The key file holds more than `limit` bytes, far more than a key; it was not read.
        case tooLarge(limit: Int)
        /// The key file is not UTF-8 text, so it cannot be PEM.
        case notText
        /// Reading the key file failed with the system error number `errno`.
        case readFailed(errno: Int32)
        /// Writing a new key file (or making its folder) failed with the system error number `errno`.
        case writeFailed(errno: Int32)
        /// The key file disappeared while a new key was being made (another process removed it).
        case vanished

        // MARK: The key

        /// The text holds no PEM block of the kind needed; `label` is the one expected (`PRIVATE KEY`,
        /// `PUBLIC KEY`).
        case noPEMBlock(label: String)
        /// The PEM block's bytes are not a key libcrypto can read (damaged or cut short); `detail` is
        /// libcrypto's own error text, in English, when it gives one.
        case damagedKey(detail: String?)
        /// The key is not an elliptic-curve key; `algorithm` is libcrypto's name for it (`ED25519`,
        /// `RSA`). Receipts are signed with ECDSA on P-256 only.
        case wrongAlgorithm(String)
        /// The key is on another elliptic curve than P-256; `curve` is its name (`secp384r1`), or
        /// `unknown`.
        case wrongCurve(String)

        // MARK: Using it

        /// A libcrypto operation failed with a valid key (a fault of libcrypto or of this package):
        /// the operation, and libcrypto's own error text when it gives one.
        case libcryptoFailed(operation: String, detail: String?)
        /// The receipt could not be encoded for signing (a date outside
        /// ``AppReceipt/dateRange``): the encoder's words, in English.
        case receiptNotEncodable(detail: String)
        /// The provider was made without receipts, so it issues none.
        case noReceipts

        /// The problem in English.
        public var description: String {
            switch self {
            case .symbolicLink: "it is a symbolic link, not a regular file"
            case .notRegularFile: "it is not a regular file"
            case .tooLarge(let limit): "it is larger than \(limit) bytes, more than a key file holds"
            case .notText: "it is not text (a PEM key is)"
            case .readFailed(let number): "it cannot be read: \(Self.systemText(number))"
            case .writeFailed(let number): "it cannot be written: \(Self.systemText(number))"
            case .vanished: "the key file vanished while it was being made"
            case .noPEMBlock(let label): "no \(label) block in the PEM text"
            case .damagedKey(let detail): "the PEM block holds no key that can be read" + Self.suffix(detail)
            case .wrongAlgorithm(let algorithm): "not an elliptic-curve key (it is \(algorithm))"
            case .wrongCurve(let curve): "not a P-256 key (the curve is \(curve))"
            case .libcryptoFailed(let operation, let detail): "libcrypto failed: \(operation)" + Self.suffix(detail)
            case .receiptNotEncodable(let detail): "cannot encode the receipt: \(detail)"
            case .noReceipts: "the provider issues no receipts"
            }
        }

        /// libcrypto's or the encoder's own words that come with the problem (English), if any: what a
        /// message in another language shows in parentheses after its own sentence.
        public var detail: String? {
            switch self {
            case .damagedKey(let detail), .libcryptoFailed(_, let detail): detail
            case .receiptNotEncodable(let detail): detail
            default: nil
            }
        }

        private static func suffix(_ detail: String?) -> String {
            detail.map { ": \($0)" } ?? ""
        }

        private static func systemText(_ number: Int32) -> String {
            String(cString: strerror(number))
        }
    }

    /// Why.
    public var problem: Problem
    /// The key file (or its folder) concerned, when the key lives in a file.
    public var path: String?

    /// Creates the error.
    public init(_ problem: Problem, path: String? = nil) {
        self.problem = problem
        self.path = path
    }

    /// Why, in English, for logs (``Problem/description``).
    public var reason: String { problem.description }

    /// `path: reason`, or `reason` without a path.
    public var description: String { path.map { "\($0): \(reason)" } ?? reason }
}
