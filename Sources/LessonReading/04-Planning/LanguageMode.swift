/// The Swift language mode a lesson's code is compiled and parsed in (`swift-version` in its front matter).
package enum LanguageMode: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case swift5 = "5"
    case swift6 = "6"

    /// What `-swift-version` takes: `5`, `6`.
    package var version: String { rawValue }

    package var description: String { "Swift \(rawValue)" }

    /// Whether a program's top-level code is main-actor isolated (Swift 6): a merged program's function that
    /// holds a scenario's top-level code is then `@MainActor` too.
    package var isolatesTopLevelCode: Bool { self == .swift6 }
}
