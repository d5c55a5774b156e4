import COpenSSL
import LibCryptoSupport
import Testing

struct CryptoFailureTests {
    @Test func aFailureTakesLibcryptosQueuedErrorAndClearsTheQueue() {
        ERR_clear_error()
        // A key that is not DER queues a decoding error.
        let garbage: [UInt8] = [0x30, 0x03, 0x02, 0x01]
        let key = garbage.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_PUBKEY(nil, &cursor, buffer.count)
        }
        #expect(key == nil)
        let failure = CryptoFailure("d2i_PUBKEY")
        #expect(failure.operation == "d2i_PUBKEY")
        let detail = failure.detail ?? ""
        #expect(detail.hasPrefix("error:"))
        #expect(failure.description == "d2i_PUBKEY: " + detail)
        #expect(ERR_peek_error() == 0)
        #expect(CryptoFailure("again").detail == nil)
    }

    @Test func aFailureWithoutDetailSaysTheOperationFailed() {
        #expect(CryptoFailure(operation: "key type", detail: nil).description == "key type failed")
        #expect(CryptoFailure(operation: "key size", detail: "1024 bits").description == "key size: 1024 bits")
    }

    @Test func derEncodingAsksTheLengthThenWritesExactlyThoseBytes() throws {
        let payload: [UInt8] = [0x04, 0x02, 0xAB, 0xCD]
        var calls = 0
        let bytes = try derEncoded("i2d_test") { cursor in
            calls += 1
            guard let cursor, let start = cursor.pointee else { return Int32(payload.count) }
            for (index, byte) in payload.enumerated() { start[index] = byte }
            cursor.pointee = start + payload.count
            return Int32(payload.count)
        }
        #expect(bytes == payload)
        #expect(calls == 2)
    }

    @Test(arguments: [(0, 4), (4, 3)])
    func derEncodingFailsOnALengthItCannotTrust(first: Int32, second: Int32) {
        #expect {
            _ = try derEncoded("i2d_test") { cursor in
                return cursor == nil ? first : second
            }
        } throws: { error in
            (error as? CryptoFailure)?.operation == "i2d_test"
        }
    }
}
