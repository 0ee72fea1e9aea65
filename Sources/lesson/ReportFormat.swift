import Foundation
import LessonKit

/// `--format`: the text report for people, or a machine format for CI.
enum ReportFormat: String, CaseIterable {
    case text, json, junit, github, html

    @Sendable static func read(_ name: String, _ value: String) throws -> ReportFormat {
        guard let format = ReportFormat(rawValue: value) else {
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            throw LessonError(
                .usage,
                "\(name) takes \(names), not '\(value)'"
                    + Suggestion.hint(for: value, among: allCases.map(\.rawValue)))
        }
        return format
    }

    func render(_ report: CheckReport, junitFileAttributes: Bool = false) -> String {
        switch self {
        case .text: TextReporter(useColor: false).render(report)
        case .json: JSONReporter.render(report)
        case .junit: JUnitReporter.render(report, fileAttributes: junitFileAttributes)
        case .github: GitHubReporter.render(report)
        case .html: HTMLReporter.render(check: report, coverage: nil, title: "Lesson check")
        }
    }
}

func writeOut(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}
