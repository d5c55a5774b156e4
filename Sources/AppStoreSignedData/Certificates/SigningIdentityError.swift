/// Why a signing identity could not be made or read back from its text form.
///
/// Guarantees: a damaged or incomplete identity is always this error, never replaced by another
/// identity; ``problem`` says what is wrong and where, and ``description`` says it in English for logs.
public struct SigningIdentityError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Problem: Sendable, Hashable {
        /// libcrypto could not make a key or a certificate.
        case generationFailed(detail: String)
        /// The text lacks the block expected at `position` (0-based: three certificates, then the key).
        case missingBlock(position: Int, expectedLabel: String)
        /// The block at `position` has another label, a missing end line, or lines that are not
        /// canonical base64 of 64 characters.
        case malformedBlock(position: Int, detail: String)
        /// Something other than the four blocks: text between or after them, or a fifth block.
        case unexpectedText(line: Int)
        /// The certificate at `position` (0 the leaf, 1 the intermediate, 2 the root in the text form)
        /// is not one whole X.509 certificate.
        case unreadableCertificate(position: Int, detail: String)
        /// The private key is not one whole PKCS#8 P-256 key.
        case unreadableKey(detail: String)
        /// The private key is not the leaf certificate's.
        case keyDoesNotMatchLeaf
        /// The certificate at `position` is not signed by the key of the next one (the root by its
        /// own): a byte of it changed, or the chain was made with a signer option.
        case brokenSignature(position: Int)
    }

    /// What went wrong.
    public var problem: Problem

    /// An error for `problem`.
    public init(_ problem: Problem) { self.problem = problem }

    /// The problem in English, for logs.
    public var description: String {
        switch problem {
        case .generationFailed(let detail): "the signing identity could not be made: \(detail)"
        case .missingBlock(let position, let label): "block \(position + 1) (\(label)) is missing"
        case .malformedBlock(let position, let detail): "block \(position + 1) is malformed: \(detail)"
        case .unexpectedText(let line): "unexpected text at line \(line)"
        case .unreadableCertificate(let position, let detail): "certificate \(position + 1) is unreadable: \(detail)"
        case .unreadableKey(let detail): "the private key is unreadable: \(detail)"
        case .keyDoesNotMatchLeaf: "the private key is not the leaf certificate's"
        case .brokenSignature(let position): "certificate \(position + 1) is not signed by its issuer's key"
        }
    }
}
