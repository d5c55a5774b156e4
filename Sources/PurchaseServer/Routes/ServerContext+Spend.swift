import Foundation
import HTTPServer
import PurchaseCore
import PurchaseKit

/// `POST /v1/accounts/{token}/balances/{name}/spend`: units taken from an account's balance, once per
/// spend identifier when the request carries one.
extension ServerContext {
    /// The body: `{"quantity": n}`, with an optional `"spendID"`.
    private struct SpendBody: Decodable {
        var quantity: Int
        var spendID: String?
    }

    /// Takes the units (once for the request's spend identifier, if it has one) and answers the
    /// entitlements with `balance` (what the spend left) and `replayed` (whether the identifier named a
    /// spend made before, so that nothing was taken now).
    func spend(_ request: HTTPRequest, account: UUID, balance: String) async throws(ServerError) -> HTTPResponse {
        let body = try decode(SpendBody.self, request)
        guard body.quantity > 0 else { throw .malformedBody }
        let spendID = try Self.spendID(headers: request.headers.values(for: "Idempotency-Key"), body: body.spendID)
        let result: SpendResult
        do {
            if let spendID {
                result = try await deployment.store.spend(
                    balance, quantity: body.quantity, account: account, spendID: spendID)
            } else {
                let left = try await deployment.store.spend(balance, quantity: body.quantity, account: account)
                result = SpendResult(balance: left, replayed: false)
            }
        } catch {
            var answer = failure(error)
            if answer.code == .ledgerIOFailed { answer.message = .keyed(.serverBalanceNotUpdated, arguments: []) }
            throw answer
        }
        // The ledger took the units (or had taken them): the answer is 200 whatever follows. When the
        // entitlements cannot be read just now, it carries the account, the balance left and `replayed`.
        let extra: [String: Any] = ["balance": result.balance, "replayed": result.replayed]
        do {
            return try await entitlements(of: account, extra: extra)
        } catch {
            var fallback = extra
            fallback["account"] = account.uuidString
            return HTTPResponse.json(JSONBody.data(fallback))
        }
    }

    /// The request's spend identifier: the `Idempotency-Key` header (a bare value, or a quoted string as
    /// the header's structured-field form has it), the body's `spendID`, or `nil` when neither is given.
    ///
    /// - Throws: 400 `clientInvalid` for an identifier that is not 1 to 200 bytes without control
    ///   characters, for several `Idempotency-Key` fields that differ, and when the header and the body
    ///   give different identifiers.
    static func spendID(headers: [String], body: String?) throws(ServerError) -> SpendID? {
        let texts = headers.map(unquoted)
        guard Set(texts).count <= 1 else { throw .invalidSpendID }
        let header = texts.first
        if let header, let body, header != body { throw .spendIDMismatch }
        guard let text = header ?? body else { return nil }
        do {
            return try SpendID(text)
        } catch {
            throw .invalidSpendID
        }
    }

    /// A structured-field string's content (`"abc"` is `abc`, with `\"` and `\\` unescaped); any other
    /// value as it is.
    private static func unquoted(_ value: String) -> String {
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return value }
        var text = ""
        var escaped = false
        for character in value.dropFirst().dropLast() {
            if escaped || character != "\\" {
                text.append(character)
                escaped = false
            } else {
                escaped = true
            }
        }
        return text
    }
}

extension ServerError {
    /// A spend identifier that is empty, too long or holds control characters.
    static let invalidSpendID = ServerError(status: 400, code: .clientInvalid, .serverInvalidSpendID)
    /// A spend whose `Idempotency-Key` header and `spendID` field differ.
    static let spendIDMismatch = ServerError(status: 400, code: .clientInvalid, .serverSpendIDMismatch)
}
