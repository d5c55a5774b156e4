import Foundation
import PurchaseCore
import Testing

@testable import SimulatedGooglePlay

/// The store's state is one Codable value: a store rebuilt from it goes on exactly as the original.
struct StoreStateTests {
    @Test func aStoreRebuiltFromItsStateGoesOnTheSame() async throws {
        let play = await PlayHarness.make(state: PlayStoreState(seed: 42))
        let gems = try #require(try await play.buy("gems.100").1)
        let premium = try #require(try await play.buy("premium", plan: "monthly").1)
        #expect(await play.client.acknowledgePurchase(premium.purchaseToken).isOK)
        await play.store.planNextPurchases(.pending)
        let data = try JSONEncoder().encode(await play.store.state)
        let decoded = try JSONDecoder().decode(PlayStoreState.self, from: data)
        #expect(decoded == (await play.store.state))

        let clock = ManualClock(start: play.store.clock.now)
        let copy = await PlayHarness(
            store: SimulatedGooglePlay(products: PlayHarness.products, clock: clock, state: decoded))
        #expect(await copy.client.queryPurchases(.inapp).1 == (await play.client.queryPurchases(.inapp).1))
        // The planned pending outcome and the random source carry over: both make the same next purchase.
        let next = try #require(try await play.buy("remove.ads").1)
        let nextInCopy = try #require(try await copy.buy("remove.ads").1)
        #expect(next.purchaseState == .pending && next == nextInCopy)
        // And the same renewals and refunds follow.
        await play.store.advanceTime(by: 40 * 86_400)
        await copy.store.advanceTime(by: 40 * 86_400)
        #expect(await play.store.state == (await copy.store.state))
        #expect(await play.store.voidedPurchases().map(\.purchaseToken) == [gems.purchaseToken])
    }

    @Test func differentSeedsGiveDifferentTokensAndEqualSeedsTheSame() async throws {
        var first = PlayStoreState(seed: 1).random
        var same = PlayStoreState(seed: 1).random
        var other = PlayStoreState(seed: 2).random
        let tokens = (0..<50).map { _ in first.purchaseToken() }
        #expect(Set(tokens).count == 50)
        #expect(tokens == (0..<50).map { _ in same.purchaseToken() })
        #expect(tokens.first != other.purchaseToken())
        #expect(first.orderId().wholeMatch(of: /GPA\.\d{4}-\d{4}-\d{4}-\d{5}/) != nil)
    }

    @Test func eventsAreNumberedInOrderAndNameTheirNotifications() async throws {
        let play = await PlayHarness.make()
        let token = try #require(try await play.buy("premium", plan: "monthly").1).purchaseToken
        await play.store.advanceTime(by: 3 * 86_400)
        let events = await play.store.events()
        #expect(events.map(\.sequence) == Array(1...events.count))
        #expect(events.allSatisfy { $0.purchaseToken == token })
        #expect(events.map(\.kind.subscriptionNotificationType) == [4, nil, 12])
        #expect(await play.store.events(after: 2).map(\.kind) == [.revoked])
        #expect(events.first?.orderId == (try await play.record(token)).orderId)
    }
}
