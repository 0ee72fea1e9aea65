import Foundation

/// A copy of the fixture course package that builds against this checkout.
///
/// The fixture's `Package.swift` names this package by URL, as a course repository does; the copy names it
/// by path instead, through a symbolic link called `lesson-checker` (the identity the URL gives, which
/// `.product(…, package: "lesson-checker")` refers to). The copy's `.build` is a link to one build folder
/// kept between runs, so only the first build of a checkout is a full one.
public struct CoursePackageCopy: Sendable {
    /// This package's root, found from this file's path.
    public static let checkout: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }()

    /// The fixture course package, the README's "In a course repository" example.
    public static var fixture: String { checkout + "/Fixtures/course-package" }

    /// The dependency line of the fixture's `Package.swift`, as the README shows it.
    public static let urlDependency = #".package(url: "https://example.com/lesson-checker.git", branch: "main")"#

    /// The copy's root.
    public let root: String

    /// The folder of the copy, its build folder and the link to the checkout.
    public static func base(checkout: String = Self.checkout) -> String {
        checkout + "/.build/course-package"
    }

    /// Copies the fixture (or the package at `source`) to `<checkout>/.build/course-package/course`,
    /// replacing any earlier copy once the background build of `CoursePackageWarmUp` is done with it.
    public static func make(checkout: String = Self.checkout, source: String = fixture) throws -> CoursePackageCopy {
        CoursePackageWarmUp.waitUntilDone()
        let fileManager = FileManager.default
        let base = base(checkout: checkout)
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
    public func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path))
    }

    public func move(_ path: String, to newPath: String) throws {
        try FileManager.default.moveItem(atPath: root + "/" + path, toPath: root + "/" + newPath)
    }

    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }
}
