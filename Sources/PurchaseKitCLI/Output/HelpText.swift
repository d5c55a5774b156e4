import Foundation

/// The reference part of the help screens, one per command, in English: usage lines, options, formats
/// and exit statuses. ``ToolMessage`` puts each screen's localized one-line summary under its usage lines
/// (see ``screen(_:summary:)``).
enum HelpText {
    /// `reference` with `summary` as its own paragraph after the first paragraph (the usage lines).
    static func screen(_ reference: String, summary: String) -> String {
        guard let end = reference.range(of: "\n\n") else { return reference + "\n\n" + summary }
        return String(reference[..<end.lowerBound]) + "\n\n" + summary + "\n\n"
            + String(reference[end.upperBound...])
    }

    static let globalOptions = """
        Global options (before or after the command):
          --catalog FILE     the deployment catalog, .plist or Xcode .storekit (default: Catalog/Default.plist)
          --state DIR        the state folder (default: .purchasekit)
          --locale LOCALE    the language of messages (default: the catalog's locale)
          --json             print machine-readable JSON instead of text for people
          -h, --help         show help for the tool or a command
          --version          print the tool's version
        """

    static let exitStatus = """
        Exit status: 0 success, 1 refused or cancelled, 64 usage error, 65 invalid input data,
        66 missing input file, 70 internal error, 74 I/O error (after buy recorded a purchase, the
        message gives its transaction ID: do not buy again), 75 temporary failure.
        """

    static let tool = """
        USAGE: purchasekit [--catalog FILE] [--state DIR] [--locale LOCALE] [--json] COMMAND ...

        Commands:
          plist FILE                         print any XML property list (tagged JSON with --json)
          catalog validate [FILE...]         check catalogs and print every problem
          catalog synthesize --products N    write a valid catalog of N products to standard output
          products                           the catalog's products with localized names and prices
          buy PRODUCT [--quantity N] [--account UUID]
                                             buy a product through the whole flow and print the outcome
          restore                            restore what you own and print the outcome
          entitlements                       what you own now: entitlements, balances, subscriptions
          history                            every transaction the state folder knows
          messages                           print the message table of the locale, for translators
          receipt inspect FILE               decode a verifyReceipt response body and classify its status
          jws inspect FILE                   decode App Store signed data and verify it against --root
          notification inspect FILE          decode and verify an App Store Server Notification V2 body
          simulate SCENARIO                  run a simulated App Store scenario; print its events as JSON lines
          reconcile --transaction ID         repair the ledger from the App Store Server API's history
          tour                               a guided walk through the deployment, step by step
          ledger copy --to URL               copy the state folder's ledger into another (postgresql://...)

        Examples:
          purchasekit tour                          a guided walk through the default deployment
          purchasekit products --locale ja_JP       the products with Japanese names and prices
          purchasekit --state /tmp/demo buy com.example.gems.100
          purchasekit catalog validate Catalog/*.plist

        \(globalOptions)

        Run 'purchasekit COMMAND --help' or 'purchasekit help COMMAND' for a command's details.

        \(exitStatus)
        """

    static let plist = """
        USAGE: purchasekit plist FILE [--json]

        Reads an XML property list (FILE, or - for standard input) and prints it: indented for
        people, or with --json as one tagged JSON document, where values JSON cannot hold are
        objects: {"$int": "..."} beyond 2^53, {"$real": "2.0"|"inf"|"-inf"|"nan"}, {"$data": base64},
        {"$date": "YYYY-MM-DDTHH:MM:SSZ"}, {"$uid": n}.

        An invalid file is reported as path:line:column: error: message (exit 65); a missing file
        exits 66.

        Examples:
          purchasekit plist Catalog/Default.plist
          purchasekit plist Catalog/Default.plist --json
          cat Info.plist | purchasekit plist -

        \(globalOptions)
        """

    static let catalog = """
        USAGE: purchasekit catalog validate [FILE...]
               purchasekit catalog synthesize --products N

        Subcommands:
          validate      check catalogs and print every problem
          synthesize    write a valid catalog of N products to standard output

        Examples:
          purchasekit catalog validate Catalog/Default.plist Catalog/Simulated.plist
          purchasekit catalog synthesize --products 1000 > /tmp/catalog.plist

        \(globalOptions)
        """

