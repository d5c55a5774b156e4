import AppStoreSignedData
import Foundation
import PurchaseCore
import Testing

@Suite struct PayloadTests {
    /// A transaction payload as Apple documents its fields (names, units and codes).
    static let appleShapedTransaction = """
        {"transactionId":"2000000123456789","originalTransactionId":"2000000123450000",
        "webOrderLineItemId":"2000000011112222","bundleId":"com.example.app",
        "productId":"com.example.pro.monthly","subscriptionGroupIdentifier":"21345678",
        "purchaseDate":1764720000000,"originalPurchaseDate":1762128000000,"expiresDate":1767398400000,
        "quantity":1,"type":"Auto-Renewable Subscription",
        "appAccountToken":"7E3B1E2C-6E46-4C3F-9F70-2C4B9A3D5E61","inAppOwnershipType":"PURCHASED",
        "signedDate":1764720001234,"offerType":2,"offerIdentifier":"winback-50",
        "environment":"Sandbox","storefront":"USA","storefrontId":"143441","transactionReason":"RENEWAL",
        "currency":"USD","price":4990,"offerDiscountType":"PAY_AS_YOU_GO","offerPeriod":"P1M",
        "somethingNew":{"nested":true}}
        """

    @Test func decodesApplesNamesAndUnits() throws {
        let payload = try PayloadJSON.decode(TransactionPayload.self, from: Data(Self.appleShapedTransaction.utf8))
        #expect(payload.transactionId == "2000000123456789")
        #expect(payload.type == .autoRenewable)
        #expect(payload.purchaseDate == AppStoreDate(milliseconds: 1_764_720_000_000))
        #expect(payload.purchaseDate?.date == Date(timeIntervalSince1970: 1_764_720_000))
        #expect(payload.price == 4990)
        #expect(payload.offerType == .promotional)
        #expect(payload.offerDiscountType == .payAsYouGo)
        #expect(payload.transactionReason == .renewal)
        #expect(payload.environment == .sandbox)
        #expect(payload.inAppOwnershipType == .purchased)
        #expect(payload.appAccountToken == UUID(uuidString: "7E3B1E2C-6E46-4C3F-9F70-2C4B9A3D5E61"))
    }

    @Test func encodesBackToTheSameFields() throws {
        let payload = try PayloadJSON.decode(TransactionPayload.self, from: Data(Self.appleShapedTransaction.utf8))
        let bytes = PayloadJSON.encode(payload)
        let object = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        #expect(object["purchaseDate"] as? Int == 1_764_720_000_000)
        #expect(object["type"] as? String == "Auto-Renewable Subscription")
        #expect(object["offerType"] as? Int == 2)
        #expect(object["price"] as? Int == 4990)
        #expect(object["revocationDate"] == nil)  // absent stays absent
        #expect(object["somethingNew"] == nil)  // unknown fields are not kept
        #expect(try PayloadJSON.decode(TransactionPayload.self, from: bytes) == payload)
        #expect(PayloadJSON.encode(payload) == bytes)  // one payload, one encoding
    }

    @Test func keepsCodesAppleAddsLater() throws {
        let json = #"{"type":"Gift Card","offerType":9,"environment":"Staging","inAppOwnershipType":"LOANED"}"#
        let payload = try PayloadJSON.decode(TransactionPayload.self, from: Data(json.utf8))
        #expect(payload.type == TransactionType(rawValue: "Gift Card"))
        #expect(payload.type?.productType == nil)
        #expect(payload.offerType?.offerKind == nil)
        #expect(payload.environment?.storeEnvironment == .local)
        #expect(payload.inAppOwnershipType?.ownership == .purchased)
    }

    @Test func refusesFieldsOfTheWrongType() {
        #expect(throws: DecodingError.self) {
            try PayloadJSON.decode(TransactionPayload.self, from: Data(#"{"purchaseDate":"yesterday"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try PayloadJSON.decode(TransactionPayload.self, from: Data(#"{"appAccountToken":"not-a-uuid"}"#.utf8))
        }
    }

    @Test func becomesTheCoresTransaction() throws {
        var payload = try PayloadJSON.decode(TransactionPayload.self, from: Data(Self.appleShapedTransaction.utf8))
        payload.revocationDate = AppStoreDate(milliseconds: 1_764_800_000_000)
        payload.revocationReason = .appIssue
        let transaction = try #require(
            StoreTransaction(payload: payload, store: "simulated-app-store", signedTransaction: "a.b.c"))
        #expect(transaction.id == "2000000123456789")
        #expect(transaction.originalID == "2000000123450000")
        #expect(transaction.productType == .autoRenewable)
        #expect(transaction.expirationDate == Date(timeIntervalSince1970: 1_767_398_400))
        #expect(transaction.environment == .sandbox)
        #expect(transaction.revocationReason == .developerIssue)
        #expect(transaction.offer == TransactionOffer(kind: .promotional, id: "winback-50", paymentMode: .payAsYouGo))
        #expect(transaction.verificationData == Data("a.b.c".utf8))

        payload.type = nil
        #expect(StoreTransaction(payload: payload, store: "simulated-app-store") == nil)
    }

    @Test func decodesANotificationAndItsData() throws {
        let json = """
            {"notificationType":"DID_CHANGE_RENEWAL_PREF","subtype":"UPGRADE",
            "notificationUUID":"002e14d5-51f5-4503-b5a8-c3a1af68eb20","version":"2.0","signedDate":1764720001234,
            "data":{"environment":"LocalTesting","bundleId":"com.example.app","bundleVersion":"1",
            "signedTransactionInfo":"x.y.z","signedRenewalInfo":"p.q.r","status":1}}
            """
        let payload = try PayloadJSON.decode(NotificationPayload.self, from: Data(json.utf8))
        #expect(payload.notificationType == .didChangeRenewalPref)
        #expect(payload.subtype == .upgrade)
        #expect(payload.data?.status == .active)
        #expect(payload.data?.environment == .localTesting)
        #expect(payload.data?.signedRenewalInfo == "p.q.r")
        let body = try PayloadJSON.decode(NotificationBody.self, from: Data(#"{"signedPayload":"a.b.c"}"#.utf8))
        #expect(body.signedPayload == "a.b.c")
    }

    @Test func datesTruncateToTheMillisecond() {
        let date = Date(timeIntervalSince1970: 1_764_720_000.123_9)
        #expect(AppStoreDate(date).milliseconds == 1_764_720_000_123)
        #expect(AppStoreDate(Date(timeIntervalSince1970: -0.0005)).milliseconds == -1)
    }
}
