import Foundation
import PurchaseKit

/// The `--account UUID` option of `buy`, `entitlements` and `history`: the app account token of
/// the account a command works for (StoreKit's `appAccountToken`); without it, the default account.
///
/// Guarantees: a value that is no UUID is a usage error naming it (exit 64), never the default
/// account; JSON output names an account as its lowercase UUID.
enum AccountOption {
    /// The option's name.
    static let name = "--account"

    /// The account `arguments` name, or `nil` for the default account.
    ///
    /// - Throws: a usage error for a value that is no UUID.
    static func parse(_ arguments: CommandArguments) throws(ToolError) -> UUID? {
        guard let text = arguments.values[name] else { return nil }
        guard let token = UUID(uuidString: text) else { throw .usage(.invalidAccount(text)) }
        return token
    }

    /// The account as JSON output writes it: its lowercase UUID.
    static func json(_ token: UUID) -> JSONText {
        .string(token.uuidString.lowercased())
    }
}
