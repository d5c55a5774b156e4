import AppStoreSignedData
import Foundation

/// The signing identity the signed-data fuzz targets trust, kept in `identity.pem` in the working
/// folder (made on the first run) so that the seeds a target signs stay valid between runs.
enum FuzzIdentity {
    static let stored: SigningIdentity = {
        let path = "identity.pem"
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            do {
                return try SigningIdentity(pemText: text)
            } catch {
                fatalError("identity.pem is damaged: \(error); remove it to make a new one")
            }
        }
        let made = try! SigningIdentity.make(environment: "Sandbox")
        try! made.pemText.write(toFile: path, atomically: true, encoding: .utf8)
        return made
    }()
}
