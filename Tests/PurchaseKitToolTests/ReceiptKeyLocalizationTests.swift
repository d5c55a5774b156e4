import Foundation
import Glibc
import TestSupport
import Testing

/// A simulated App Store receipt key that cannot be used is reported in the tool's language: what is
/// wrong with the file and how to fix it, from the message tables, with only libcrypto's own words left
/// in English, in parentheses after the sentence. Exit 74, and the file is left as it is.
struct ReceiptKeyLocalizationTests {
    /// Words of the English reasons the simulated store gives for logs; none may reach a person who
    /// reads another language.
    static let englishReasons = [
        "curve", "not text", "PEM key is", "symbolic link", "regular file", "larger than", "no PRIVATE KEY",
        "private key", "elliptic", "cannot be used", "never replaced",
    ]

    /// What is put at the key's name.
    enum KeyFile: String, CaseIterable, Sendable {
        case p384, ed25519, randomBytes, notPEM, damagedPEM, huge, symbolicLink, fifo, folder

        func make(at file: URL) throws {
            switch self {
            case .p384: try Data(ForeignKeys.p384.utf8).write(to: file)
            case .ed25519: try Data(ForeignKeys.ed25519.utf8).write(to: file)
            case .randomBytes: try Data([0xFF, 0xFE, 0x00, 0x81, 0xC3, 0x28, 0x9A, 0x42]).write(to: file)
            case .notPEM: try Data("hello\n".utf8).write(to: file)
            case .damagedPEM:
                try Data("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".utf8).write(to: file)
            case .huge: try Data(repeating: 0x41, count: 100_000).write(to: file)
            case .symbolicLink:
                try FileManager.default.createSymbolicLink(
                    atPath: file.path, withDestinationPath: file.deletingLastPathComponent().path + "/elsewhere.pem")
            case .fifo: try #require(mkfifo(file.path, 0o600) == 0)
            case .folder: try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
            }
        }
    }

    /// Runs `buy` on the simulated catalog with `kind` at the receipt key's name; returns the key
    /// file's path and the run.
    func buy(locale: String, with kind: KeyFile) throws -> (key: String, result: ToolRunner.Result, folder: URL) {
        let folder = try ToolRunner.temporaryFolder()
        let store = folder.appendingPathComponent("state/simulated-app-store")
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        let key = store.appendingPathComponent("receipt-key.pem")
        try kind.make(at: key)
        let catalog = ToolRunner.packageRoot.appendingPathComponent("Catalog/Simulated.plist").path
        let result = try ToolRunner.run(
            [
                "--locale", locale, "--catalog", catalog, "--state", folder.appendingPathComponent("state").path, "buy",
                "com.example.gems.100",
            ])
        return (key.path, result, folder)
    }

    @Test(arguments: [
        ("ja", KeyFile.p384, "楕円曲線 secp384r1 の鍵が入っていますが、レシートの署名には P-256（prime256v1）しか使えません。"),
        ("ru", .ed25519, "в нём ключ ED25519, а чеки подписываются только ключами ECDSA P-256."),
        ("zh-Hans", .randomBytes, "它不是文本，因此不是 PEM 密钥。"),
        ("ru", .notPEM, "в нём нет блока «-----BEGIN PRIVATE KEY-----», так что это не ключ в формате PEM."),
        ("ja", .damagedPEM, "PEM ブロックに読み取れる鍵がありません（破損しているか、途中で切れています）。"),
        ("zh-Hans", .huge, "它远大于一个密钥，因此不是密钥文件。"),
        ("ja", .symbolicLink, "シンボリックリンクであり、リンクをたどることはありません。"),
        ("ru", .fifo, "это не обычный файл (папка, FIFO, устройство или сокет), поэтому он не открыт."),
        ("zh-Hans", .folder, "它不是普通文件（而是文件夹、FIFO、设备或套接字），因此未打开它。"),
    ])
    func anUnusableKeyIsExplainedInTheLocale(locale: String, kind: KeyFile, sentence: String) throws {
        let (key, result, folder) = try buy(locale: locale, with: kind)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 74, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 3, "\(result.stderr)")
        let diagnostic = try #require(lines.dropFirst().first)
        #expect(diagnostic.hasPrefix("\(key): error: "), "\(diagnostic)")
        #expect(diagnostic.contains(sentence), "\(diagnostic)")
        // libcrypto's words may follow, in parentheses at the end; nothing else stays English.
        let translated = diagnostic.split(separator: " (error:").first.map(String.init) ?? diagnostic
        for english in Self.englishReasons {
            #expect(!translated.contains(english), "\(english) in \(diagnostic)")
        }
        // Nothing was made beside it or in its place (the simulated account's journal included).
        let store = URL(fileURLWithPath: key).deletingLastPathComponent().path
        #expect(try FileManager.default.contentsOfDirectory(atPath: store) == ["receipt-key.pem"])
    }

    @Test func libcryptosOwnWordsStayInParenthesesAfterTheSentence() throws {
        let (key, result, folder) = try buy(locale: "ja", with: .damagedPEM)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 74)
        #expect(
            result.stderr.hasPrefix(
                "purchasekit: 「\(key)」の読み込みまたは書き込みに失敗しました。\n\(key): error: シミュレートされた App Store の"
                    + "レシート鍵を使用できません：PEM ブロックに読み取れる鍵がありません"),
            "\(result.stderr)")
        #expect(
            result.stderr.hasSuffix("古い鍵で署名されたレシートは検証できなくなります）。 (error:1E08010C:DECODER routines::unsupported)\n"),
            "\(result.stderr)")
        #expect(try String(contentsOf: URL(fileURLWithPath: key), encoding: .utf8).contains("AAAA"))
    }

    @Test func englishSaysTheSameInEnglish() throws {
        let (key, result, folder) = try buy(locale: "en", with: .p384)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 74)
        #expect(
            result.stderr
                == "purchasekit: Couldn’t read or write \(key).\n\(key): error: the simulated App Store’s receipt key"
                + " cannot be used: it holds an elliptic-curve key on the curve secp384r1, and receipts are signed on"
                + " P-256 (prime256v1) only. It is never replaced: put the store’s own P-256 key back, or remove the"
                + " file to have a new key made (receipts signed with the old key then stop verifying).\n")
    }
}
