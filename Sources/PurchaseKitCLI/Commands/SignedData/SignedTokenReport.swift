import AppStoreSignedData
import Foundation
import PropertyList
import PurchaseCore

/// What `jws inspect` found in one compact JWS: its header, the certificates its `x5c` carries (as far
/// as they parse), its payload, and whether it verified against the trusted roots.
///
/// Verification is the ``SignedDataVerifier``'s (algorithm, chain to a given root, markers,
/// signature), then, when asked, the bundle id and environment the payload claims (a notification's
/// in its `data`, an app transaction's environment in `receiptType`).
struct SignedTokenReport {
    /// Why a token was not decoded at all (exit 65).
    struct Malformed: Error {
        /// In English, for the diagnostic.
        var reason: String
    }

    /// The decoded token.
    var jws: CompactJWS
    /// The payload, a JSON object.
    var payload: [String: Any]
    /// The certificates of `x5c` that parse, in order.
    var chain: [CertificateSummary]
    /// `nil` when verified; otherwise why not (`nil` kind: no root was given).
    var failure: SignedDataVerificationError?
    /// Whether there was any root to verify against.
    var hadRoots: Bool

    /// Whether the token verified.
    var verified: Bool { hadRoots && failure == nil }

    /// Decodes `token` and verifies it with `verifier` (`nil`: decode only), then checks the claims
    /// `expectedBundleID` and `expectedEnvironment` when given.
    init(
        token: String, verifier: SignedDataVerifier?, expectedBundleID: String?, expectedEnvironment: String?
    ) throws(Malformed) {
        do {
            jws = try CompactJWS(token)
        } catch {
            throw Malformed(reason: error.description)
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(jws.payload)) as? [String: Any] else {
            throw Malformed(reason: "the payload is not a JSON object")
        }
        payload = object
        chain = (jws.header.certificateChain ?? []).compactMap { text in
            Data(base64Encoded: text).flatMap { try? CertificateSummary(der: Array($0)) }
        }
        hadRoots = verifier != nil
        guard let verifier else { return }
        do {
            _ = try verifier.verifySignature(token)
            try Self.checkClaims(of: object, bundleID: expectedBundleID, environment: expectedEnvironment)
        } catch {
            failure = error
        }
    }

    /// Checks the bundle id and environment `payload` claims, where Apple's kinds of signed data keep
    /// them.
    private static func checkClaims(
        of payload: [String: Any], bundleID: String?, environment: String?
    ) throws(SignedDataVerificationError) {
        let data = payload["data"] as? [String: Any]
        if let bundleID {
            let found = payload["bundleId"] as? String ?? data?["bundleId"] as? String
            guard found == bundleID else {
                throw SignedDataVerificationError(
                    .wrongBundleID, detail: "bundle id \(found ?? "none"), expected \(bundleID)")
            }
        }
        if let environment {
            let found =
                payload["environment"] as? String ?? data?["environment"] as? String
                ?? payload["receiptType"] as? String
            guard found == environment else {
                throw SignedDataVerificationError(
                    .wrongEnvironment, detail: "environment \(found ?? "none"), expected \(environment)")
            }
        }
    }

    // MARK: - Output

    /// The report for people, in the console's language; names, subjects and the payload stay as
    /// signed.
    func text(console: Console, roots: [String]) -> String {
        func say(_ key: MessageKey, _ texts: String...) -> String {
            console.text(.keyed(key, arguments: texts.map { .text($0) }))
        }
        var lines = [
            say(.toolJWSHeader, jws.header.algorithm ?? "-", String(jws.header.certificateChain?.count ?? 0))
        ]
        for (index, certificate) in chain.enumerated() {
            var line = say(
                .toolJWSCertificate, String(index + 1), certificate.subject, certificate.issuer,
                Self.isoDate(certificate.notBefore), Self.isoDate(certificate.notAfter))
            if certificate.hasIntermediateMarker { line += ", " + say(.toolJWSIntermediateMarker) }
            if certificate.hasLeafMarker { line += ", " + say(.toolJWSLeafMarker) }
            lines.append(line)
        }
        lines.append(say(.toolJWSPayload))
        let pretty =
            (try? JSONSerialization.data(withJSONObject: payload, options: [.prettyPrinted, .sortedKeys]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        lines.append(contentsOf: pretty.split(separator: "\n").map { "  " + $0 })
        if !hadRoots {
            lines.append(say(.toolJWSNoRoot))
        } else if let failure {
            lines.append(say(.toolJWSNotVerified, console.text(failure.message), failure.description))
        } else {
            lines.append(say(.toolJWSVerified, roots.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n")
    }

    /// The report as a JSON object: `header` (`alg`, `x5c` count, `typ`, `kid`), `chain` (subject,
    /// issuer, serialNumber, notBefore, notAfter, intermediateMarker, leafMarker), `payload` (as
    /// signed), `verified`, and `failure` (`kind`, `detail`, `message`) or null.
    func json(console: Console) -> [String: Any] {
        var header: [String: Any] = ["x5c": jws.header.certificateChain?.count ?? 0]
        header["alg"] = jws.header.algorithm ?? NSNull()
        if let type = jws.header.type { header["typ"] = type }
        if let keyID = jws.header.keyID { header["kid"] = keyID }
        var report: [String: Any] = [
            "header": header,
            "chain": chain.map { certificate -> [String: Any] in
                [
                    "subject": certificate.subject, "issuer": certificate.issuer,
                    "serialNumber": certificate.serialNumber, "notBefore": Self.isoDate(certificate.notBefore),
                    "notAfter": Self.isoDate(certificate.notAfter),
                    "intermediateMarker": certificate.hasIntermediateMarker, "leafMarker": certificate.hasLeafMarker,
                ]
            },
            "payload": payload,
            "verified": verified,
        ]
        if !hadRoots {
            report["failure"] = [
                "kind": "noTrustedRoot", "detail": "no --root was given",
                "message": console.text(.keyed(.toolJWSNoRoot, arguments: [])),
            ]
        } else if let failure {
            report["failure"] = [
                "kind": failure.kind.description, "detail": failure.detail, "message": console.text(failure.message),
            ]
        } else {
            report["failure"] = NSNull()
        }
        return report
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` on the proleptic Gregorian calendar, as `receipt inspect` and property
    /// lists write dates (clamped to years 0000-9999, so any signed date prints).
    static func isoDate(_ date: Date) -> String {
        PropertyListWriter.text(forDate: date)
    }
}
