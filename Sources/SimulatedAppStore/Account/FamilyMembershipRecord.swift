/// An account's place in a family as its journal keeps it: its name there and what it shares, so a
/// relaunched account joins its family again as it was.
struct FamilyMembershipRecord: Sendable, Hashable {
    /// The account's name in the family.
    var memberName: String
    /// Whether it shares its purchases (`false` once it stopped sharing every purchase).
    var sharesPurchases = true
    /// Products whose sharing it stopped, sorted.
    var stoppedProducts: [String] = []

    init(memberName: String, sharesPurchases: Bool = true, stoppedProducts: [String] = []) {
        self.memberName = memberName
        self.sharesPurchases = sharesPurchases
        self.stoppedProducts = stoppedProducts
    }

    func encode(into writer: inout BinaryWriter) {
        writer.string(memberName)
        writer.byte(sharesPurchases ? 1 : 0)
        writer.varint(UInt64(stoppedProducts.count))
        for product in stoppedProducts { writer.string(product) }
    }

    init(from reader: inout BinaryReader) throws {
        memberName = try reader.string()
        sharesPurchases = try reader.byte() != 0
        let count = try reader.varint()
        var products: [String] = []
        for _ in 0..<count { products.append(try reader.string()) }
        stoppedProducts = products
    }
}
