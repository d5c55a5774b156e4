import Foundation
import GooglePlayDeveloperAPI
import Testing

/// Google's JSON as PLAY-WIRE.md fixes it, decoded strictly: unknown fields ignored, wrong types refused.
struct ModelDecodingTests {
    static let notification = """
        {"version": "1.0", "packageName": "com.example.app", "eventTimeMillis": "1767225600000",
         "subscriptionNotification": {"version": "1.0", "notificationType": 4, "purchaseToken": "tok-1",
                                      "subscriptionId": "pro_monthly"},
         "somethingNew": {"x": [1, 2]}}
        """

    static func push(_ notification: String, id: String = "136969346945") -> Data {
        let data = Data(notification.utf8).base64EncodedString()
        return Data(
            """
            {"message": {"attributes": {}, "data": "\(data)", "messageId": "\(id)", "message_id": "\(id)",
                         "publishTime": "2026-01-01T00:00:00.123Z", "publish_time": "2026-01-01T00:00:00.123Z"},
             "subscription": "projects/p/subscriptions/s"}
            """.utf8)
    }

    @Test func aPushOfASubscriptionNotificationDecodes() throws {
        let (push, notification) = try PubSubPush.decodeNotification(Self.push(Self.notification))
        #expect(push.message.messageId == "136969346945")
        #expect(push.subscription == "projects/p/subscriptions/s")
        #expect(notification.packageName == "com.example.app")
        #expect(notification.eventTimeMillis?.value == 1_767_225_600_000)
        #expect(notification.subscriptionNotification?.notificationType == .purchased)
        #expect(notification.subscriptionNotification?.purchaseToken == "tok-1")
        #expect(notification.subscriptionNotification?.subscriptionId == "pro_monthly")
    }

    @Test func theSnakeCaseIdentityIsReadToo() throws {
        let body = Data(
            #"{"message": {"data": "\#(Data(#"{"packageName": "a", "testNotification": {"version": "1.0"}}"#.utf8).base64EncodedString())", "message_id": "7"}}"#
                .utf8)
        let (push, notification) = try PubSubPush.decodeNotification(body)
        #expect(push.message.messageId == "7")
        #expect(notification.testNotification != nil)
    }

    @Test(arguments: [
        #"{"packageName": "a", "oneTimeProductNotification": {"notificationType": 1, "purchaseToken": "t", "sku": "s"}}"#,
        #"{"packageName": "a", "voidedPurchaseNotification": {"purchaseToken": "t", "orderId": "GPA.1", "productType": 2, "refundType": 2}}"#,
        #"{"packageName": "a", "testNotification": {}}"#,
    ])
    func eachMemberDecodes(_ json: String) throws {
        let notification = try DeveloperNotification.decode(Data(json.utf8))
        #expect(notification.packageName == "a")
    }

    @Test func voidedNotificationsSayWhetherTheyArePartial() throws {
        let json =
            #"{"packageName": "a", "voidedPurchaseNotification": {"purchaseToken": "t", "orderId": "GPA.1", "productType": 2, "refundType": 2}}"#
        let void = try #require(try DeveloperNotification.decode(Data(json.utf8)).voidedPurchaseNotification)
        #expect(void.isPartialRefund)
        #expect(void.orderId == "GPA.1")
    }

    @Test(arguments: [
        // No member, two members.
        #"{"packageName": "a"}"#,
        #"{"packageName": "a", "testNotification": {}, "voidedPurchaseNotification": {"purchaseToken": "t", "orderId": "o"}}"#,
        // Wrong types.
        #"{"packageName": 5, "testNotification": {}}"#,
        #"{"packageName": "a", "eventTimeMillis": "soon", "testNotification": {}}"#,
        #"{"packageName": "a", "subscriptionNotification": {"notificationType": "4", "purchaseToken": "t"}}"#,
        #"{"packageName": "a", "oneTimeProductNotification": {"notificationType": 1, "purchaseToken": "t"}}"#,
        "[]",
    ])
    func malformedNotificationsAreRefused(_ json: String) {
        #expect(throws: (any Error).self) { try DeveloperNotification.decode(Data(json.utf8)) }
    }

