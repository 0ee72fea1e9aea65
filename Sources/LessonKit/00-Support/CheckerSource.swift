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
        String(decoding: Data(base64Encoded: embeddedPackageDirectory) ?? Data(), as: UTF8.self)
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

    /// Where CI can fetch the checkout at `folder` from: its `origin` remote's URL (when that is not a folder
    /// of this machine) at the tag of its commit, or at the commit itself. Nil for a checkout with no such
    /// remote, or without `git`.
    package static func published(_ folder: String, environment: [String: String]) -> CheckerDependency? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        guard
            let git = path.split(separator: ":").map({ $0 + "/git" }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return nil }
        func ask(_ arguments: [String]) -> String? {
            guard
                let result = try? Subprocess.run(
                    git, arguments: ["-C", folder] + arguments, environment: ["PATH": path, "HOME": "/nonexistent"],
                    limits: ProcessLimits(timeout: 10, outputLimit: 1 << 16)),
                result.termination == .exited(0)
            else { return nil }
            let text = String(decoding: result.standardOutput, as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines)
            return text.isEmpty ? nil : text
        }
        guard let url = ask(["remote", "get-url", "origin"]) else { return nil }
        let remote = CheckerDependency(location: url, requirement: nil)
        guard remote.isURL else { return nil }
        if let tag = ask(["describe", "--tags", "--exact-match", "HEAD"]) {
            return CheckerDependency(location: url, requirement: CheckerDependency.requirement(tag))
        }
        guard let commit = ask(["rev-parse", "HEAD"]) else { return nil }
        return CheckerDependency(location: url, requirement: .revision(commit))
    }

    /// The checkout whose `.build` holds `executable`, when it is this checker's.
    static func checkout(around executable: String) -> String? {
        var url = URL(fileURLWithPath: executable)
        while url.path != "/" {
            url.deleteLastPathComponent()
            guard url.lastPathComponent == ".build" else { continue }
            let root = url.deletingLastPathComponent().path
            return isCheckerPackage(root) ? root : nil
        }
        return nil
    }

    /// Whether `folder` holds this checker's package: a `Package.swift` that declares `LessonTesting`.
    static func isCheckerPackage(_ folder: String) -> Bool {
        guard !folder.isEmpty, let text = try? String(contentsOfFile: folder + "/Package.swift", encoding: .utf8)
        else { return false }
        return text.contains("name: \"LessonTesting\"")
    }
}
