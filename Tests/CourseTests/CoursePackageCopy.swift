import Foundation

/// A copy of the fixture course package that builds against this checkout.
///
/// The fixture's `Package.swift` names this package by URL, as a course repository does; the copy names it
/// by path instead, through a symbolic link called `lesson-checker` (the identity the URL gives, which
/// `.product(…, package: "lesson-checker")` refers to). The copy's `.build` is a link to one build folder
/// kept between runs, so only the first build of a checkout is a full one.
struct CoursePackageCopy {
    /// The dependency line of the fixture's `Package.swift`, as the README shows it.
    static let urlDependency = #".package(url: "https://example.com/lesson-checker.git", branch: "main")"#

    /// The copy's root.
    let root: String

    /// Copies the fixture (or the package at `source`) to `<checkout>/.build/course-package/course`,
    /// replacing any earlier copy.
    static func make(
        checkout: String = CourseTestSupport.packageRoot, source: String = CourseTestSupport.coursePackage
    ) throws -> CoursePackageCopy {
        let fileManager = FileManager.default
        let base = checkout + "/.build/course-package"
        let root = base + "/course"
        let scratch = base + "/scratch"
        let dependency = base + "/lesson-checker"
        try? fileManager.removeItem(atPath: root)
        try fileManager.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        if (try? fileManager.destinationOfSymbolicLink(atPath: dependency)) != checkout {
            try? fileManager.removeItem(atPath: dependency)
            try fileManager.createSymbolicLink(atPath: dependency, withDestinationPath: checkout)
        }
        try fileManager.copyItem(atPath: source, toPath: root)
        try fileManager.createSymbolicLink(atPath: root + "/.build", withDestinationPath: scratch)

        let manifest = root + "/Package.swift"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        guard text.components(separatedBy: urlDependency).count == 2 else {
            throw Problem(description: "the fixture's Package.swift does not name \(urlDependency) once")
        }
        let local = text.replacingOccurrences(of: urlDependency, with: ".package(path: \"\(dependency)\")")
        try Data(local.utf8).write(to: URL(fileURLWithPath: manifest))
        return CoursePackageCopy(root: root)
    }

    /// Writes `text` to the lesson at `path` (relative to the copy's root).
    func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path))
    }

    func move(_ path: String, to newPath: String) throws {
        try FileManager.default.moveItem(atPath: root + "/" + path, toPath: root + "/" + newPath)
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }
}
