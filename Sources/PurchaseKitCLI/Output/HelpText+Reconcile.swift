extension HelpText {
    /// The help screen of `reconcile`.
    static let reconcile = """
        USAGE: purchasekit reconcile (--transaction ID | --account UUID) [--json]

        Pulls a customer's transaction history from the store's App Store Server API, verifies
        every signed transaction against the roots the catalog names, and repairs the ledger
        exactly once: deliveries it lacks are recorded for their account (appAccountToken),
        refunded transactions revoked with their payouts, periods that ended early ended. A second
        run changes nothing. The catalog's Deployment > AppStoreServerAPI dict names the server
        (BaseURL or Environment), the key (KeyID, IssuerID, PrivateKeyFile: a .p8 file), the app
        (BundleID) and TrustedRoots; see Catalog/README.md.

          --transaction ID   any transaction of the customer
          --account UUID     the account whose transactions the ledger knows (one is asked for)

        With --json, prints {transactions, delivered, revoked, expired, unchanged} (counts) and
        deliveredTransactions, revokedTransactions, expiredTransactions (identifiers).

        Exit status: 0 reconciled, 1 the API refused the request (401, 404, 400) or the ledger
        knows no transaction of the account, 64 usage, 65 invalid settings, a signed transaction
        that does not verify (nothing is applied) or a product not in the catalog, 66 a missing key
        or root file, 74 an unreadable file or a ledger failure, 75 the API is unreachable, busy
        (429) or failing (5xx): try again later.

        Examples:
          purchasekit --catalog Catalog/Server.plist reconcile --transaction 2000000000000001
          purchasekit reconcile --account 0b2c6f0e-3f4a-4c1d-9a57-4d8e6a2f9b10 --json

        \(globalOptions)
        """
}
