import Foundation
import PropertyList
import Testing

struct ReaderConcurrencyTests {
    @Test func readsManyDocumentsInParallelWithTheSameResults() async throws {
        let good = try TestPaths.fixture("AllTypes.plist")
        let bad = try TestPaths.fixture("MissingValue.plist")
        let hostile = try TestPaths.fixture("Hostile/XXEFile.plist")
        let expected = try PropertyListReader().read(good)
        let reader = PropertyListReader()
        let outcomes = await withTaskGroup(of: (Bool, PropertyListError?, PropertyListError?).self) { group in
            for _ in 0..<64 {
                group.addTask {
                    let value = try? reader.read(good)
                    var badError: PropertyListError?
                    var hostileError: PropertyListError?
                    do throws(PropertyListError) { _ = try reader.read(bad, path: "bad.plist") } catch {
                        badError = error
                    }
                    do throws(PropertyListError) { _ = try reader.read(hostile, path: "xxe.plist") } catch {
                        hostileError = error
                    }
                    return (value == expected, badError, hostileError)
                }
            }
            var collected: [(Bool, PropertyListError?, PropertyListError?)] = []
            for await outcome in group { collected.append(outcome) }
            return collected
        }
        #expect(outcomes.count == 64)
        for (same, badError, hostileError) in outcomes {
            #expect(same)
            #expect(badError?.location == at(6, 3))
            #expect(hostileError?.location == at(3, 3))
            #expect(hostileError?.kind == .refused)
        }
    }
}
