import PropertyList
import Testing

struct PropertyListIntegerTests {
    @Test func extremesRoundTripThroughBothRanges() {
        #expect(PropertyListInteger(Int64.min).int64Value == Int64.min)
        #expect(PropertyListInteger(UInt64.max).uint64Value == UInt64.max)
        #expect(PropertyListInteger(UInt64.max).int64Value == nil)
        #expect(PropertyListInteger(isNegative: true, magnitude: UInt64(Int64.max) + 2) == nil)
        #expect(PropertyListInteger(isNegative: true, magnitude: 0) == PropertyListInteger(Int64(0)))
        #expect(PropertyListInteger(Int64(5)) == PropertyListInteger(UInt64(5)))
    }
}
