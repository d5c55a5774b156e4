import Foundation
import Journal
import Testing

/// An owner that keeps its own state in an actor and reads the journal from inside it.
private actor Owner {
    let journal: Journal<ListState>
    var seen: [String] = []

    init(journal: Journal<ListState>) {
        self.journal = journal
    }

    func refresh() async throws -> Int {
        // The body runs on this actor, so it may touch actor state.
        try await journal.read { state in
            seen = state.entries
            return seen.count
        }
    }
}

struct JournalReadTests {
    @Test func readRunsOnTheCallersActor() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try Journal<ListState>.open(directory: directory.url)
        defer { journal.close() }
        try await journal.append("x", "y")
        let owner = Owner(journal: journal)
        #expect(try await owner.refresh() == 2)
        #expect(await owner.seen == ["x", "y"])
    }
}
