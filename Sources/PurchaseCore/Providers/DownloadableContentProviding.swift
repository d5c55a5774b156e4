/// A store whose products can carry hosted content that the app downloads after the purchase and
/// before it finishes the transaction (StoreKit 1's `SKPaymentTransaction.downloads`).
///
/// The `Store` runs a transaction's downloads after it verified it and recorded its delivery, and
/// finishes the transaction only once every download has finished; a download that failed or was
/// cancelled leaves the transaction unfinished, to be handed back at the next launch and tried again.
///
/// ## Implementation requirements
/// - ``runDownloads(of:)`` starts every download of the transaction that is not finished (one that
///   failed or was cancelled starts over), and reports each change of each download, in the order
///   they happen, as one ``ContentDownload`` value. The stream ends once every download of the
///   transaction is finished, failed or cancelled; for a transaction without hosted content it ends at
///   once, with nothing. When the consumer stops listening (its task is cancelled), the store may stop
///   moving the downloads; they are started again at the next call.
/// - ``StoreProvider/finish(_:)`` of a transaction whose downloads are still active or paused is a
///   programming error: the store refuses it (throws), as StoreKit makes a finished transaction's
///   downloads unusable.
public protocol DownloadableContentProviding: StoreProvider {
    /// Starts the downloads of `transaction`'s hosted content and reports their progress until each
    /// has finished, failed or been cancelled.
    ///
    /// - Parameter transaction: a purchased or restored transaction of this store, not finished.
    /// - Returns: every change of every download of the transaction, in order; it ends when none can
    ///   change any more.
    func runDownloads(of transaction: StoreTransaction) async -> AsyncStream<ContentDownload>
}
