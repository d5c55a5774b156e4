import PurchaseCore

/// The keys of the guided tour's narration (`tool.tour.*`), which ``TourGuide`` names with their arguments.
extension MessageKey {
    /// Opens the tour; names the deployment.
    static let toolTourIntro = MessageKey("tool.tour.intro", arguments: [.text])
    /// The tour's purchases go to a temporary state folder removed at the end; names it.
    static let toolTourStateTemporary = MessageKey("tool.tour.state.temporary", arguments: [.text])
    /// The tour's purchases go to the state folder given with `--state`, which is kept; names it.
    static let toolTourStateKept = MessageKey("tool.tour.state.kept", arguments: [.text])
    /// Narration before the product list; names the storefront.
    static let toolTourProducts = MessageKey("tool.tour.products", arguments: [.text])
    /// Narration before buying a consumable; names the product.
    static let toolTourBuyConsumable = MessageKey("tool.tour.buyConsumable", arguments: [.text])
    /// Narration before buying a non-consumable; names the product.
    static let toolTourBuyNonConsumable = MessageKey("tool.tour.buyNonConsumable", arguments: [.text])
    /// Narration before buying the non-consumable again; names the product.
    static let toolTourBuyAgain = MessageKey("tool.tour.buyAgain", arguments: [.text])
    /// Narration before an Ask to Buy purchase; names the product.
    static let toolTourAskToBuy = MessageKey("tool.tour.askToBuy", arguments: [.text])
    /// Narration of the approval of the Ask to Buy purchase.
    static let toolTourApproved = MessageKey("tool.tour.approved")
    /// Narration before a purchase whose payment the store declines; names the product.
    static let toolTourDeclined = MessageKey("tool.tour.declined", arguments: [.text])
    /// Narration before buying a product through another store of a multi-store deployment; names the
    /// product and the store (its provider kind).
    static let toolTourBuyThroughStore = MessageKey("tool.tour.buyThroughStore", arguments: [.text, .text])
    /// Narration before restoring on a fresh install.
    static let toolTourRestore = MessageKey("tool.tour.restore")
    /// Label of what the person owns before the restore (on the fresh install).
    static let toolTourBeforeRestore = MessageKey("tool.tour.beforeRestore")
    /// Label of what the person owns after the restore.
    static let toolTourAfterRestore = MessageKey("tool.tour.afterRestore")
    /// The end of the tour when its temporary state folder was removed.
    static let toolTourDoneTemporary = MessageKey("tool.tour.done.temporary")
    /// The end of the tour when its state folder is kept; names the folder.
    static let toolTourDoneKept = MessageKey("tool.tour.done.kept", arguments: [.text])
    /// The tour's deployment sells through one store other than the file store (the tour takes the file
    /// store or several stores); names the catalog and its provider kind.
    static let toolTourNeedsFileStore = MessageKey("tool.tour.needsFileStore", arguments: [.text, .text])
    /// The tour's catalog lacks a consumable or a non-consumable; names the catalog.
    static let toolTourNeedsProducts = MessageKey("tool.tour.needsProducts", arguments: [.text])

    /// The keys above, in order.
    static let toolTourKeys: [MessageKey] = [
        .toolTourIntro, .toolTourStateTemporary, .toolTourStateKept, .toolTourProducts, .toolTourBuyConsumable,
        .toolTourBuyNonConsumable, .toolTourBuyAgain, .toolTourAskToBuy, .toolTourApproved, .toolTourDeclined,
        .toolTourBuyThroughStore, .toolTourRestore, .toolTourBeforeRestore, .toolTourAfterRestore,
        .toolTourDoneTemporary, .toolTourDoneKept,
        .toolTourNeedsFileStore, .toolTourNeedsProducts,
    ]
}
