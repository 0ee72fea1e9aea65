import Foundation
import LessonKit

/// Finds the package a test file belongs to, so that a course's lessons are found in the course's own
/// package wherever it is checked out.
public enum LessonPaths {
    /// The nearest folder above `file` holding a `Package.swift`; the current directory when there is none.
    public static func packageRoot(containing file: String) -> String {
        var url = URL(fileURLWithPath: file).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.path
            }
            url.deleteLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath
    }

    /// `path` as an absolute, standardized path: a relative one is taken from the package root of `file`.
    static func absolute(_ path: String, from file: String) -> String {
        let joined = path.hasPrefix("/") ? path : packageRoot(containing: file) + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }

    /// The folder holding `path`: the course folder whose lessons are compared for engine drift.
    static func folder(of path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }
}

/// A course package's committed baseline, `lesson-baseline.json` at its root: `swift test` honours it as
/// `lesson check` does, so that a course turns the check on with its old errors known.
enum PackageBaseline {
    /// `report` with the baseline of the package that holds `path` applied, when it has one.
    static func applied(to report: CheckReport, packageOf path: String) throws -> CheckReport {
        let root = LessonPaths.packageRoot(containing: path)
        let file = root + "/" + Baseline.defaultFile
        guard FileManager.default.fileExists(atPath: file) else { return report }
        return try Baseline.read(path: file).applied(to: report, in: root).report
    }
}
