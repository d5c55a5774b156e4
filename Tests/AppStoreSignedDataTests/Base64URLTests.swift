import AppStoreSignedData
import Foundation
import Testing

@Suite struct Base64URLTests {
    @Test func roundTripsEveryLengthUpToSixtyFour() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...64 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = Base64URL.encode(bytes)
            #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
            #expect(Base64URL.decode(text) == bytes)
        }
    }

    @Test func usesTheURLAlphabet() {
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
    }

    @Test func refusesWhatIsNotCanonical() {
        #expect(Base64URL.decode("-_8=") == nil)  // padding
        #expect(Base64URL.decode("+/8") == nil)  // the standard alphabet
        #expect(Base64URL.decode("-_9") == nil)  // non-zero trailing bits
        #expect(Base64URL.decode("A") == nil)  // a length no bytes encode to
        #expect(Base64URL.decode("AA AA") == nil)  // whitespace
    }
}