    static let catalogValidate = """
        USAGE: purchasekit catalog validate [FILE...]

        Checks each catalog (default: the --catalog file; - reads standard input) and prints every
        problem to standard error as path:line:column: error|warning: message, with a note saying
        how to fix it, then a summary and the products of each valid catalog on standard output;
        with several files, a last line counts the files checked (a file that could not be read is
        counted apart), the errors and the warnings. With --json, prints one JSON array with an
        object per file instead.

        Exits 65 when any catalog has an error, 66 when a file is missing (all files are checked
        either way), 0 otherwise: warnings alone do not fail.

        Examples:
          purchasekit catalog validate                       checks Catalog/Default.plist
          purchasekit catalog validate Catalog/*.plist --locale ja
          purchasekit catalog validate Shop.storekit --json

        \(globalOptions)
        """

    static let catalogSynthesize = """
        USAGE: purchasekit catalog synthesize --products N

        Writes a valid catalog of N products (0 to 1000000) to standard output, for load tests:
        all four product types, prices in six storefronts, localizations in en, ja, zh-Hans and ru,
        payouts, entitlements and subscriptions. The same N always gives the same bytes.

        The output is always an XML property-list catalog, with --json too: a catalog has no JSON
        form. For tagged JSON, pipe it to 'purchasekit plist - --json'.

          --products N    how many products to write

        Examples:
          purchasekit catalog synthesize --products 50 > /tmp/catalog.plist
          purchasekit catalog synthesize --products 100000 | gzip > /tmp/big.plist.gz

        \(globalOptions)
        """

    static let messages = """
        USAGE: purchasekit messages [--locale LOCALE] [--json]

        The locale is --locale, else the Locale of the --catalog deployment, else en; it falls back
        like every message (ja_JP -> ja -> en, zh_CN -> zh-Hans, unknown -> en). Texts the catalog's
        MessageTables folder overrides are shown as the deployment sees them; problems in those files
        are printed as path:line:column: error|warning: message (exit 65 when any is an error).

        Without --json, prints a heading, then one line per key: key: text, with the placeholders
        (%@, %1$@, %ld) as translators write them. A plural text prints one line per plural category
        the language uses: restore.succeeded [one]: ..., restore.succeeded [other]: ...

        With --json, prints one JSON object from message key to text, every value a string: a plural
        key maps to its "other" text, and each of its categories also appears as KEY#CATEGORY
        (restore.succeeded#one, restore.succeeded#few, ...).

        Examples:
          purchasekit messages --locale ru
          purchasekit messages --locale zh-Hans --json
          purchasekit --catalog MyApp/Shop.plist messages     with the catalog's overrides

        \(globalOptions)
        """

    static let simulate = """
        USAGE: purchasekit simulate SCENARIO [--state DIR]

        Runs a simulated App Store scenario (a plist naming a catalog, session settings and steps;
        see Catalog/Scenarios/README.md) and prints every observer callback, store event and
        expectation as a JSON line. The account lives in a temporary folder unless --state is given.

        Exit status: 0 every expectation held, 1 one failed (listed on standard error), 65 malformed
        scenario or catalog (path:line:column: error: message), 66 missing scenario or catalog, 74
        scenario or catalog unreadable (a folder, no permission) or output that cannot be written.

        Examples:
          purchasekit simulate Catalog/Scenarios/ask-to-buy-approved.plist
          purchasekit simulate Catalog/Scenarios/interrupted-purchase.plist --state /tmp/account
        """

    static let ledgerCopy = """
        USAGE: purchasekit ledger copy --to URL [--json]

        Copies the state folder's ledger (the catalog's deployment's, read without changing it) into
        the ledger URL names, exactly once: deliveries with their transaction IDs and accounts,
        revocations with what their refunds took back, earlier ends, finish marks, spent units, the
        store notifications applied and the spend identifiers (so a spend retried with its identifier
        after the move takes nothing again). What the target holds already is skipped, so copying again
        changes nothing; the copy is all or nothing.

        URL: postgresql://[user@]host[:port]/database[?param=value...] opens the postgres ledger (its
        tables are created or migrated first). Never put a password in it: libpq reads one from
        PGPASSWORD or ~/.pgpass.

        Prints the counts of what was new to the target (with --json: {"to": kind, "copied": {...}},
        spend identifiers as "spendIDs").

        Examples:
          purchasekit --state .purchasekit ledger copy --to postgresql://ledger@db.example.com/purchases
          purchasekit ledger copy --to 'postgresql:///purchases?host=/var/run/postgresql'

        Exit status: 0 copied, 1 the target cannot take a copy, 64 a URL the tool cannot open,
        65 invalid catalog, 74 a ledger that cannot be read or written.

        \(globalOptions)
        """

