import PurchaseCore
import PurchaseKit

extension Console {
    /// Prints a failure of the simulated App Store's signing chain file at `path` in the console's
    /// language: what could not be done, then the file's diagnostic, `path: error: sentence`, whose
    /// sentence says what is wrong and how to fix it; the English details (libcrypto's or the
    /// system's words) follow in parentheses.
    func report(_ chain: SigningChainError, path: String) {
        error(.toolIOError(path: path))
        let reason: MessageKey
        var detail: String?
        switch chain.problem {
        case .damaged:
            reason = .toolSigningChainDamaged
            detail = chain.problem.description
        case .rootMismatch:
            reason = .toolSigningChainRootMismatch
        case .file:
            reason = .toolSigningChainFileUnusable
            detail = chain.problem.description
        case .generationFailed:
            reason = .toolSigningChainInternal
            detail = chain.problem.description
        }
        var line = "\(path): error: "
        line += text(.keyed(.toolSigningChainUnusable, arguments: [.message(.keyed(reason, arguments: []))]))
        if let detail { line += " (\(detail))" }
        diagnostic(line)
    }
}
