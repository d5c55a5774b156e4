import CustomStore
import Foundation
import PurchaseKit
import PurchaseTesting
import Testing

/// The whole flow through the public API: a purchase writes a checkout, the shop's order is
/// delivered once through the SQLite ledger, and relaunches and restores never deliver twice.
struct WebCheckoutFlowTests {
    @Test func aPaidOrderIsDeliveredOnceAndNotAgainAfterARelaunch() async throws {
        try await withTemporaryFolder { root in
            let fixture = WebShopFixture(root: root)
            let deployment = try fixture.open()
            try await deployment.start()
            guard case .pending = await deployment.store.purchase("com.example.webshop.gems.500") else {
                Issue.record("a web checkout is pending until the shop is paid")
                await deployment.close()
                return
            }
            let checkouts = try fixture.shop.pendingCheckouts()
            #expect(checkouts.map(\.productID) == ["GEMS-500"])
            #expect(checkouts.first?.price == "7.99")
            #expect(checkouts.first?.currency == "USD")
            #expect(try await deployment.ledger.contents().deliveries.isEmpty)

            let observer = RecordingEventObserver()
            await observer.start(observing: deployment.store)
            let order = try fixture.shop.pay(checkouts[0], at: fixture.clock.now)
            #expect(try fixture.shop.pendingCheckouts().isEmpty)
            let provider = try deployment.webCheckout
            // Told to look now (the polling started may look first: the order is sent once either way).
            try await provider.poll()
            let events = await observer.waitForEvents(count: 1)
            #expect(events.first?.delivery?.transactionID == TransactionID(store: "web-checkout", id: order.orderID))
            // Reported once in this process; finished, so handed back by no one.
            #expect(try await provider.poll().isEmpty)
            #expect(try await provider.unfinishedTransactions().isEmpty)
            let history = try await deployment.provider((any TransactionHistoryProviding).self)?.history()
            #expect(history?.map(\.transaction.id) == [order.orderID])
            #expect(history?.map(\.isFinished) == [true])
            #expect(try await deployment.store.entitlements().balances["gems"] == 500)
            await deployment.close()

            let relaunched = try fixture.open()
            let afterRelaunch = RecordingEventObserver()
            await afterRelaunch.start(observing: relaunched.store)
            try await relaunched.start()
            #expect(try await relaunched.webCheckout.unfinishedTransactions().isEmpty)
            #expect(try await relaunched.ledger.contents().deliveries.map(\.transactionID.id) == [order.orderID])
            #expect(try await relaunched.store.entitlements().balances["gems"] == 500)
            await relaunched.close()
            #expect(await afterRelaunch.events.isEmpty)
        }
    }

    @Test func anOrderDeliveredButNotFinishedIsFoundDeliveredAtTheNextLaunch() async throws {
        try await withTemporaryFolder { root in
            let fixture = WebShopFixture(root: root)
            let deployment = try fixture.open()
            try await deployment.start()
            let observer = RecordingEventObserver()
            await observer.start(observing: deployment.store)
            let order = try fixture.shop.placeOrder(productID: "com.example.webshop.gems.100", at: fixture.clock.now)
            try await deployment.webCheckout.poll()
            #expect(await observer.waitForEvents(count: 1).first?.delivery != nil)
            await deployment.close()
            // As if the process had died after the ledger recorded the delivery, before the shop's
            // order was marked finished.
            try FileManager.default.removeItem(at: try deployment.webCheckout.finishedOrdersFile)

            let relaunched = try fixture.open()
            let afterRelaunch = RecordingEventObserver()
            await afterRelaunch.start(observing: relaunched.store)
            try await relaunched.start()
            let events = await afterRelaunch.waitForEvents(count: 1)
            guard case .alreadyDelivered(let transaction) = events.first else {
                Issue.record("expected the order to be found delivered, got \(events)")
                await relaunched.close()
                return
            }
            #expect(transaction.id == order.orderID)
            #expect(try await relaunched.store.entitlements().balances["gems"] == 100)
            #expect(try await relaunched.webCheckout.unfinishedTransactions().isEmpty)
            await relaunched.close()
        }
    }

