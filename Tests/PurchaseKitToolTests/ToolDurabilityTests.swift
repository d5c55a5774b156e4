import Foundation
import Glibc
import Testing

/// Crash, concurrency and corruption checks of the buying commands on one state folder: children
/// killed with SIGKILL at chosen and random points, several processes buying at once, and damaged
/// journal files. Set `PURCHASEKIT_SOAK=N` for N rounds of random kills instead of one.
struct ToolDurabilityTests {
    @Test func killBetweenDeliveryAndFinishDeliversOnceAfterRelaunch() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        let killed = try fixture.run(
            ["buy", "com.example.gems.100"], environment: ["PURCHASEKIT_TEST_KILL_AT": "afterDelivery"])
        #expect(killed.status == nil, "the hook did not kill the child: \(killed.stderr)")
        let before = try fixture.history()
        #expect(before.count == 1)
        #expect(before.first?["delivered"] as? Bool == true)
        // `entitlements` started the store, which handed the unfinished transaction through the flow again
        // (`history` only reads).
        #expect(try fixture.gems() == 100)
        let after = try fixture.history()
        #expect(after.first?["finished"] as? Bool == true)
        #expect(try fixture.run(["buy", "com.example.gems.100"]).status == 0)
        #expect(try fixture.gems() == 200)
    }

    @Test func killDuringEveryStepOfLedgerCompactionLosesNothing() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        let steps = [
            "willWriteSnapshot", "didWriteSnapshotTemp", "didSyncSnapshotTemp", "didRenameSnapshot",
            "didSyncDirectoryAfterSnapshot", "didWriteLogTemp", "didRenameLog", "didFinish",
        ]
        let compacting = ["PURCHASEKIT_TEST_LEDGER_COMPACTION_THRESHOLD": "1"]
        for (index, step) in steps.enumerated() {
            let environment = compacting.merging(["PURCHASEKIT_TEST_KILL_AT": "compaction:\(step)"]) { _, new in new }
            let killed = try fixture.run(["buy", "com.example.gems.100"], environment: environment)
            #expect(killed.status == nil, "\(step): \(killed.stderr)")
            let entitlements = try fixture.run(["entitlements", "--json"], environment: compacting)
            #expect(entitlements.status == 0, "\(step): \(entitlements.stderr)")
            #expect(try fixture.gems() == 100 * (index + 1), "after a kill at \(step)")
        }
        let history = try fixture.history()
        #expect(history.count == steps.count)
        #expect(history.allSatisfy { $0["delivered"] as? Bool == true && $0["finished"] as? Bool == true })
    }

    /// Ten buyers killed at random moments. The kills test something only when some buyers finished
    /// (acknowledged purchases that must survive) and some were killed on the way: on a loaded machine
    /// every child may die before buying anything, so rounds go on with the kills spread over a longer
    /// time until both happened, and the test fails when they never do.
    @Test func randomKillsNeverLoseAnAcknowledgedPurchaseOrDeliverTwice() throws {
        let rounds = Int(ProcessInfo.processInfo.environment["PURCHASEKIT_SOAK"] ?? "") ?? 1
        for _ in 0..<rounds {
            let fixture = try BuyingFixture()
            defer { fixture.remove() }
            var acknowledged = Set<String>()
            var killed = 0
            var window: useconds_t = 250_000
            for _ in 0..<6 where acknowledged.isEmpty || killed == 0 {
                let outcome = try Self.buyAndKillAtRandom(fixture, within: window)
                acknowledged.formUnion(outcome.acknowledged)
                killed += outcome.killed
                // None finished: give them longer; none was killed: kill sooner.
                window = outcome.acknowledged.isEmpty ? window * 2 : max(window / 2, 1)
            }
            try #require(!acknowledged.isEmpty, "no buyer finished before the kills: they tested nothing")
            try #require(killed > 0, "every buyer finished before its kill: the kills tested nothing")
            // The next launch that may write (entitlements) delivers whatever the killed children left
            // unfinished; history only reads, so it runs after.
            let gems = try fixture.gems()
            let history = try fixture.history()
            let ids = history.compactMap { $0["transactionID"] as? String }
            #expect(Set(ids).count == ids.count)
            #expect(acknowledged.isSubset(of: Set(ids)))
            #expect(history.allSatisfy { $0["delivered"] as? Bool == true })
            #expect(gems == 100 * ids.count)
        }
    }

    /// Starts ten buyers and kills each at a random moment within `window` microseconds; returns the
    /// transactions of those that finished and how many a kill ended.
    private static func buyAndKillAtRandom(_ fixture: BuyingFixture, within window: useconds_t) throws -> (
        acknowledged: Set<String>, killed: Int
    ) {
        var children: [(ToolChild, useconds_t)] = []
        for _ in 0..<10 {
            let child = try ToolChild(fixture.base + ["buy", "com.example.gems.100", "--json"], in: fixture.folder)
            children.append((child, useconds_t.random(in: 0..<window)))
        }
        let start = Date()
        for (child, delay) in children.sorted(by: { $0.1 < $1.1 }) {
            let elapsed = useconds_t(Date().timeIntervalSince(start) * 1_000_000)
            if delay > elapsed { usleep(delay - elapsed) }
            child.kill()
        }
        var acknowledged = Set<String>()
        var killed = 0
        for (child, _) in children {
            switch child.wait() {
            case nil:
                killed += 1
            case 0:
                let object = try JSONSerialization.jsonObject(with: Data(child.stdout.utf8)) as? [String: Any]
                if let id = object?["transactionID"] as? String { acknowledged.insert(id) }
            default:
                break
            }
        }
        return (acknowledged, killed)
    }

    @Test func randomKillsWhileBothJournalsCompactAfterEveryCommit() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        // A copy of the default catalog whose file store compacts after every commit.
        let text = try String(contentsOfFile: fixture.catalog, encoding: .utf8)
        let compacting = text.replacingOccurrences(
            of: "<key>Provider</key>\n\t\t<string>file</string>",
            with: "<key>Provider</key>\n\t\t<string>file</string>\n\t\t<key>ProviderSettings</key>\n\t\t<dict>"
                + "<key>CompactionThreshold</key><integer>1</integer></dict>")
        #expect(compacting != text)
        let catalog = fixture.folder.appendingPathComponent("Compacting.plist")
        try Data(compacting.utf8).write(to: catalog)
        let environment = ["PURCHASEKIT_TEST_LEDGER_COMPACTION_THRESHOLD": "1"]
        let arguments = ["--catalog", catalog.path, "--state", fixture.state.path]
        var acknowledged = Set<String>()
        let snapshot = fixture.state.appendingPathComponent("purchases.snapshot")
        // Rounds of kills at growing delays, until some child got as far as compacting (a child
        // needs tens of milliseconds to get there; an early round may kill every one before, and on a
        // loaded machine many may).
        for round in 0..<24 {
            if round >= 3 && FileManager.default.fileExists(atPath: snapshot.path) { break }
            let children = try (0..<4).map { _ in
                try ToolChild(
                    arguments + ["buy", "com.example.gems.100", "--json"], in: fixture.folder, environment: environment)
            }
            usleep(useconds_t(30_000 + 40_000 * min(round, 12)))
            children.forEach { $0.kill() }
            for child in children where child.wait() == 0 {
                let object = try JSONSerialization.jsonObject(with: Data(child.stdout.utf8)) as? [String: Any]
                if let id = object?["transactionID"] as? String { acknowledged.insert(id) }
            }
        }
        // Entitlements may write: it delivers what a killed child left unfinished. History only reads.
        let entitlements = try ToolChild.run(arguments + ["entitlements", "--json"], in: fixture.folder)
        #expect(entitlements.status == 0, "\(entitlements.stderr)")
        let history = try ToolChild.run(
            arguments + ["history", "--json"], in: fixture.folder, environment: environment)
        #expect(history.status == 0, "\(history.stderr)")
        for file in ["purchases.snapshot"] {
            #expect(FileManager.default.fileExists(atPath: fixture.state.appendingPathComponent(file).path), "\(file)")
        }
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        let ids = entries.compactMap { $0["transactionID"] as? String }
        #expect(Set(ids).count == ids.count)
        #expect(acknowledged.isSubset(of: Set(ids)))
        #expect(entries.allSatisfy { $0["delivered"] as? Bool == true })
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(entitlements.stdout.utf8)) as? [String: Any])
        #expect((object["balances"] as? [String: Any])?["gems"] as? Int ?? 0 == 100 * ids.count)
    }

    @Test func severalProcessesBuyingAtOnceCountExactly() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        let children = try (0..<8).map { _ in
            try ToolChild(fixture.base + ["buy", "com.example.gems.100", "--json"], in: fixture.folder)
        }
        let statuses = children.map { $0.wait() }
        #expect(statuses.allSatisfy { $0 == 0 }, "\(children.map(\.stderr))")
        let ids = children.compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.stdout.utf8)) as? [String: Any])?["transactionID"]
                as? String
        }
        #expect(Set(ids).count == 8)
        #expect(try fixture.history().count == 8)
        #expect(try fixture.gems() == 800)
    }

    @Test func tornTailIsCutAndBuyingGoesOn() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        #expect(try fixture.run(["buy", "com.example.gems.100"]).status == 0)
        let log = fixture.state.appendingPathComponent("purchases.log")
        let handle = try FileHandle(forWritingTo: log)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0x40, 0, 0, 0, 1, 2, 3]))
        try handle.close()
        #expect(try fixture.run(["buy", "com.example.gems.100"]).status == 0)
        #expect(try fixture.gems() == 200)
    }

    @Test func corruptionInTheMiddleExits74WithFileAndOffset() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        #expect(try fixture.run(["buy", "com.example.gems.100"]).status == 0)
        #expect(try fixture.run(["buy", "com.example.gems.100"]).status == 0)
        let log = fixture.state.appendingPathComponent("purchases.log")
        var bytes = try Data(contentsOf: log)
        bytes[32 + 20] ^= 0x55
        try bytes.write(to: log)
        let before = bytes
        for command in [["buy", "com.example.gems.100"], ["history"], ["products"]] {
            let result = try fixture.run(command)
            #expect(result.status == 74, "\(command)")
            #expect(result.stderr.contains("purchases.log"))
            #expect(result.stderr.contains("at byte 32"))
        }
        #expect(try Data(contentsOf: log) == before, "a corrupt journal was rewritten")
    }

    /// The journal's diagnostic is in the person's language with its byte offset (it was English
    /// under a translated first line).
    @Test func aDamagedJournalIsReportedInTheLocaleWithTheOffset() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        #expect(try fixture.run(["buy", "com.example.gems.100"]).status == 0)
        let log = fixture.state.appendingPathComponent("purchases.log")
        var bytes = try Data(contentsOf: log)
        bytes[32 + 20] ^= 0x55
        try bytes.write(to: log)
        let japanese = try fixture.run(["--locale", "ja", "history"])
        #expect(japanese.status == 74)
        #expect(
            japanese.stderr.contains(
                "\(log.path): error: 32 バイト目：ジャーナルが破損しています。何も変更していません。"))
        #expect(!japanese.stderr.contains("checksum"))
        let english = try fixture.run(["entitlements"])
        #expect(english.stderr.contains("\(log.path): error: at byte 32: the journal is damaged; nothing was changed."))
    }

    /// A state folder another process keeps locked: 75, and a message that says so (it said the
    /// lock file could not be read or written, and advised raising an option the tool has not).
    @Test func aBusyStateFolderSaysSoAndExits75() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        #expect(try fixture.run(["buy", "com.example.gems.100"]).status == 0)
        let lock = fixture.state.appendingPathComponent("purchases.lock").path
        let fd = open(lock, O_RDWR)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(flock(fd, LOCK_EX) == 0)
        let result = try fixture.run(
            ["--locale", "ru", "entitlements"], environment: ["PURCHASEKIT_TEST_LOCK_TIMEOUT_MS": "50"])
        #expect(result.status == 75)
        #expect(result.stderr.contains("purchasekit: Папка состояния занята другим процессом (\(lock))."))
        #expect(!result.stderr.contains("lockTimeout"))
    }

    @Test func wrongVersionExits74NamingTheFile() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        #expect(try fixture.run(["buy", "com.example.gems.100"]).status == 0)
        let log = fixture.state.appendingPathComponent("purchases.log")
        var bytes = try Data(contentsOf: log)
        bytes[8] = 9
        try bytes.write(to: log)
        let result = try fixture.run(["entitlements"])
        #expect(result.status == 74)
        #expect(result.stderr.contains("purchases.log"))
    }
}
