/// The catalog format versions this module reads.
public enum CatalogVersion {
    /// The only version defined so far: `CatalogVersion` 1 of DESIGN.md.
    public static let current = 1
}