    @Test func aMalformedPushSaysWhatIsWrong() {
        let noID = Data(#"{"message": {"data": ""}}"#.utf8)
        #expect {
            _ = try PubSubPush.decodeNotification(noID)
        } throws: { error in
            let error = error as? PlayNotificationError
            return error?.code == .malformedPush && error?.detail.contains("messageId") == true
        }
        let notBase64 = Data(#"{"message": {"data": "%%%", "messageId": "1"}}"#.utf8)
        #expect(throws: PlayNotificationError.self) { _ = try PubSubPush.decodeNotification(notBase64) }
        let wrongInside = Self.push(#"{"packageName": "a", "testNotification": 3}"#, id: "9")
        #expect {
            _ = try PubSubPush.decodeNotification(wrongInside)
        } throws: { error in
            let error = error as? PlayNotificationError
            return error?.messageID == "9" && error?.detail.contains("testNotification") == true
        }
    }

    @Test func aProductPurchaseDecodesWithGooglesStrings() throws {
        let json = """
            {"kind": "androidpublisher#productPurchase", "purchaseTimeMillis": "1767225600000", "purchaseState": 0,
             "consumptionState": 0, "orderId": "GPA.1234-5678-9012-34567", "purchaseType": 0,
             "acknowledgementState": 0, "purchaseToken": "tok", "productId": "gems_100", "quantity": 3,
             "refundableQuantity": 3, "obfuscatedExternalAccountId": "acc", "regionCode": "US", "future": true}
            """
        let purchase = try JSONDecoder().decode(ProductPurchase.self, from: Data(json.utf8))
        #expect(purchase.purchaseState == .purchased)
        #expect(purchase.purchaseTimeMillis?.millisecondsDate == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(purchase.orderId == "GPA.1234-5678-9012-34567")
        #expect(purchase.quantity == 3)
        #expect(purchase.needsAcknowledgement)
        let wrong = json.replacingOccurrences(of: #""quantity": 3"#, with: #""quantity": "three""#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ProductPurchase.self, from: Data(wrong.utf8)) }
    }

    @Test func aSubscriptionPurchaseDecodes() throws {
        let json = """
            {"kind": "androidpublisher#subscriptionPurchaseV2", "regionCode": "US",
             "startTime": "2026-01-01T00:00:00Z", "subscriptionState": "SUBSCRIPTION_STATE_ACTIVE",
             "latestOrderId": "GPA.1..0", "linkedPurchaseToken": "old",
             "acknowledgementState": "ACKNOWLEDGEMENT_STATE_PENDING",
             "externalAccountIdentifiers": {"obfuscatedExternalAccountId": "x"},
             "pausedStateContext": {"autoResumeTime": "2026-03-01T00:00:00.500Z"},
             "canceledStateContext": {"userInitiatedCancellation": {"cancelTime": "2026-01-02T00:00:00Z"}},
             "lineItems": [{"productId": "pro_monthly", "expiryTime": "2026-02-01T00:00:00.000Z",
                            "latestSuccessfulOrderId": "GPA.1..0", "autoRenewingPlan": {"autoRenewEnabled": true},
                            "prepaidPlan": {}, "offerDetails": {"basePlanId": "m", "offerTags": []}}]}
            """
        let purchase = try JSONDecoder().decode(SubscriptionPurchaseV2.self, from: Data(json.utf8))
        #expect(purchase.subscriptionState == .active)
        #expect(purchase.latestChargedOrderId == "GPA.1..0")
        #expect(purchase.needsAcknowledgement)
        #expect(purchase.lineItems?.first?.expiryTime?.date == Date(timeIntervalSince1970: 1_769_904_000))
        #expect(purchase.startTime?.date == Date(timeIntervalSince1970: 1_767_225_600))
        let badTime = json.replacingOccurrences(of: "2026-01-01T00:00:00Z", with: "yesterday")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(SubscriptionPurchaseV2.self, from: Data(badTime.utf8))
        }
    }

    @Test func voidedPurchasePagesDecode() throws {
        let json = """
            {"voidedPurchases": [{"kind": "androidpublisher#voidedPurchase", "purchaseToken": "t",
              "purchaseTimeMillis": "1", "voidedTimeMillis": "2", "orderId": "GPA.9", "voidedSource": 1,
              "voidedReason": 3, "refundType": 2, "voidedQuantity": 1}],
             "tokenPagination": {"nextPageToken": "next"}}
            """
        let page = try JSONDecoder().decode(VoidedPurchasesPage.self, from: Data(json.utf8))
        #expect(page.voidedPurchases?.first?.voidedQuantity == 1)
        #expect(page.voidedPurchases?.first?.voidedTimeMillis?.value == 2)
        #expect(page.tokenPagination?.nextPageToken == "next")
    }
}
