extension Message {
    /// The message a person sees for `error`: one per ``PurchaseError/Code``, so a restriction says where
    /// to turn purchases on and a cancel says nothing was charged; an error's ``PurchaseError/reason``
    /// chooses a more precise one (several units of a non-consumable are refused as
    /// ``PurchaseError/Code/paymentInvalid``, but the payment details are not at fault).
    public init(error: PurchaseError) {
        if error.reason == .quantityRequiresConsumable {
            self = .quantityRequiresConsumable
        } else if error.reason == .askToBuyDeclined {
            self = .keyed(.purchaseDeclined, arguments: [])
        } else if error.reason == .downloadFailed {
            self = .keyed(.downloadFailed, arguments: [])
        } else if error.reason == .downloadCancelled {
            self = .keyed(.downloadCancelled, arguments: [])
        } else if error.reason == .offerUnavailable {
            self = .keyed(.offerUnavailable, arguments: [])
        } else if error.reason == .offerNotVerified {
            self = .keyed(.offerNotVerified, arguments: [])
        } else if error.reason == .offerCodeInvalid {
            self = .keyed(.offerCodeInvalid, arguments: [])
        } else if error.reason == .offerCodeRedeemed {
            self = .keyed(.offerCodeRedeemed, arguments: [])
        } else if error.reason == .storeOptionUnavailable {
            self = .keyed(.storeOptionUnavailable, arguments: [])
        } else {
            self = Self.message(for: error.code)
        }
    }

    /// The message for a purchase's outcome; `productName` is the product's localized display name, used
    /// when the purchase completed. A failure of unknown cause reads as "the purchase failed".
    public init(outcome: PurchaseOutcome, productName: String) {
        switch outcome {
        case .purchased: self = .purchaseComplete(productName: productName)
        case .pending: self = .purchasePending
        case .cancelled: self = .purchaseCancelled
        case .failed(let error):
            if error.code == .unknown {
                self = .purchaseFailed
            } else {
                self.init(error: error)
            }
        }
    }

    /// The message for a restore's outcome: the count restored (plural), nothing to restore, a partial
    /// restore, or why it failed (a restriction, an unreachable store, or a general failure).
    public init(outcome: RestoreOutcome) {
        switch outcome {
        case .restored(let ids):
            self = ids.isEmpty ? .nothingToRestore : .restoreSucceeded(count: ids.count)
        case .nothingToRestore:
            self = .nothingToRestore
        case .partial(let restored, _):
            self = .restorePartial(count: restored.count)
        case .failed(let error):
            switch error.code {
            case .nothingToRestore, .paymentNotAllowed, .storeUnavailable, .clientInvalid:
                self.init(error: error)
            default:
                self = .restoreFailed
            }
        }
    }

    private static func message(for code: PurchaseError.Code) -> Message {
        switch code {
        case .clientInvalid: .clientInvalid
        case .paymentCancelled: .purchaseCancelled
        case .paymentInvalid: .paymentInvalid
        case .paymentNotAllowed: .paymentsDisabled
        case .productUnavailable: .productUnavailable
        case .invalidProductIdentifiers: .invalidProductIdentifiers
        case .storeUnavailable: .storeUnavailable
        case .purchaseInProgress: .purchaseInProgress
        case .alreadyOwned: .alreadyOwned
        case .pendingApproval: .purchasePending
        case .ineligibleForOffer: .ineligibleForOffer
        case .nothingToRestore: .nothingToRestore
        case .insufficientBalance: .insufficientBalance
        case .spendIDConflict: .keyed(.spendIDConflict, arguments: [])
        case .verificationFailed: .verificationFailed
        case .receiptInvalid: .receiptInvalid
        case .verificationUnavailable: .verificationUnavailable
        case .ledgerIOFailed: .ledgerFailed
        case .catalogInvalid: .catalogInvalid
        case .providerMisconfigured: .providerMisconfigured
        case .unsupported: .unsupported
        default: .unknownError
        }
    }
}