    @Test func restoreOnAFreshLedgerBringsBackANonConsumableOnce() async throws {
        try await withTemporaryFolder { root in
            let fixture = WebShopFixture(root: root)
            let deployment = try fixture.open()
            try await deployment.start()
            let observer = RecordingEventObserver()
            await observer.start(observing: deployment.store)
            _ = await deployment.store.purchase("com.example.webshop.premium")
            _ = await deployment.store.purchase("com.example.webshop.gems.100")
            try fixture.shop.payPendingCheckouts(at: fixture.clock.now)
            try await deployment.webCheckout.poll()
            #expect(await observer.waitForEvents(count: 2).compactMap(\.delivery).count == 2)
            // The shop has an order for it: it is not sold twice.
            guard case .failed(let error) = await deployment.store.purchase("com.example.webshop.premium") else {
                Issue.record("an owned non-consumable was sold again")
                await deployment.close()
                return
            }
            #expect(error.code == .alreadyOwned)
            await deployment.close()

            // The same state folder (the orders are finished) with a new, empty database.
            let fresh = try fixture.open(ledgerPath: "fresh.sqlite")
            try await fresh.start()
            #expect(try await fresh.store.entitlements().names.isEmpty)
            #expect(await fresh.store.restore().restoredProductIDs == ["com.example.webshop.premium"])
            #expect(await fresh.store.restore().restoredProductIDs == ["com.example.webshop.premium"])
            let contents = try await fresh.ledger.contents()
            #expect(contents.deliveries.map(\.productID) == ["com.example.webshop.premium"])
            let entitlements = try await fresh.store.entitlements()
            #expect(entitlements.names == ["premium"])
            // A restore brings back what is owned, never the gems bought.
            #expect(entitlements.balances["gems", default: 0] == 0)
            await fresh.close()
            #expect(FileManager.default.fileExists(atPath: fixture.state.appendingPathComponent("fresh.sqlite").path))
        }
    }

    @Test func aTamperedOrderIsRefusedAndNeverDelivered() async throws {
        try await withTemporaryFolder { root in
            let fixture = WebShopFixture(root: root)
            let deployment = try fixture.open()
            try await deployment.start()
            let observer = RecordingEventObserver()
            await observer.start(observing: deployment.store)
            var order = try fixture.shop.placeOrder(productID: "com.example.webshop.gems.100", at: fixture.clock.now)
            // Someone with access to the folder makes it fifty pouches, without the shop's secret.
            order.quantity = 50
            try fixture.shop.write(order)
            let forger = SimulatedWebShop(folder: try fixture.shop.folder.url, secret: "not-the-shop-secret")
            try forger.placeOrder(productID: "PREMIUM", at: fixture.clock.now)

            try await deployment.webCheckout.poll()
            let events = await observer.waitForEvents(count: 2)
            #expect(events.map(\.rejection?.code) == [.verificationFailed, .verificationFailed])
            #expect(try await deployment.ledger.contents().deliveries.isEmpty)
            await deployment.close()

            // Refused orders are finished: a relaunch hands back nothing, and delivers nothing.
            let relaunched = try fixture.open()
            try await relaunched.start()
            #expect(try await relaunched.webCheckout.unfinishedTransactions().isEmpty)
            #expect(try await relaunched.ledger.contents().deliveries.isEmpty)
            #expect(try await relaunched.store.entitlements().balances["gems", default: 0] == 0)
            await relaunched.close()
        }
    }

    @Test func productsTheShopDoesNotSellAreRefused() async throws {
        try await withTemporaryFolder { root in
            let fixture = WebShopFixture(root: root)
            let deployment = try fixture.open()
            try await deployment.start()
            let provider = try deployment.webCheckout
            let response = try await provider.products(for: [
                "com.example.webshop.gems.100", "com.example.webshop.pro.monthly", "com.example.unknown",
            ])
            #expect(response.products.map(\.id) == ["com.example.webshop.gems.100"])
            #expect(response.products.first?.price == Price(amount: Decimal(string: "1.99")!, currencyCode: "USD"))
            #expect(response.invalidProductIDs == ["com.example.webshop.pro.monthly", "com.example.unknown"])

            let unknown = await #expect(throws: PurchaseError.self) {
                try await provider.purchase(PurchaseRequest(productID: "com.example.unknown"))
            }
            #expect(unknown?.code == .invalidProductIdentifiers)
            let subscription = await #expect(throws: PurchaseError.self) {
                try await provider.purchase(PurchaseRequest(productID: "com.example.webshop.pro.monthly"))
            }
            #expect(subscription?.code == .productUnavailable)
            let several = await #expect(throws: PurchaseError.self) {
                try await provider.purchase(PurchaseRequest(productID: "com.example.webshop.soundtrack", quantity: 2))
            }
            #expect(several?.code == .paymentInvalid)
            // An order for a product the catalog does not have is never reported.
            try fixture.shop.placeOrder(productID: "com.example.unknown", at: fixture.clock.now)
            #expect(try await provider.unfinishedTransactions().isEmpty)
            #expect(try fixture.shop.pendingCheckouts().isEmpty)
            await deployment.close()
        }
    }

    @Test func closeStopsThePollingThatStartBegan() async throws {
        try await withTemporaryFolder { root in
            let fixture = WebShopFixture(root: root)
            let deployment = try fixture.open()
            let provider = try deployment.webCheckout
            #expect(await !provider.isPolling)
            try await deployment.start()
            #expect(await provider.isPolling)
            let updates = provider.transactionUpdates
            await deployment.close()
            #expect(await !provider.isPolling)
            // Every update stream has ended, and the provider refuses to look for orders again.
            var received = 0
            for await _ in updates { received += 1 }
            #expect(received == 0)
            let error = await #expect(throws: PurchaseError.self) { try await provider.poll() }
            #expect(error?.code == .storeUnavailable)
        }
    }
}
