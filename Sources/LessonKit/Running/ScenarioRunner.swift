import Foundation

/// Runs a built scenario the same way every time: in an empty directory, with a fixed small environment
/// (deterministic hashing, so Set and Dictionary order is stable; no backtracer report) and the check's
/// limits.
public struct ScenarioRunner: Sendable {
    public var limits: ProcessLimits

    public init(limits: ProcessLimits) { self.limits = limits }

    public static func environment(home: String) -> [String: String] {
        [
            "SWIFT_DETERMINISTIC_HASHING": "1",
            "SWIFT_BACKTRACE": "enable=no",
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "HOME": home,
            "TMPDIR": home,
        ]
    }

    /// Runs `executable`; `scenario` selects one scenario of a merged program.
    public func run(_ executable: String, scenario: Int? = nil) throws -> ProcessResult {
        try WorkDirectory.using(prefix: "lesson-run") { directory in
            var environment = Self.environment(home: directory.path)
            if let scenario { environment["LESSON_SCENARIO"] = String(scenario) }
            return try Subprocess.run(
                executable, arguments: [], environment: environment, workingDirectory: directory.path, limits: limits)
        }
    }
}
