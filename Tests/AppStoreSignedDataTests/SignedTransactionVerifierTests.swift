import AppStoreSignedData
import Foundation
import PurchaseCore
import Testing

@Suite struct SignedTransactionVerifierTests {
    static func payload(id: String = "2000000000000042") -> TransactionPayload {
        var payload = TransactionPayload()
        payload.transactionId = id
        payload.originalTransactionId = "2000000000000001"
        payload.bundleId = "com.example.app"
        payload.productId = "com.example.pro.monthly"
        payload.type = .autoRenewable
        payload.purchaseDate = AppStoreDate(TestChains.signedDate.addingTimeInterval(-60))
        payload.expiresDate = AppStoreDate(TestChains.signedDate.addingTimeInterval(30 * 86_400))
        payload.environment = .sandbox
        payload.signedDate = AppStoreDate(TestChains.signedDate)
        payload.quantity = 1
        payload.inAppOwnershipType = .familyShared
        return payload
    }

    static func reported(_ token: String, id: String = "2000000000000042") -> StoreTransaction {
        StoreTransaction(
            id: id, store: "simulated-app-store", productID: "com.example.pro.monthly", productType: .autoRenewable,
            purchaseDate: Date(timeIntervalSince1970: 0), state: .purchased, willAutoRenew: true,
            verificationData: Data(token.utf8))
    }

    @Test func acceptsTheTransactionItsSignedDataDescribes() async throws {
        let token = try JWSSigner(identity: TestChains.sandbox).sign(Self.payload())
        let verifier = SignedTransactionVerifier(verifier: try TestChains.verifier())
        let verified = try await verifier.verify(Self.reported(token))
        // The signed payload is the store's word: its dates and ownership replace what was reported.
        #expect(verified.purchaseDate == Self.payload().purchaseDate?.date)
        #expect(verified.expirationDate == Self.payload().expiresDate?.date)
        #expect(verified.ownership == .familyShared)
        #expect(verified.originalID == "2000000000000001")
        #expect(verified.willAutoRenew == true)
        #expect(verified.state == .purchased)
        #expect(verified.environment == .sandbox)
    }

    @Test func refusesSignedDataOfAnotherTransaction() async throws {
        let token = try JWSSigner(identity: TestChains.sandbox).sign(Self.payload(id: "2000000000000043"))
        let verifier = SignedTransactionVerifier(verifier: try TestChains.verifier())
        await #expect(throws: PurchaseError.self) { try await verifier.verify(Self.reported(token)) }
    }

    @Test func refusesATransactionWithoutSignedData() async throws {
        var transaction = Self.reported("")
        transaction.verificationData = nil
        let verifier = SignedTransactionVerifier(verifier: try TestChains.verifier())
        let error = await #expect(throws: PurchaseError.self) { try await verifier.verify(transaction) }
        #expect(error?.code == .verificationFailed)
    }

    @Test func refusesAnotherRootAndAnotherEnvironment() async throws {
        let stranger = try JWSSigner(identity: TestChains.stranger).sign(Self.payload())
        let verifier = SignedTransactionVerifier(verifier: try TestChains.verifier())
        let error = await #expect(throws: PurchaseError.self) { try await verifier.verify(Self.reported(stranger)) }
        #expect(error?.code == .verificationFailed)

        let production = SignedTransactionVerifier(verifier: try TestChains.verifier(environment: "Production"))
        let token = try JWSSigner(identity: TestChains.sandbox).sign(Self.payload())
        await #expect(throws: PurchaseError.self) { try await production.verify(Self.reported(token)) }
    }

    @Test func verifiesEachKindWithItsClaims() throws {
        let signer = try JWSSigner(identity: TestChains.sandbox)
        let verifier = try TestChains.verifier()

        var renewal = RenewalInfoPayload()
        renewal.environment = .sandbox
        renewal.signedDate = AppStoreDate(TestChains.signedDate)
        renewal.autoRenewStatus = .off
        // Renewal info carries no bundle id: only its environment is checked.
        #expect(try verifier.verifyRenewalInfo(try signer.sign(renewal)).payload.autoRenewStatus == .off)

        var app = AppTransactionPayload()
        app.bundleId = "com.example.app"
        app.receiptType = .sandbox
        app.signedDate = AppStoreDate(TestChains.signedDate)
        #expect(try verifier.verifyAppTransaction(try signer.sign(app)).payload.bundleId == "com.example.app")
        app.receiptType = .production
        #expect(throws: SignedDataVerificationError.self) { try verifier.verifyAppTransaction(try signer.sign(app)) }

        var notification = NotificationPayload()
        notification.notificationType = .test
        notification.notificationUUID = "b6bf9a9e-3d0a-4a55-8d1b-4d9f2a3f6d11"
        notification.signedDate = AppStoreDate(TestChains.signedDate)
        var data = NotificationData()
        data.bundleId = "com.example.app"
        data.environment = .sandbox
        notification.data = data
        let body = PayloadJSON.encode(NotificationBody(signedPayload: try signer.sign(notification)))
        #expect(try verifier.verifyNotificationBody(body).payload.notificationType == .test)

        data.bundleId = "com.example.other"
        notification.data = data
        let other = PayloadJSON.encode(NotificationBody(signedPayload: try signer.sign(notification)))
        #expect(throws: SignedDataVerificationError.self) { try verifier.verifyNotificationBody(other) }
        #expect(throws: SignedDataVerificationError.self) { try verifier.verifyNotificationBody(Data("{}".utf8)) }
    }
}
