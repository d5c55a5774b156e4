public import Foundation

/// The folder that stands in for the web shop's server: the app writes checkout requests in
/// `checkouts/`, the shop writes paid orders in `orders/`, one JSON file each, named
/// `<identifier>.json`.
///
/// Guarantees: files are written atomically and durably (``write(_:named:in:)``), so a listing
/// never sees part of one; listings skip hidden files and names that are not an identifier
/// (``WebShopOrder/isValidIdentifier(_:)``) followed by `.json`.
public struct WebShopFolder: Sendable, Hashable {
    /// The shop's folder.
    public let url: URL

    /// The shop's folder at `url`.
    public init(url: URL) {
        self.url = url
    }

    /// Where the app's checkout requests go.
    public var checkouts: URL { url.appendingPathComponent("checkouts", isDirectory: true) }

    /// Where the shop's paid orders go.
    public var orders: URL { url.appendingPathComponent("orders", isDirectory: true) }

    /// Creates `checkouts/` and `orders/` when missing.
    ///
    /// - Throws: the file system's error.
    public func create() throws {
        for folder in [checkouts, orders] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
    }

    /// Writes `data` as `<name>.json` in `folder`, atomically and durably.
    ///
    /// - Throws: `POSIXError` when it cannot be written.
    public func write(_ data: Data, named name: String, in folder: URL) throws {
        precondition(WebShopOrder.isValidIdentifier(name), "'\(name)' cannot name a file of the shop")
        try DurableFile.write(data, to: folder.appendingPathComponent("\(name).json"))
    }

    /// Every `<identifier>.json` file of `folder` with its bytes, sorted by name; empty when the
    /// folder does not exist. A file removed while it is listed is left out.
    ///
    /// - Throws: the file system's error when the folder cannot be listed.
    public func files(in folder: URL) throws -> [(name: String, data: Data)] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        var files: [(name: String, data: Data)] = []
        for entry in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            guard entry.hasSuffix(".json") else { continue }
            let name = String(entry.dropLast(".json".count))
            guard WebShopOrder.isValidIdentifier(name),
                let data = FileManager.default.contents(atPath: folder.appendingPathComponent(entry).path)
            else { continue }
            files.append((name, data))
        }
        return files
    }

    /// The orders in `orders/` that read as orders and whose file is named for their identifier,
    /// oldest payment first (then by identifier), each with its file's bytes.
    ///
    /// - Throws: the file system's error when the folder cannot be listed.
    public func readOrders() throws -> [(order: WebShopOrder, data: Data)] {
        var orders: [(order: WebShopOrder, paid: Date, data: Data)] = []
        for file in try files(in: self.orders) {
            guard let order = try? WebShopOrder(json: file.data), order.orderID == file.name,
                let paid = order.paidDate
            else { continue }
            orders.append((order, paid, file.data))
        }
        orders.sort { ($0.paid, $0.order.orderID) < ($1.paid, $1.order.orderID) }
        return orders.map { ($0.order, $0.data) }
    }

    /// The checkout requests waiting in `checkouts/`, oldest first (then by identifier).
    ///
    /// - Throws: the file system's error when the folder cannot be listed.
    public func readCheckouts() throws -> [CheckoutRequest] {
        let requests = try files(in: checkouts).compactMap { file in
            (try? CheckoutRequest(json: file.data)).flatMap { $0.checkoutID == file.name ? $0 : nil }
        }
        return requests.sorted { ($0.requestedAt, $0.checkoutID) < ($1.requestedAt, $1.checkoutID) }
    }
}
