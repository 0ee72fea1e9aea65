import Foundation

/// The lessons that `swift test --filter` and `--skip` select.
///
/// Swift Testing matches these patterns against test names only, never against a parameterized test's
/// arguments, so the lesson test is enumerated here: a `--filter` pattern that matches a lesson's name
/// selects that lesson, and a pattern that matches none (such as the test's own name, which keeps the test
/// itself selected) selects nothing. `swift test --filter lesson --filter uikit/01` runs the `lesson` test
/// for the lessons whose name contains `uikit/01`; with no pattern matching a lesson, every lesson runs.
/// A lesson whose name matches a `--skip` pattern is left out.
struct LessonCaseSelection {
    var filters: [String] = []
    var skips: [String] = []

    /// Reads `--filter PATTERN`, `--filter=PATTERN`, `--skip PATTERN` and `--skip=PATTERN`.
    init(arguments: [String]) {
        filters = Self.values(of: "--filter", in: arguments)
        skips = Self.values(of: "--skip", in: arguments)
    }

    /// The values given to `option`, as the next argument or after `=`.
    static func values(of option: String, in arguments: [String]) -> [String] {
        var values: [String] = []
        for (index, argument) in arguments.enumerated() {
            if argument == option, index + 1 < arguments.count {
                values.append(arguments[index + 1])
            } else if argument.hasPrefix(option + "=") {
                values.append(String(argument.dropFirst(option.count + 1)))
            }
        }
        return values
    }

    /// The names selected, in their order.
    func selected(_ names: [String]) -> [String] {
        let naming = filters.filter { pattern in names.contains { Self.matches(pattern, $0) } }
        return names.filter { name in
            (naming.isEmpty || naming.contains { Self.matches($0, name) })
                && !skips.contains { Self.matches($0, name) }
        }
    }

    /// Whether a test known by any of `names` runs: a `--filter` pattern (if any) matches one of them, and no
    /// `--skip` pattern does.
    func includes(_ names: [String]) -> Bool {
        (filters.isEmpty || filters.contains { pattern in names.contains { Self.matches(pattern, $0) } })
            && !skips.contains { pattern in names.contains { Self.matches(pattern, $0) } }
    }

    /// Whether `name` contains a match of `pattern`, a regular expression as Swift Testing reads it (or,
    /// where it does not compile, plain text).
    static func matches(_ pattern: String, _ name: String) -> Bool {
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *), let regex = try? Regex(pattern) {
            return name.contains(regex)
        }
        return name.contains(pattern)
    }
}
