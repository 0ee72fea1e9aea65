import Foundation

/// Builds cache keys from the inputs the checker gives a result: the checker itself, the compiler (path, size
/// and modification time, so a warm check never starts it), the build flags and the result's own inputs. What
/// a program reads besides (its environment, the clock, other files) is not in them.
package struct CacheKeys: Sendable {
    /// The checker's version (`LessonKitVersion`), raised whenever what it stores or how it judges changes.
    package static let checkerVersion = "lesson-" + LessonKitVersion.current

    private let base: String

    package init(toolchain: Toolchain) {
        var parts = [Self.checkerVersion, Paths.identity(of: Self.executablePath)]
        parts.append(Paths.identity(of: toolchain.swiftc))
        if let frontend = toolchain.swiftFrontend { parts.append(Paths.identity(of: frontend)) }
        parts.append(SwiftCompiler.arguments(languageMode: .swift5).joined(separator: " "))
        base = parts.joined(separator: "\n")
    }

    /// The running program: the checker, or the test runner of a course repository that links it.
    static var executablePath: String { Paths.runningProgram }

    /// The key of a result computed from `parts` (the kind of result first).
    package func key(_ parts: [String]) -> String {
        var hasher = SHA256()
        hasher.update(base)
        for part in parts {
            // Length-prefixed, so that no two lists of parts hash the same input.
            hasher.update("\u{0}\(part.utf8.count)\u{0}")
            hasher.update(part)
        }
        return hasher.finalize()
    }
}
