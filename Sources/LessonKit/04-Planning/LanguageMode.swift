/// The Swift language mode a lesson's code is compiled and parsed in (`swift-version` in its front matter).
package enum LanguageMode: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case swift5 = "5"
    case swift6 = "6"

    /// What `-swift-version` takes: `5`, `6`.
    package var version: String { rawValue }

    package var description: String { "Swift \(rawValue)" }
}
