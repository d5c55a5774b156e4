import AppStoreSignedData
import Foundation
import PurchaseCore
import Testing

/// What the people running a server are told: each outcome and each error code has a key of its own
/// among the declared ones.
struct NotificationMessageTests {
    @Test func everyErrorCodeHasItsOwnDeclaredKey() {
        let codes: [NotificationProcessingError.Code] = [
            .malformedBody, .verificationFailed, .verificationUnavailable, .incompleteNotification, .unknownProduct,
            .ledgerFailed, .undeliverable,
        ]
        let keys = codes.map { NotificationProcessingError($0, detail: "").message.key }
        #expect(Set(keys).count == codes.count)
        #expect(keys.allSatisfy(MessageKey.notificationKeys.contains))
    }

    @Test func everyOutcomeHasADeclaredKeyWithItsArguments() {
        let id = TransactionID(store: "simulated-app-store", id: "7")
        let outcomes: [NotificationOutcome] = [
            .applied(NotificationChanges()), .duplicate, .ignored(.informational),
            .needsAttention(.refundReversed(id), NotificationChanges()),
            .needsAttention(.renewalExtended(id, until: AppStoreDate(milliseconds: 0)), NotificationChanges()),
        ]
        for outcome in outcomes {
            let message = outcome.message
            #expect(MessageKey.notificationKeys.contains(message.key))
            #expect(message.arguments.map(\.kind) == message.key.argumentKinds)
        }
        #expect(Set(outcomes.map(\.message.key)).count == outcomes.count)
        #expect(MessageKey.notificationKeys.allSatisfy { $0.rawValue.hasPrefix("notification.") })
    }
}
