import Foundation
import PurchaseCore
import Testing

@testable import SimulatedGooglePlay

/// `PlayPushSender` POSTs the due pushes to a real HTTP endpoint on loopback, as Pub/Sub does, and
/// hands back what the endpoint refused.
struct PushSenderTests {
    @Test func theSenderPostsEachPushAndRedeliversWhatWasRefused() async throws {
        let play = try await PushDeliveryTests.storeWithPurchases(2)
        let endpoint = try PushEndpoint(answering: [200, 503])
        let sender = PlayPushSender(store: play.store, endpoint: endpoint.url, timeout: 5)
        let pushes = await play.store.pendingPushes()
        let round = await sender.sendDuePushes()
        #expect(round.map(\.status) == [200, 503] && round.map(\.acknowledged) == [true, false])
        #expect(round.map(\.messageId) == pushes.map(\.messageId))
        let requests = endpoint.requests
        #expect(requests.count == 2 && requests.allSatisfy { $0.method == "POST" && $0.path == "/play/rtdn" })
        #expect(requests.allSatisfy { $0.token == "secret" && $0.contentType == "application/json" })
        #expect(requests.map(\.body) == pushes.map(\.body))
        let decoded = try requests.map { try JSONDecoder().decode(PubSubPushBody.self, from: $0.body) }
        #expect(try decoded.map { try $0.developerNotification() } == pushes.map(\.notification))
        // Nothing is due until the backoff passes; then the refused one comes again with its id.
        #expect(await sender.sendDuePushes().isEmpty)
        await play.store.advanceTime(by: 10)
        let retry = await sender.sendDuePushes()
        #expect(retry.map(\.messageId) == [pushes[1].messageId] && retry.first?.status == 204)
        #expect(retry.first?.deliveryAttempt == 2)
        #expect(endpoint.requests.last?.body == pushes[1].body)
        #expect(sender.attempts.count == 3)
        #expect(await play.store.pendingPushes().isEmpty)
        await endpoint.stop()
    }

    @Test func anEndpointThatDoesNotAnswerLeavesThePushToBeDeliveredAgain() async throws {
        let play = try await PushDeliveryTests.storeWithPurchases(1)
        let endpoint = try PushEndpoint()
        let url = endpoint.url
        await endpoint.stop()
        let sender = PlayPushSender(store: play.store, endpoint: url, timeout: 2)
        let round = await sender.sendDuePushes()
        #expect(round.count == 1 && round.first?.status == nil && round.first?.acknowledged == false)
        #expect(await play.store.pendingPushes().count == 1)
        await play.store.advanceTime(by: 10)
        #expect(await play.store.takeDuePushes().map(\.messageId) == round.map(\.messageId))
    }
}
