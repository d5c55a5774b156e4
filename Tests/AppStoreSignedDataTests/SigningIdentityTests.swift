import AppStoreSignedData
import Foundation
import Testing

@Suite struct SigningIdentityTests {
    @Test func makesAChainShapedAsApples() throws {
        let identity = try SigningIdentity.make(environment: "Production", at: TestChains.issued)
        let leaf = try CertificateSummary(der: identity.leafCertificate)
        let intermediate = try CertificateSummary(der: identity.intermediateCertificate)
        let root = try CertificateSummary(der: identity.rootCertificate)
        #expect(root.subject.contains("CN=PurchaseKit Simulated Root CA - Production"))
        #expect(root.issuer == root.subject)
        #expect(intermediate.issuer == root.subject)
        #expect(leaf.issuer == intermediate.subject)
        #expect(intermediate.hasIntermediateMarker && !intermediate.hasLeafMarker)
        #expect(leaf.hasLeafMarker && !leaf.hasIntermediateMarker)
        #expect(!root.hasLeafMarker && !root.hasIntermediateMarker)
        #expect(Set([leaf.serialNumber, intermediate.serialNumber, root.serialNumber]).count == 3)
        for summary in [leaf, intermediate, root] {
            #expect(summary.notBefore < TestChains.issued && TestChains.issued < summary.notAfter)
        }
        #expect(
            identity.certificateChain == [
                identity.leafCertificate, identity.intermediateCertificate, identity.rootCertificate,
            ])
    }

    @Test func everyIdentityHasItsOwnKeys() throws {
        let one = try SigningIdentity.make(environment: "Sandbox")
        let two = try SigningIdentity.make(environment: "Sandbox")
        #expect(one.leafPrivateKey != two.leafPrivateKey)
        #expect(one.rootCertificate != two.rootCertificate)
    }

    @Test func optionsChangeMarkersAndValidity() throws {
        var options = SigningIdentity.Options.swappedMarkers
        let window = DateInterval(start: TestChains.issued, duration: 86_400)
        options.leafValidity = window
        let identity = try SigningIdentity.make(environment: "Sandbox", at: TestChains.issued, options: options)
        let leaf = try CertificateSummary(der: identity.leafCertificate)
        let intermediate = try CertificateSummary(der: identity.intermediateCertificate)
        #expect(leaf.hasIntermediateMarker && !leaf.hasLeafMarker)
        #expect(intermediate.hasLeafMarker && !intermediate.hasIntermediateMarker)
        #expect(leaf.notBefore == window.start && leaf.notAfter == window.end)
    }

    @Test func theTextFormReadsBackExactly() throws {
        let identity = TestChains.sandbox
        let text = identity.pemText
        #expect(text.components(separatedBy: "-----BEGIN CERTIFICATE-----").count == 4)
        #expect(text.contains("-----BEGIN PRIVATE KEY-----"))
        let read = try SigningIdentity(pemText: text)
        #expect(read == identity)
        #expect(read.pemText == text)
        #expect(try SigningIdentity(pemText: text.replacingOccurrences(of: "\n", with: "\r\n")) == identity)
    }

    /// Damaged and incomplete texts, each with the problem it must be.
    @Test func aDamagedTextIsATypedError() {
        let damages: [(String, (String) -> String, (SigningIdentityError.Problem) -> Bool)] = [
            ("empty", { _ in "" }, { if case .missingBlock(0, _) = $0 { true } else { false } }),
            (
                "no key", { text in String(text[..<text.range(of: "-----BEGIN PRIVATE KEY-----")!.lowerBound]) },
                { if case .missingBlock(3, "PRIVATE KEY") = $0 { true } else { false } }
            ),
            (
                "cut in the key", { String($0.dropLast(40)) },
                { if case .malformedBlock(3, _) = $0 { true } else { false } }
            ),
            ("text after", { $0 + "garbage\n" }, { if case .unexpectedText = $0 { true } else { false } }),
            (
                "fifth block", { $0 + "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n" },
                { if case .unexpectedText = $0 { true } else { false } }
            ),
            (
                "a changed base64 character",
                { text in
                    var lines = text.components(separatedBy: "\n")
                    lines[3] = String(lines[3].dropLast()) + (lines[3].hasSuffix("A") ? "B" : "A")
                    return lines.joined(separator: "\n")
                },
                {
                    if case .unreadableCertificate(0, _) = $0 {
                        true
                    } else if case .malformedBlock = $0 {
                        true
                    } else {
                        $0 == .brokenSignature(position: 0)
                    }
                }
            ),
            (
                "a character that is not base64",
                { $0.replacingOccurrences(of: "\nM", with: "\n*", options: [], range: nil) },
                { if case .malformedBlock = $0 { true } else { false } }
            ),
            (
                "another identity's key",
                { text in
                    let other = TestChains.stranger.pemText
                    let keyStart = { (text: String) in text.range(of: "-----BEGIN PRIVATE KEY-----")!.lowerBound }
                    return String(text[..<keyStart(text)]) + String(other[keyStart(other)...])
                }, { $0 == .keyDoesNotMatchLeaf }
            ),
            (
                "a key block labelled as a certificate",
                {
                    $0.replacingOccurrences(of: "PRIVATE KEY", with: "CERTIFICATE")
                }, { if case .malformedBlock(3, _) = $0 { true } else { false } }
            ),
        ]
        for (name, damage, expected) in damages {
            do {
                _ = try SigningIdentity(pemText: damage(TestChains.sandbox.pemText))
                Issue.record("\(name) was read")
            } catch {
                #expect(expected(error.problem), "\(name): \(error)")
            }
        }
    }

    @Test func aSummaryRefusesBytesThatAreNotACertificate() {
        #expect(throws: SigningIdentityError.self) { try CertificateSummary(der: [0x30, 0x03, 0x02, 0x01, 0x01]) }
        #expect(throws: SigningIdentityError.self) {
            try CertificateSummary(der: TestChains.sandbox.rootCertificate + [0])
        }
    }
}
