import Foundation
import Testing

struct ToolBuyingTests {
    @Test func productsListsTheCatalogWithLocalizedNamesAndPrices() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        let products = try #require(try fixture.json(["products"]) as? [[String: Any]])
        #expect(products.count == 10)
        let gems = try #require(products.first)
        for key in ["productID", "type", "displayName", "description", "price", "currency", "displayPrice"] {
            #expect(gems[key] is String, "missing \(key)")
        }
        #expect(gems["price"] as? String == "0.99")
        #expect(gems["displayPrice"] as? String == "$0.99")
        let japanese = try #require(try fixture.json(["products", "--locale", "ja_JP"]) as? [[String: Any]])
        #expect(japanese.first?["displayName"] as? String == "ジェム100個")
        let text = try fixture.run(["products"])
        #expect(text.status == 0 && text.stdout.contains("com.example.removeads") && text.stdout.contains("$2.99"))
    }

    @Test func buyingAConsumableTwiceDoublesTheBalance() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        let first = try fixture.run(["buy", "com.example.gems.100"])
        #expect(first.status == 0)
        #expect(first.stdout.contains("100 Gems"))
        let second = try #require(try fixture.json(["buy", "com.example.gems.100"]) as? [String: Any])
        #expect(second["outcome"] as? String == "purchased")
        #expect(second["productID"] as? String == "com.example.gems.100")
        #expect(second["transactionID"] as? String == "2")
        #expect((second["message"] as? String)?.isEmpty == false)
        #expect(second["error"] == nil)
        #expect(try fixture.gems() == 200)
        let three = try #require(
            try fixture.json(["buy", "com.example.gems.100", "--quantity", "3"]) as? [String: Any])
        #expect(three["message"] as? String == "Thank you! Your purchase of 100 Gems × 3 is complete.")
        #expect(try fixture.gems() == 500)
        let japanese = try fixture.run(["--locale", "ja", "buy", "com.example.gems.100", "--quantity", "2"])
        #expect(japanese.stdout == "ご購入ありがとうございます。ジェム100個 × 2の購入が完了しました。\n")
        #expect(try fixture.gems() == 700)
        _ = try fixture.json(["buy", "com.example.gems.100", "--quantity=10"])
        #expect(try fixture.gems() == 1700)
    }

    @Test func buyingANonConsumableTwiceIsRefusedAsAlreadyOwned() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        #expect(try fixture.run(["buy", "com.example.removeads"]).status == 0)
        let again = try fixture.run(["buy", "com.example.removeads"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("already own"))
        let json = try fixture.run(["buy", "com.example.removeads", "--json"])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["outcome"] as? String == "failed")
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? Int == 9 && error["name"] as? String == "alreadyOwned")
        let japanese = try fixture.run(["buy", "com.example.removeads", "--locale", "ja_JP"])
        #expect(japanese.status == 1 && !japanese.stderr.contains("already own"))
    }

    /// StoreKit refuses several units of a non-consumable or a subscription as `paymentInvalid`; the JSON
    /// keeps that code, but the person is told only consumables are bought several at a time, not to check
    /// their payment details.
    @Test(arguments: ["com.example.levels.premium", "com.example.pro.monthly"])
    func severalUnitsOfANonConsumableAreRefusedWithoutBlamingThePayment(_ product: String) throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        let text = try fixture.run(["buy", product, "--quantity", "2"])
        #expect(text.status == 1)
        #expect(text.stdout.isEmpty)
        #expect(
            text.stderr
                == "purchasekit: Only consumable items can be bought more than one at a time; buy just one of this item.\n"
        )
        let json = try fixture.run(["buy", product, "--quantity=2", "--json"])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["outcome"] as? String == "failed")
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? Int == 3 && error["name"] as? String == "paymentInvalid")
        #expect(
            object["message"] as? String
                == "Only consumable items can be bought more than one at a time; buy just one of this item.")
        let japanese = try fixture.run(["--locale", "ja_JP", "buy", product, "--quantity", "2"])
        #expect(
            japanese.stderr
                == "purchasekit: 一度に複数個購入できるのは消耗型アイテムだけです。このアイテムは1個だけ購入してください。\n")
        #expect(try fixture.history().isEmpty)
    }

    @Test func unknownProductIsRefused() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        let result = try fixture.run(["buy", "com.example.nothing"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("purchasekit: "))
    }

    @Test func restoreOnAFreshLedgerBringsBackNonConsumables() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        // The store keeps its own journal (StateFolder `shop`), so the ledger's can be lost alone.
        let text = try String(contentsOfFile: fixture.catalog, encoding: .utf8)
        let separate = text.replacingOccurrences(
            of: "<key>Provider</key>\n\t\t<string>file</string>",
            with: "<key>Provider</key>\n\t\t<string>file</string>\n\t\t<key>ProviderSettings</key>\n\t\t<dict>"
                + "<key>StateFolder</key><string>shop</string></dict>")
        #expect(separate != text)
        let catalog = fixture.folder.appendingPathComponent("Separate.plist")
        try Data(separate.utf8).write(to: catalog)
        func run(_ arguments: [String]) throws -> Any {
            let result = try ToolChild.run(
                ["--catalog", catalog.path, "--state", fixture.state.path] + arguments + ["--json"], in: fixture.folder)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        }
        let nothing = try #require(try run(["restore"]) as? [String: Any])
        #expect(nothing["outcome"] as? String == "nothingToRestore")
        _ = try run(["buy", "com.example.removeads"])
        _ = try run(["buy", "com.example.gems.100"])
        for file in ["purchases.log", "purchases.lock"] {
            try FileManager.default.removeItem(at: fixture.state.appendingPathComponent(file))
        }
        let entitlements = try #require(try run(["entitlements"]) as? [String: Any])
        #expect((entitlements["entitlements"] as? [String])?.isEmpty == true)
        let restored = try #require(try run(["restore"]) as? [String: Any])
        #expect(restored["outcome"] as? String == "restored")
        #expect(restored["restored"] as? [String] == ["com.example.removeads"])
        #expect((restored["message"] as? String)?.isEmpty == false)
        let after = try #require(try run(["entitlements"]) as? [String: Any])
        #expect(after["entitlements"] as? [String] == ["no-ads"])
    }

    @Test func entitlementsAndHistoryHaveTheDocumentedShapes() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        let empty = try fixture.run(["entitlements"])
        #expect(empty.status == 0 && !empty.stdout.isEmpty)
        #expect(try fixture.run(["buy", "com.example.pro.monthly"]).status == 0)
        #expect(try fixture.run(["buy", "com.example.pro.monthly"]).status == 1)
        let object = try #require(try fixture.json(["entitlements"]) as? [String: Any])
        #expect(Set(object["entitlements"] as? [String] ?? []) == ["pro", "no-ads", "premium-levels"])
        #expect(object["balances"] is [String: Any])
        let subscription = try #require((object["subscriptions"] as? [[String: Any]])?.first)
        #expect(subscription["productID"] as? String == "com.example.pro.monthly")
        #expect(subscription["expiry"] is String)
        #expect(subscription["state"] as? String == "active")
        #expect(subscription["willAutoRenew"] as? Bool == true)
        let history = try fixture.history()
        #expect(history.count == 1)
        let entry = try #require(history.first)
        for key in ["transactionID", "originalTransactionID", "productID", "store", "state", "purchaseDate"] {
            #expect(entry[key] is String, "missing \(key)")
        }
        #expect(entry["store"] as? String == "file" && entry["state"] as? String == "purchased")
        #expect(entry["delivered"] as? Bool == true && entry["finished"] as? Bool == true)
    }

    @Test func badStateFolderExits74NamingIt() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        try Data("not a folder".utf8).write(to: fixture.state)
        let result = try fixture.run(["buy", "com.example.gems.100"])
        #expect(result.status == 74)
        #expect(result.stderr.contains(fixture.state.path))
    }

    @Test func missingAndInvalidCatalogsExit66And65() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        let missing = try ToolChild.run(["--catalog", "nope.plist", "products"], in: fixture.folder)
        #expect(missing.status == 66)
        let bad = fixture.folder.appendingPathComponent("Bad.plist")
        try Data(
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>CatalogVersion</key><integer>1</integer></dict></plist>"
                .utf8
        ).write(to: bad)
        let invalid = try ToolChild.run(["--catalog", bad.path, "buy", "x"], in: fixture.folder)
        #expect(invalid.status == 65)
        #expect(invalid.stderr.contains("Bad.plist:"))
    }

    @Test func helpDescribesTheBuyingCommands() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        for command in ["products", "buy", "restore", "entitlements", "history"] {
            let result = try ToolChild.run([command, "--help"], in: fixture.folder)
            #expect(result.status == 0 && result.stdout.contains("USAGE: purchasekit \(command)"))
        }
        #expect(try ToolChild.run(["buy"], in: fixture.folder).status == 64)
        #expect(try ToolChild.run(["buy", "x", "--quantity", "0"], in: fixture.folder).status == 64)
    }

    /// With a store that keeps no history in the state folder (the simulated App Store), a restored
    /// non-consumable is the purchase delivered already (no second row); after a reinstall it shows
    /// as restored, not as a purchase, and once however often it is restored.
    @Test func aRestoredNonConsumableOfTheSimulatedStoreShowsAsRestored() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        let catalog = ToolRunner.packageRoot.appendingPathComponent("Catalog/Simulated.plist").path
        let base = ["--catalog", catalog, "--state", fixture.state.path]
        func states() throws -> [String] {
            let history = try ToolRunner.run(base + ["--json", "history"])
            let rows = try #require(try JSONSerialization.jsonObject(with: history.stdoutData) as? [[String: Any]])
            return rows.compactMap { $0["state"] as? String }
        }
        #expect(try ToolRunner.run(base + ["buy", "com.example.removeads"]).status == 0)
        #expect(try ToolRunner.run(base + ["restore"]).status == 0)
        #expect(try states() == ["purchased"])
        // Reinstalled: the app's ledger goes, the simulated App Store's account stays.
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture.state.path)
        where name.hasPrefix("purchases.") {
            try FileManager.default.removeItem(at: fixture.state.appendingPathComponent(name))
        }
        #expect(try ToolRunner.run(base + ["restore"]).status == 0)
        #expect(try ToolRunner.run(base + ["restore"]).status == 0)
        #expect(try states() == ["restored"])
    }
}