    static let receiptInspect = """
        USAGE: purchasekit receipt inspect FILE [--json]

        Decodes a verifyReceipt response body (FILE, or - for standard input) and prints its status,
        what it means, whether retrying may help (21002, 21005, 21009, 21100-21199 with is-retryable), the
        environment to resend to (sandbox for 21007, production for 21008), the receipt, in_app,
        latest_receipt_info and pending_renewal_info. With --json, prints one object with status,
        meaning, environment, retryable, retryIn, receipt, inApp, latestReceiptInfo and
        pendingRenewalInfo.

        Any well-formed body exits 0 whatever its status. A file that is not a verifyReceipt
        response body (not a JSON object, no integer status, a single transaction or a server
        notification) is reported as path: error: message and exits 65; a missing file exits 66.

        Examples:
          purchasekit receipt inspect response.json
          curl -s -d @request.json https://sandbox.itunes.apple.com/verifyReceipt | purchasekit receipt inspect -
          purchasekit receipt inspect response.json --json

        \(globalOptions)
        """

    static let jwsInspect = """
        USAGE: purchasekit jws inspect FILE [--root FILE]... [--bundle-id ID] [--environment ENV] [--json]

        Decodes a compact JWS of App Store signed data (FILE, or - for standard input): a StoreKit 2
        signed transaction, renewal info or app transaction, or a notification's signedPayload. Prints
        its header, the subject, issuer and validity of each certificate in x5c (and Apple's marker
        extensions), the payload, and whether it verified: ES256, exactly three certificates chaining
        to a --root certificate (PEM or DER; repeat for several; the token's own root is never
        trusted), the marker extensions, validity at the payload's signedDate, the signature. With
        --bundle-id and --environment (Production, Sandbox, Xcode, LocalTesting) the payload's claims
        are checked too; without them only the chain and the signature are.

        Exits 0 when verified, 1 when decoded but not verified (the reason is printed; no --root is
        such a case), 65 when FILE is not a compact JWS with a JSON object payload or a --root file
        holds no certificate, 66 when a file is missing. With --json, prints one object with header,
        chain, payload, verified and failure (kind, detail, message).

        Examples:
          purchasekit jws inspect transaction.jws --root root.pem
          purchasekit jws inspect - --root AppleRootCA-G3.cer --bundle-id com.example.app --environment Production

        \(globalOptions)
        """

    static let notificationInspect = """
        USAGE: purchasekit notification inspect FILE [--root FILE]... [--bundle-id ID] [--environment ENV] [--json]

        Decodes an App Store Server Notification V2 body ({"signedPayload": "<JWS>"}; FILE, or - for
        standard input): its type, subtype, UUID and signing date, then the notification, its
        data.signedTransactionInfo and data.signedRenewalInfo each as jws inspect shows them, each
        verified against the --root certificates.

        Exits 0 when every signed part verified, 1 when one did not, 65 when the body or a signed part
        is malformed, 66 when a file is missing. With --json, prints the notification's object (as jws
        inspect) with transaction and renewalInfo objects added.

        Examples:
          purchasekit notification inspect body.json --root root.pem --json

        \(globalOptions)
        """

    static let tour = """
        USAGE: purchasekit tour [--locale LOCALE] [--state DIR] [--catalog FILE] [--json]

        Walks through the deployment of the --catalog file (default Catalog/Default.plist), which
        must sell through the file store, with the real purchase flow: lists the products with
        prices in the storefront of the locale's currency (when the catalog declares one), buys a
        consumable and shows the balance, buys a non-consumable, tries to buy it again (already
        owned), buys on a second view of the same store with RequiresApproval (Ask to Buy: pending,
        then approved with the file store's approve), has the store decline a payment (the file
        store's decline, reported as an invalid payment), and restores on a fresh install (a new
        ledger on the same store). Each step prints its narration and the message a person sees.

        The purchases go to a temporary state folder that is removed at the end, unless --state is
        given; the fresh install always uses a temporary folder. With --json, prints one JSON line
        per step: {step, outcome, narration, message, ...} with the steps products,
        buyConsumable, buyNonConsumable, buyAgain, askToBuy, approved, declined and restore.

        Examples:
          purchasekit tour
          purchasekit tour --locale ja_JP
          purchasekit tour --state /tmp/tour && purchasekit --state /tmp/tour history
          purchasekit tour --json

        \(globalOptions)
        """
}
