import Foundation
import Testing

/// `--account UUID` on `buy`, `entitlements` and `history`: purchases go to that account of the
/// state folder's ledger, what each account owns stays apart, JSON names the account, and a value
/// that is no UUID is a localized usage error (64).
struct ToolAccountTests {
    static let alice = "a11ce000-0000-4000-8000-000000000001"
    static let bob = "B0B00000-0000-4000-8000-000000000002"

    @Test func purchasesGoToTheAccountTheyNameAndStayApart() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        let bought = try #require(
            try fixture.json(["buy", "com.example.gems.100", "--account", Self.alice]) as? [String: Any])
        #expect(bought["outcome"] as? String == "purchased")
        #expect(bought["account"] as? String == Self.alice)
        _ = try fixture.json(["buy", "com.example.gems.100", "--quantity", "2", "--account=\(Self.bob)"])
        let plain = try #require(try fixture.json(["buy", "com.example.removeads"]) as? [String: Any])
        #expect(plain["account"] == nil)

        func owned(_ account: String?) throws -> [String: Any] {
            let arguments = ["entitlements"] + (account.map { ["--account", $0] } ?? [])
            return try #require(try fixture.json(arguments) as? [String: Any])
        }
        let alice = try owned(Self.alice)
        #expect((alice["balances"] as? [String: Any])?["gems"] as? Int == 100)
        #expect((alice["entitlements"] as? [String])?.isEmpty == true)
        #expect(alice["account"] as? String == Self.alice)
        let bob = try owned(Self.bob)
        #expect((bob["balances"] as? [String: Any])?["gems"] as? Int == 200)
        #expect(bob["account"] as? String == Self.bob.lowercased())
        let device = try owned(nil)
        #expect((device["balances"] as? [String: Any])?["gems"] == nil)
        #expect((device["entitlements"] as? [String]) == ["no-ads"])
        #expect(device["account"] == nil)

        let text = try fixture.run(["entitlements", "--account", Self.bob])
        #expect(text.status == 0 && text.stdout.contains("200"))

        let history = try fixture.history()
        #expect(history.count == 3)
        #expect(history.compactMap { $0["account"] as? String } == [Self.alice, Self.bob.lowercased()])
        let bobs = try #require(try fixture.json(["history", "--account", Self.bob]) as? [[String: Any]])
        #expect(bobs.map { $0["productID"] as? String } == ["com.example.gems.100"])
        #expect(bobs.first?["account"] as? String == Self.bob.lowercased())
        #expect(bobs.first?["quantity"] as? Int == 2)
    }

    @Test(arguments: ["buy", "entitlements", "history"])
    func aValueThatIsNoUUIDIsAUsageError(_ command: String) throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        let arguments = (command == "buy" ? ["buy", "com.example.gems.100"] : [command]) + ["--account", "user-1"]
        let english = try fixture.run(arguments)
        #expect(english.status == 64)
        #expect(english.stdout.isEmpty)
        #expect(english.stderr.contains("--account wants an app account token"))
        #expect(english.stderr.contains("'user-1'"))
        let japanese = try fixture.run(["--locale", "ja_JP"] + arguments)
        #expect(japanese.status == 64)
        #expect(japanese.stderr.contains("「user-1」"))
        #expect(try fixture.run([command == "buy" ? "buy" : command, "--account"]).status == 64)
        // Nothing was bought.
        #expect(try fixture.history().isEmpty)
    }
}
