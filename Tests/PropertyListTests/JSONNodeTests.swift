import PropertyList
import Testing

struct JSONNodeTests {
    @Test func keepsMembersInOrderWithKeyAndValueLocations() throws {
        let root = try JSONNode.parse(
            Array("{\n  \"b\": 1,\n  \"a\": [true, null],\n  \"b\": \"é\"\n}".utf8), maximumDepth: 8)
        guard case .object(let members) = root.value else {
            Issue.record("expected an object, got \(root.typeName)")
            return
        }
        #expect(members.map(\.key) == ["b", "a", "b"])
        #expect(members.map(\.keyLocation) == [2, 3, 4].map { SourceLocation(line: $0, column: 3) })
        #expect(members[1].value.location == SourceLocation(line: 3, column: 8))
        #expect(root["b"]?.value == .string("é"))
        #expect(
            root["a"]?.value
                == .array([
                    JSONNode(value: .bool(true), location: SourceLocation(line: 3, column: 9)),
                    JSONNode(value: .null, location: SourceLocation(line: 3, column: 15)),
                ]))
        #expect(root["missing"] == nil)
    }

    @Test(arguments: ["0", "-12", "0.99", "1e3", "793882906.67838395", "18446744073709551616"])
    func keepsNumbersAsWritten(_ text: String) throws {
        #expect(try JSONNode.parse(Array(text.utf8), maximumDepth: 1).value == .number(text))
    }

    @Test func countsColumnsInScalarsAlongALongLine() throws {
        let prefix = String(repeating: "\"ü\", ", count: 5_000)
        let root = try JSONNode.parse(Array("[\(prefix)7]".utf8), maximumDepth: 1)
        guard case .array(let elements) = root.value else {
            Issue.record("expected an array")
            return
        }
        #expect(elements.last?.location == SourceLocation(line: 1, column: 2 + 5 * 5_000))
    }

    @Test func theNestingLimitIsTheCallers() throws {
        let text = Array("[[[1]]]".utf8)
        #expect(throws: Never.self) { try JSONNode.parse(text, maximumDepth: 3) }
        let error = try #require(throws: PropertyListError.self) { try JSONNode.parse(text, maximumDepth: 2) }
        #expect(error.location == SourceLocation(line: 1, column: 3))
        #expect(error.message == "the JSON nests deeper than 2 levels")
    }

    @Test func aByteOrderMarkIsSkippedAndNotCounted() throws {
        let root = try JSONNode.parse([0xEF, 0xBB, 0xBF] + Array(" true".utf8), maximumDepth: 1)
        #expect(root == JSONNode(value: .bool(true), location: SourceLocation(line: 1, column: 2)))
    }
}
