import LessonKit

/// A `--format` of one command: each format a case with its name and a few words on what it writes, so that
/// the option's help and the reading of its value come from one list (check, merge, coverage, grade).
protocol FormatChoice: RawRepresentable<String>, CaseIterable, Sendable {
    /// What the format writes, for the help (nil where its name says it all).
    var summary: String? { get }
}

extension FormatChoice {
    /// The formats as the help lists them: `text (default), json, github (workflow commands) or html (…)`;
    /// the first case is the default.
    static var helpList: String {
        let entries = allCases.enumerated().map { index, format in
            let words = (index == 0 ? ["default"] : []) + [format.summary].compactMap { $0 }
            return format.rawValue + (words.isEmpty ? "" : " (" + words.joined(separator: "; ") + ")")
        }
        return entries.count == 1 ? entries[0] : entries.dropLast().joined(separator: ", ") + " or " + entries.last!
    }

    /// The format `value` names; a usage error names the formats and the one it probably meant.
    @Sendable static func read(_ name: String, _ value: String) throws -> Self {
        if let format = Self(rawValue: value) { return format }
        let names = allCases.map(\.rawValue)
        throw LessonError(
            .usage,
            "\(name) takes \(names.dropLast().joined(separator: ", ")) or \(names.last!), not '\(value)'"
                + Suggestion.hint(for: value, among: names))
    }
}

extension GradeFormat: FormatChoice {
    var summary: String? {
        switch self {
        case .text, .gradescope: nil
        case .exercism: "results.json v3"
        case .junit: "JUnit XML, as CodeGrade reads it"
        case .prairielearn: "an external grader's results.json"
        case .classroom50: "classroom50/result/v1"
        }
    }
}

/// `lesson coverage --format`.
enum CoverageFormat: String, FormatChoice {
    case text, html

    var summary: String? {
        self == .html ? "one self-contained page, with the engines' sources and their unreached lines marked" : nil
    }
}
