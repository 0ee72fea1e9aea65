import Foundation
import LessonKit

/// `--format` of check and merge: the text report for people, or a machine format for CI.
enum ReportFormat: String, FormatChoice {
    case text, json, junit, github, html

    var summary: String? {
        switch self {
        case .text, .json: nil
        case .junit: "JUnit XML"
        case .github: "workflow commands"
        case .html: "one self-contained page"
        }
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
