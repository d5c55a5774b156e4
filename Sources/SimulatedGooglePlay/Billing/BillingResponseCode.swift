public import PurchaseCore

/// Google Play Billing's response codes (`BillingClient.BillingResponseCode`), with Play's numbers as raw
/// values, so a code read from a log or a later wire format means what it means on a device.
public enum BillingResponseCode: Int, Sendable, Hashable, Codable, CaseIterable {
    /// The requested feature is not supported by the Play Store on the device (-2).
    case featureNotSupported = -2
    /// The app is not connected to the Play Store service (-1): call `startConnection` again.
    case serviceDisconnected = -1
    /// Success (0).
    case ok = 0
    /// The person pressed back or cancelled the dialog (1).
    case userCanceled = 1
    /// The service is unavailable for now (2); worth retrying.
    case serviceUnavailable = 2
    /// The billing API version is not supported for the type requested, or billing is unavailable to
    /// this person (3).
    case billingUnavailable = 3
    /// The requested product is not available for purchase (4).
    case itemUnavailable = 4
    /// Invalid arguments were given to the API (5).
    case developerError = 5
    /// A fatal error during the API action (6).
    case error = 6
    /// The purchase failed because the item is already owned (7).
    case itemAlreadyOwned = 7
    /// The action failed because the item is not owned (8).
    case itemNotOwned = 8
    /// A network error occurred during the operation (12); worth retrying.
    case networkError = 12

    /// Play's constant name (`ITEM_ALREADY_OWNED`), as logs and Play's documentation spell it.
    public var name: String {
        switch self {
        case .featureNotSupported: "FEATURE_NOT_SUPPORTED"
        case .serviceDisconnected: "SERVICE_DISCONNECTED"
        case .ok: "OK"
        case .userCanceled: "USER_CANCELED"
        case .serviceUnavailable: "SERVICE_UNAVAILABLE"
        case .billingUnavailable: "BILLING_UNAVAILABLE"
        case .itemUnavailable: "ITEM_UNAVAILABLE"
        case .developerError: "DEVELOPER_ERROR"
        case .error: "ERROR"
        case .itemAlreadyOwned: "ITEM_ALREADY_OWNED"
        case .itemNotOwned: "ITEM_NOT_OWNED"
        case .networkError: "NETWORK_ERROR"
        }
    }

    /// The key of the text that tells a person what the code means, in every shipped language.
    public var messageKey: MessageKey {
        switch self {
        case .featureNotSupported: .googlePlayFeatureNotSupported
        case .serviceDisconnected: .googlePlayServiceDisconnected
        case .ok: .googlePlayOK
        case .userCanceled: .googlePlayUserCanceled
        case .serviceUnavailable: .googlePlayServiceUnavailable
        case .billingUnavailable: .googlePlayBillingUnavailable
        case .itemUnavailable: .googlePlayItemUnavailable
        case .developerError: .googlePlayDeveloperError
        case .error: .googlePlayError
        case .itemAlreadyOwned: .googlePlayItemAlreadyOwned
        case .itemNotOwned: .googlePlayItemNotOwned
        case .networkError: .googlePlayNetworkError
        }
    }
}
