public import AppStoreSignedData

/// A simulated App Store's signing chain could not be read, made or written.
///
/// ``problem`` says why, as a value a program can switch on (with a `default`: new cases may be
/// added); ``description`` says it in English, for logs; ``path`` names the file concerned. A chain
/// file that is there but cannot be read as a chain is always this error: it is never replaced.
public struct SigningChainError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why a signing chain could not be read, made or written. New cases may be added.
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// The file could not be read or written as a state file: a symbolic link, not a regular
        /// file, too large, not text, or a system error (the receipt key file's problems).
        case file(ReceiptKeyError.Problem)
        /// The chain file's text is not a whole chain with its key (a block missing or damaged, a
        /// certificate not signed by the next, the key not the leaf's).
        case damaged(SigningIdentityError.Problem)
        /// The root certificate file next to the chain holds another root than the chain's.
        case rootMismatch
        /// libcrypto could not make a new chain.
        case generationFailed(detail: String)

        /// The problem in English.
        public var description: String {
            switch self {
            case .file(let problem): problem.description
            case .damaged(let problem): "it is not a signing chain: " + SigningIdentityError(problem).description
            case .rootMismatch: "it holds another root certificate than the signing chain's"
            case .generationFailed(let detail): "a signing chain could not be made: \(detail)"
            }
        }
    }

    /// Why.
    public var problem: Problem
    /// The file (or folder) concerned.
    public var path: String?

    /// Creates the error.
    public init(_ problem: Problem, path: String? = nil) {
        self.problem = problem
        self.path = path
    }

    /// `path: reason`, or the reason without a path.
    public var description: String { path.map { "\($0): \(problem)" } ?? problem.description }
}
