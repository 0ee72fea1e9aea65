import Foundation
import LessonKit

/// Checks one lesson: the lessons of its course folder are read, so engine drift is judged among them, and
/// only this lesson's checks run. The XCTest and the Swift Testing entry points share it.
enum OneLessonCheck {
    /// The findings of the lesson at `path`, an absolute path below `course`, with the package's baseline
    /// (`lesson-baseline.json`) applied. Results are cached in the package's `.build/lesson-cache` unless
    /// `options` names another cache folder.
    static func findings(of path: String, course: String, options: CheckOptions) throws -> [Finding] {
        var options = options
        if options.cacheDirectory == nil {
            options.cacheDirectory = LessonPaths.packageRoot(containing: path) + "/.build/lesson-cache"
        }
        let files = try LessonDiscovery.lessonFiles(in: [course], excluding: LessonDiscovery.ignorePatterns())
        let toolchain = try Toolchain.locate()
        let catalog = try EngineCatalog.ofCourse()
        let checked = LessonChecker(options: options, toolchain: toolchain, catalog: catalog)
            .check(files: files, selection: LessonSelection(filter: path))
        // The lesson's exercises' reference solutions must get full marks (`ReferenceSolutions`).
        let report = try PackageBaseline.applied(
            to: ReferenceSolutions.checked(
                checked, toolchain: toolchain, catalog: catalog, jobs: options.jobs,
                cacheDirectory: options.cacheDirectory),
            packageOf: path)
        guard let lesson = report.lessons.first(where: { $0.path == path }) else {
            throw LessonError(.input, "no lesson at \(path)")
        }
        return lesson.findings
    }

    /// A finding as a test failure's text: the message, then its details (a diff, compiler lines).
    static func description(of finding: Finding) -> String {
        ([finding.message] + finding.detailLines).joined(separator: "\n")
    }
}
