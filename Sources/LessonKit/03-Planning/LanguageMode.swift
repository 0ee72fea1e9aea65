/// The Swift language mode a lesson's code is compiled and parsed in (`swift-version` in its front matter).
public enum LanguageMode: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case swift5 = "5"
    case swift6 = "6"

    /// What `-swift-version` takes: `5`, `6`.
    public var version: String { rawValue }

    public var description: String { "Swift \(rawValue)" }
}
