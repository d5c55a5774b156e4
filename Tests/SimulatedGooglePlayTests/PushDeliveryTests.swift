import Foundation
import PurchaseCore
import Testing

@testable import SimulatedGooglePlay

/// Pub/Sub's delivery of the notifications: at least once, redelivered with the same message id until
/// acknowledged, and, with the controls set, duplicated and out of order, all from the seed.
struct PushDeliveryTests {
    /// A store with `count` one-time purchases made (each a notification), acknowledged so none is refunded.
    static func storeWithPurchases(_ count: Int, seed: UInt64 = 0) async throws -> PlayHarness {
        let play = await PlayHarness.make(state: PlayStoreState(seed: seed))
        for _ in 0..<count {
            let token = try #require(try await play.buy("gems.100").1).purchaseToken
            #expect(await play.client.consume(token).0.isOK)
        }
        return play
    }

    @Test func aPushRefusedOrUnansweredIsDeliveredAgainWithItsId() async throws {
        let play = try await Self.storeWithPurchases(2)
        let first = await play.store.takeDuePushes()
        #expect(first.count == 2 && first.map(\.deliveryAttempt) == [1, 1])
        // Handed out and not answered yet: not due again before the acknowledgement deadline.
        #expect(await play.store.takeDuePushes().isEmpty)
        #expect(await play.store.acknowledgePush(first[0].messageId))
        #expect(await play.store.rejectPush(first[1].messageId))
        await play.store.advanceTime(by: 9)
        #expect(await play.store.takeDuePushes().isEmpty)
        await play.store.advanceTime(by: 1)
        let again = await play.store.takeDuePushes()
        #expect(again.map(\.messageId) == [first[1].messageId])
        #expect(again.first?.body == first[1].body && again.first?.deliveryAttempt == 2)
        // Not answered at all: due again once the 10-second deadline passes.
        await play.store.advanceTime(by: 10)
        let third = await play.store.takeDuePushes()
        #expect(third.map(\.messageId) == [first[1].messageId] && third.first?.deliveryAttempt == 3)
        // The backoff doubles with each refused attempt: 10 s after the first, 40 s after the third.
        #expect(await play.store.rejectPush(first[1].messageId))
        await play.store.advanceTime(by: 39)
        #expect(await play.store.takeDuePushes().isEmpty)
        await play.store.advanceTime(by: 1)
        #expect(await play.store.takeDuePushes().map(\.messageId) == [first[1].messageId])
        #expect(await play.store.acknowledgePush(first[1].messageId))
        #expect(!(await play.store.acknowledgePush(first[1].messageId)))
        await play.store.advanceTime(by: 3600)
        #expect(await play.store.takeDuePushes().isEmpty)
        #expect(await play.store.pendingPushes().isEmpty)
    }

    @Test func duplicatesKeepTheirMessageIdAndBody() async throws {
        let play = try await Self.storeWithPurchases(20)
        await play.store.updatePushDelivery { $0.duplicateChance = 0.5 }
        let batch = await play.store.takeDuePushes()
        let byId = Dictionary(grouping: batch, by: \.messageId)
        #expect(byId.count == 20)
        let duplicated = byId.values.filter { $0.count == 2 }
        #expect(!duplicated.isEmpty && duplicated.count < 20)
        #expect(byId.values.allSatisfy { copies in copies.allSatisfy { $0 == copies[0] } })
        #expect(byId.values.allSatisfy { $0.count <= 2 })
        // In order without shuffling: each duplicate follows its original.
        let ids = batch.map(\.messageId)
        #expect(ids == ids.sorted { UInt64($0)! < UInt64($1)! })
    }

    @Test func reorderingShufflesEachBatchAndLosesNothing() async throws {
        let play = try await Self.storeWithPurchases(30)
        let inOrder = await play.store.pendingPushes().map(\.messageId)
        #expect(inOrder == inOrder.sorted { UInt64($0)! < UInt64($1)! })
        await play.store.updatePushDelivery { $0.reorders = true }
        let batch = await play.store.takeDuePushes(limit: 20).map(\.messageId)
        #expect(batch.count == 20 && batch != Array(inOrder.prefix(20)))
        #expect(Set(batch) == Set(inOrder.prefix(20)))
        let rest = await play.store.takeDuePushes().map(\.messageId)
        #expect(Set(batch + rest) == Set(inOrder) && batch.count + rest.count == inOrder.count)
        // Refused and unanswered ones come back; every message arrives, none twice without duplicates on.
        for id in batch { #expect(await play.store.acknowledgePush(id)) }
        for id in rest { #expect(await play.store.rejectPush(id)) }
        await play.store.advanceTime(by: 10)
        #expect(Set(await play.store.takeDuePushes().map(\.messageId)) == Set(rest))
    }

    @Test func equalSeedsDeliverTheSameMessagesInTheSameOrder() async throws {
        func run(seed: UInt64) async throws -> [PlayPush] {
            let play = try await Self.storeWithPurchases(10, seed: seed)
            await play.store.updatePushDelivery {
                $0.reorders = true
                $0.duplicateChance = 0.3
            }
            return await play.store.takeDuePushes()
        }
        let first = try await run(seed: 7)
        #expect(first == (try await run(seed: 7)))
        #expect(first.map(\.messageId) != (try await run(seed: 8)).map(\.messageId))
    }

    @Test func theOutboxCarriesOverInTheStoresState() async throws {
        let play = try await Self.storeWithPurchases(3)
        let taken = await play.store.takeDuePushes()
        #expect(await play.store.acknowledgePush(taken[0].messageId))
        let state = try JSONDecoder().decode(PlayStoreState.self, from: JSONEncoder().encode(await play.store.state))
        let copy = SimulatedGooglePlay(
            products: PlayHarness.products, clock: ManualClock(start: play.store.clock.now), state: state)
        #expect(await copy.pendingPushes() == (await play.store.pendingPushes()))
        await copy.advanceTime(by: 10)
        #expect(await copy.takeDuePushes().map(\.messageId) == taken.dropFirst().map(\.messageId))
        // A new event gets the next id in both.
        await copy.publishTestNotification()
        await play.store.advanceTime(by: 10)
        await play.store.publishTestNotification()
        #expect(await copy.pendingPushes().last == (await play.store.pendingPushes()).last)
    }

    @Test func aStateWrittenBeforeNotificationsStillReadsAndPublishesItsEvents() async throws {
        let play = try await Self.storeWithPurchases(2)
        let data = try JSONEncoder().encode(await play.store.state)
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["notifications"] = nil
        object["developerAPIAccessToken"] = nil
        let older = try JSONSerialization.data(withJSONObject: object)
        let state = try JSONDecoder().decode(PlayStoreState.self, from: older)
        #expect(state.purchases == (await play.store.state).purchases)
        #expect(state.developerAPIAccessToken.hasPrefix("ya29."))
        #expect(state == (try JSONDecoder().decode(PlayStoreState.self, from: older)))
        let copy = SimulatedGooglePlay(
            products: PlayHarness.products, clock: ManualClock(start: play.store.clock.now), state: state)
        let pushes = await copy.takeDuePushes()
        #expect(pushes.map(\.notification.oneTimeProductNotification?.notificationType) == [1, 1])
    }
}
