public import Foundation

extension SigningIdentity {
    /// How ``SigningIdentity/make(environment:at:options:)`` shapes a chain; the defaults make
    /// Apple's shape. Tests change them to make chains a verifier must refuse.
    ///
    /// Guarantees: every option changes only what it names; a chain made with other options is
    /// still three parseable certificates and a leaf key that matches the leaf certificate.
    public struct Options: Sendable, Hashable {
        /// The marker extension of the intermediate (`nil`: none).
        public var intermediateMarker: String? = AppleCertificateMarkers.intermediate
        /// The marker extension of the leaf (`nil`: none).
        public var leafMarker: String? = AppleCertificateMarkers.leaf
        /// The root's validity (`nil`: the default window).
        public var rootValidity: DateInterval?
        /// The intermediate's validity (`nil`: the default window).
        public var intermediateValidity: DateInterval?
        /// The leaf's validity (`nil`: the default window).
        public var leafValidity: DateInterval?
        /// Whether the leaf is signed by a key that is not the intermediate's (its issuer name and
        /// authority key identifier still name the intermediate).
        public var leafSignedByUnrelatedKey = false
        /// Whether the intermediate is signed by a key that is not the root's.
        public var intermediateSignedByUnrelatedKey = false
        /// The organization (`O`) of every subject.
        public var organization = "PurchaseKit"

        /// The default options: Apple's shape.
        public init() {}

        /// Options with both markers where Apple puts them exchanged.
        public static var swappedMarkers: Options {
            var options = Options()
            options.intermediateMarker = AppleCertificateMarkers.leaf
            options.leafMarker = AppleCertificateMarkers.intermediate
            return options
        }
    }
}
