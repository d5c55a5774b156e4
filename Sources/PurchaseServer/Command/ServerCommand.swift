import Dispatch
import Foundation
import HTTPServer
import PurchaseCatalog
public import PurchaseCore
public import PurchaseKit

/// `purchasekit-server [--catalog FILE] [--state DIR] [--listen HOST:PORT]`: opens the catalog's
/// deployment (default `Catalog/Default.plist`, state folder `.purchasekit/`), serves it on
/// `HOST:PORT` (default `127.0.0.1:8080`) until SIGTERM or SIGINT, then answers the requests in
/// flight, closes the deployment (flushing the ledger) and exits 0.
///
/// Exit status (DESIGN.md's): 0 after SIGTERM or SIGINT, and for `--help`; 64 usage (the message in
/// the catalog's language, with the usage line); 65 an invalid catalog or unusable settings (its
/// `Server` dict, a root file); 66 a missing catalog file; 74 a state folder or ledger that cannot be
/// opened, or an address that cannot be listened on; 70 anything else.
public enum PurchaseServerCommand {
    /// What the command line asks for.
    struct Options {
        var catalog = "Catalog/Default.plist"
        var state = ".purchasekit"
        var host = "127.0.0.1"
        var port = 8080
    }

    /// Runs the server with `arguments` (without the program's name); returns the exit status.
    public static func main(arguments: [String], registry: ProviderRegistry = .builtIn) async -> Int32 {
        let options: Options
        switch parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let usage):
            let locale = catalogLocale(catalogPath(in: arguments))
            let table = MessageTable.builtIn
            let help = usage.message == .keyed(.serverUsage, arguments: [])
            if !help { say(table.render(usage.message, locale: locale)) }
            say(table.render(.keyed(.serverUsage, arguments: []), locale: locale), prefixed: false)
            return help ? 0 : 64
        }
        let read = CatalogLoader(registry: registry).load(contentsOfFile: options.catalog)
        if read.catalog == nil {
            // Every problem in the compiler's format, in the catalog's language when it has one.
            let locale = catalogLocale(options.catalog)
            for diagnostic in read.diagnostics { say(diagnostic.description(locale: locale), prefixed: false) }
            return FileManager.default.fileExists(atPath: options.catalog) ? 65 : 66
        }
        let deployment: PurchaseDeployment
        do {
            deployment = try PurchaseDeployment.open(
                catalogPath: options.catalog, read: read, stateDirectory: URL(fileURLWithPath: options.state),
                locale: nil, registry: registry, clock: SystemClock(), ledgerOptions: JournalOptions(),
                wrapLedger: nil)
        } catch {
            let table = MessageTable.builtIn
            say(table.render(Message(error: error), locale: catalogLocale(options.catalog)) + " (\(error))")
            switch error.code {
            case .catalogInvalid, .providerMisconfigured: return 65
            case .ledgerIOFailed: return 74
            default: return 70
            }
        }
        let server: PurchaseServer
        do {
            server = try PurchaseServer(
                deployment: deployment,
                configuration: PurchaseServer.Configuration(
                    host: options.host, port: options.port,
                    catalogDirectory: URL(fileURLWithPath: options.catalog).deletingLastPathComponent()))
        } catch {
            say(deployment.render(Message(error: error)) + " (\(error))")
            await deployment.close()
            return 65
        }
        if !server.hasAPIKey {
            say(deployment.render(.keyed(.serverNoAPIKey, arguments: [.text(server.apiKeyVariable)])))
        }
        let stop = StopSignal()
        do {
            try server.start()
        } catch {
            say(
                deployment.render(
                    .keyed(.serverCannotListen, arguments: [.text(error.address), .text(error.reason)])))
            await deployment.close()
            return 74
        }
        let shown = options.host.contains(":") ? "[\(options.host)]:\(server.port)" : "\(options.host):\(server.port)"
        say(deployment.render(.keyed(.serverListening, arguments: [.text(shown)])))
        await stop.wait()
        await server.shutdown()
        await deployment.close()
        return 0
    }

    /// Why the command line was refused (or `--help`).
    struct Usage: Error {
        var message: Message
    }

    static func parse(_ arguments: [String]) -> Result<Options, Usage> {
        var options = Options()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--help" || argument == "-h" {
                return .failure(Usage(message: .keyed(.serverUsage, arguments: [])))
            }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard ["--catalog", "--state", "--listen"].contains(name) else {
                return .failure(Usage(message: .keyed(.serverUnknownOption, arguments: [.text(argument)])))
            }
            if value == nil {
                index += 1
                guard index < arguments.count else {
                    return .failure(Usage(message: .keyed(.serverMissingValue, arguments: [.text(name)])))
                }
                value = arguments[index]
            }
            guard let value, !value.isEmpty else {
                return .failure(Usage(message: .keyed(.serverMissingValue, arguments: [.text(name)])))
            }
            switch name {
            case "--catalog": options.catalog = value
            case "--state": options.state = value
            default:
                guard let (host, port) = listenAddress(value) else {
                    return .failure(Usage(message: .keyed(.serverInvalidListen, arguments: [.text(value)])))
                }
                options.host = host
                options.port = port
            }
            index += 1
        }
        return .success(options)
    }

    /// `HOST:PORT` or `[IPv6]:PORT` split, the port 0 to 65535.
    static func listenAddress(_ text: String) -> (String, Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (0...65535).contains(port)
        else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { return nil }
        return (host, port)
    }

    private static func catalogPath(in arguments: [String]) -> String {
        for (index, argument) in arguments.enumerated() {
            if argument.hasPrefix("--catalog=") { return String(argument.dropFirst("--catalog=".count)) }
            if argument == "--catalog", index + 1 < arguments.count { return arguments[index + 1] }
        }
        return Options().catalog
    }

    /// The locale of the catalog at `path`, or English when it cannot be read.
    private static func catalogLocale(_ path: String) -> String {
        CatalogLoader().load(contentsOfFile: path).catalog?.deployment.locale ?? MessageTable.fallbackLanguage
    }

    private static func say(_ text: String, prefixed: Bool = true) {
        FileHandle.standardError.write(Data(((prefixed ? "purchasekit-server: " : "") + text + "\n").utf8))
    }
}

/// Waits for SIGTERM or SIGINT: both are ignored as signals and watched by dispatch sources, so the
/// process ends only through the orderly shutdown.
final class StopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var received = false
    private var waiter: CheckedContinuation<Void, Never>?
    private var sources: [any DispatchSourceSignal] = []

    init() {
        for number in [SIGTERM, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in fire() }
            source.resume()
            sources.append(source)
        }
    }

    private func fire() {
        lock.lock()
        received = true
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume()
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if received {
                lock.unlock()
                continuation.resume()
                return
            }
            waiter = continuation
            lock.unlock()
        }
    }
}
