import Foundation

/// Where this checker's package comes from, for `lesson init` to depend on: `LESSON_CHECKER` (a URL or a
/// path) when it is set, else the checkout beside the running binary (`<checkout>/.build/<…>/lesson`), else
/// the package it was built from (its folder is embedded at build time, so a binary copied to
/// `/usr/local/bin` still knows it).
package enum CheckerSource {
    /// A package the course can depend on, and how it was found.
    package struct Found: Equatable, Sendable {
        package var dependency: String
        package var how: String

        package init(dependency: String, how: String) {
            self.dependency = dependency
            self.how = how
        }
    }

    package static let environmentVariable = "LESSON_CHECKER"

    /// The folder of the package this checker was built from.
    package static var builtFrom: String {
        String(decoding: Data(base64Encoded: Embedded.packageDirectory) ?? Data(), as: UTF8.self)
    }

    package static func locate(executable: String, environment: [String: String]) -> Found? {
        if let named = environment[environmentVariable], !named.isEmpty {
            return Found(dependency: named, how: environmentVariable)
        }
        if let checkout = checkout(around: executable) {
            return Found(dependency: checkout, how: "the checkout this lesson binary is in")
        }
        if isCheckerPackage(builtFrom) {
            return Found(dependency: builtFrom, how: "the package this lesson binary was built from")
        }
        return nil
    }

    /// The checkout whose `.build` holds `executable`, when it is this checker's.
    package static func checkout(around executable: String) -> String? {
        var url = URL(fileURLWithPath: executable)
        while url.path != "/" {
            url.deleteLastPathComponent()
            guard url.lastPathComponent == ".build" else { continue }
            let root = url.deletingLastPathComponent().path
            return isCheckerPackage(root) ? root : nil
        }
        return nil
    }

    /// Whether `folder` holds this checker's package: a `Package.swift` that declares the `LessonTesting`
    /// target (a course package only depends on its product).
    package static func isCheckerPackage(_ folder: String) -> Bool {
        guard !folder.isEmpty, let text = try? String(contentsOfFile: folder + "/Package.swift", encoding: .utf8)
        else { return false }
        return text.contains(".target(name: \"LessonTesting\"")
    }
}
