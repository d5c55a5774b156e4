import PurchaseCore
public import PurchaseScenarios

extension ScenarioFile {
    /// Loads the scenario at `path`, its catalog validated against the plug-ins PurchaseKit ships
    /// (``PurchaseCore/ProviderRegistry/builtIn``), as `purchasekit simulate` does.
    ///
    /// - Throws: what `ScenarioFile.load(path:registry:)` throws.
    public static func load(path: String) throws(ScenarioFileError) -> Scenario {
        try load(path: path, registry: .builtIn)
    }
}
