import Foundation
import PurchaseCore

/// The built-in message tables of the module's resources, each language read the first time a lookup
/// asks for it and kept for the life of the process.
///
/// English is read before any other language, since it is the reference the others are checked against
/// (as ``MessageTable/loadBuiltIn()`` checks them all at once). A process that speaks one language reads
/// English and that language only. Safe to use from any thread: reading happens under a lock, once a
/// language.
final class BuiltInMessages: Sendable {
    /// The folder holding the `<language>.lproj` folders.
    let folder: String
    /// The languages the folder has, by canonical identifier, with their `.lproj` folder's name (SwiftPM
    /// lowercases the names it copies: `zh-hans.lproj` is `zh-Hans`, `pt-br.lproj` is `pt_BR`).
    private let folders: [String: String]
    private let loaded: Locked<[String: [String: MessageEntry]]>

    /// The tables of `folder`, none read yet.
    init(folder: String) {
        self.folder = folder
        var folders: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".lproj")
        {
            if let language = LocaleFallback.canonicalIdentifier(String(name.dropLast(6))) {
                folders[language] = name
            }
        }
        self.folders = folders
        loaded = Locked([:])
    }

    /// Tables already read (by ``MessageTable/loadBuiltIn()``), nothing left to read.
    init(folder: String, languages: [String: [String: MessageEntry]]) {
        self.folder = folder
        folders = [:]
        loaded = Locked(languages)
    }

    /// The languages there are tables for, by canonical identifier, sorted (`de`, `en`, `es`, `fr`...).
    var languages: [String] {
        Set(folders.keys).union(loaded.withLock { Array($0.keys) }).sorted()
    }

    /// The entries of exactly `language` by key, read now if this is the first time; `nil` when there is
    /// no table for it.
    func entries(_ language: String) -> [String: MessageEntry]? {
        loaded.withLock { loaded in
            if let entries = loaded[language] { return entries }
            guard let name = folders[language] else { return nil }
            let reference = MessageTableReader.referenceLanguage
            if loaded[reference] == nil, let english = folders[reference] {
                var reader = MessageTableReader()
                loaded[reference] = reader.readLanguage(at: folder + "/" + english)
            }
            guard language != reference else { return loaded[reference] }
            var reader = MessageTableReader(reference: loaded[reference] ?? [:])
            let entries = reader.readLanguage(at: folder + "/" + name)
            loaded[language] = entries
            return entries
        }
    }
}
