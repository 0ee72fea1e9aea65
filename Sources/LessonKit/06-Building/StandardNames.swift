import Foundation

/// The names the standard library declares at its top level (`abs`, `print`, `String`, `zip`, …), read from
/// the toolchain's own interface of the `Swift` module: what a scenario's top-level function would overload
/// at the top level of `main.swift`, where a local function of the same name hides them (a scenario's
/// `func abs(_ x: Double)` makes `abs(-3)` print `3` at the top level and `3.0` in a function).
enum StandardNames {
    /// The names, or nil when the toolchain's interface cannot be found or read (every top-level function
    /// is then taken to overload one).
    static let current: Set<String>? = interfacePath().flatMap(names(inInterfaceAt:))

    /// `Swift.swiftmodule/<target>.swiftinterface` under the runtime libraries of the `swiftc` on `PATH`.
    private static func interfacePath() -> String? {
        guard let folder = (try? Toolchain.locate())?.runtimeLibraries else { return nil }
        let module = folder + "/Swift.swiftmodule"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: module)) ?? []
        return entries.filter { $0.hasSuffix(".swiftinterface") && !$0.hasSuffix(".private.swiftinterface") }
            .sorted().first.map { module + "/" + $0 }
    }

    /// The name each top-level declaration of an interface file declares. An interface writes one
    /// declaration a line, top-level ones at the line's start and members indented, after their attributes
    /// and modifiers (`@inlinable public func abs<T>(…)`).
    static func names(inInterfaceAt path: String) -> Set<String>? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var names: Set<String> = []
        for line in text.split(separator: "\n") where line.first.map({ $0 != " " && $0 != "\t" }) ?? false {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == "<" || $0 == ":" })
            guard let position = words.firstIndex(where: { SwiftTokens.declaringWords.contains(String($0)) }),
                position + 1 < words.count
            else {
                continue
            }
            names.insert(String(words[position + 1]).trimmingCharacters(in: CharacterSet(charactersIn: "`")))
        }
        return names.isEmpty ? nil : names
    }
}
