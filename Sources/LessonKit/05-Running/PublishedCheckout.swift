import Foundation

/// The repository a checkout of this checker was cloned from, asked of `git`: what a course package made by
/// `lesson init` depends on, so that the course's CI can fetch the checker.
package enum PublishedCheckout {
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
}
