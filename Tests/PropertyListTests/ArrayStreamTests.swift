import Foundation
import PropertyList
import Testing

/// The reader hands the elements of the root dictionary's named array to a consumer as they end.
struct ArrayStreamTests {
    private final class Received {
        var elements: [ArrayStream.Element] = []
    }

    private func read(_ text: String) throws -> (PropertyListNode, [ArrayStream.Element]) {
        let received = Received()
        let stream = ArrayStream(key: "Items") { received.elements.append($0) }
        let root = try PropertyListReader().read(Data(text.utf8), path: "test.plist", stream: stream)
        return (root, received.elements)
    }

    @Test(arguments: ["<plist>", ""])
    func streamsTheRootArrayAndLeavesItEmpty(wrapper: String) throws {
        let text =
            wrapper + "<dict>\n<key>Before</key><string>b</string>\n<key>Items</key>\n<array>"
            + "<string>one</string><dict><key>Items</key><array><true/></array></dict><integer>3</integer>"
            + "</array>\n<key>After</key><false/></dict>" + (wrapper.isEmpty ? "" : "</plist>")
        let (root, elements) = try read(text)
        #expect(elements.count == 3)
        #expect(elements.first?.precedingEntries?.map(\.key) == ["Before"])
        #expect(elements.dropFirst().allSatisfy { $0.precedingEntries == nil })
        #expect(elements.allSatisfy { $0.arrayLocation == at(4, 1) })
        #expect(elements.first?.node.value == .string("one"))
        #expect(elements.first?.node.location == at(4, 8))
        // The nested dict's own `Items` array is kept: only the root's is streamed.
        #expect(elements[1].node.value["Items"]?.value == .array([PropertyListNode(.boolean(true))]))
        #expect(root.value["Items"]?.value == .array([]))
        #expect(root.value["After"]?.value == .boolean(false))
    }

    @Test func streamsNothingWhenTheKeyIsNotAnArrayOrNotAtTheRoot() throws {
        let (root, elements) = try read("<dict><key>Items</key><string>x</string></dict>")
        #expect(elements.isEmpty)
        #expect(root.value["Items"]?.value == .string("x"))
        let (nestedRoot, nested) = try read("<array><dict><key>Items</key><array><true/></array></dict></array>")
        #expect(nested.isEmpty)
        #expect(nestedRoot.value.items.first?.value["Items"]?.value == .array([PropertyListNode(.boolean(true))]))
    }
}
