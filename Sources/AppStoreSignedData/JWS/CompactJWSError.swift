/// Why text is not a compact JWS.
///
/// Guarantees: ``CompactJWS/init(_:)`` throws only this, for every input; ``problem`` says what is
/// wrong and ``description`` says it in English for logs.
public struct CompactJWSError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One of the three parts of a compact JWS.
    public enum Part: String, Sendable, Hashable {
        /// The protected header.
        case header
        /// The payload.
        case payload
        /// The signature.
        case signature
    }

    /// What is wrong.
    public enum Problem: Sendable, Hashable {
        /// The text is longer than ``CompactJWS/maximumLength`` bytes of UTF-8.
        case tooLarge(length: Int)
        /// The text has `count` dot-separated parts instead of three.
        case wrongPartCount(Int)
        /// A part is empty.
        case emptyPart(Part)
        /// A part is not canonical unpadded base64url.
        case invalidBase64URL(Part)
        /// The header is not a JSON object of the expected members' types.
        case headerNotJSON(detail: String)
    }

    /// What is wrong.
    public var problem: Problem

    /// An error for `problem`.
    public init(_ problem: Problem) { self.problem = problem }

    /// The problem in English, for logs.
    public var description: String {
        switch problem {
        case .tooLarge(let length): "the token is \(length) bytes, more than \(CompactJWS.maximumLength)"
        case .wrongPartCount(let count): "the token has \(count) parts, not 3"
        case .emptyPart(let part): "the \(part.rawValue) is empty"
        case .invalidBase64URL(let part): "the \(part.rawValue) is not base64url"
        case .headerNotJSON(let detail): "the header is not a JSON object: \(detail)"
        }
    }
}
