import Foundation

/// How a course package names the lesson checker: a repository URL with an optional version, revision or
/// branch after its last `@` (`https://git.example/lesson.git@1.4.0`), or a folder on this machine. Only the
/// first is reachable from a course's CI.
package struct CheckerDependency: Equatable, Sendable {
    package enum Requirement: Equatable, Sendable {
        /// `from: "1.4.0"`: a semantic version and the compatible ones after it.
        case version(String)
        /// `revision: "…"`: one commit (40 hexadecimal digits).
        case revision(String)
        case branch(String)
    }

    /// The URL or the path.
    package var location: String
    package var requirement: Requirement?

    /// Reads `URL@REF`, `URL` or `PATH`. The `@` of an SSH URL's user (`git@host:org/repo.git`) is not a ref:
    /// a ref follows the last `/`.
    package init(_ text: String) {
        location = text
        guard let at = text.lastIndex(of: "@"), let slash = text.lastIndex(of: "/"), at > slash,
            text.index(after: at) < text.endIndex, Self.isURL(String(text[..<at]))
        else { return }
        location = String(text[..<at])
        requirement = Self.requirement(String(text[text.index(after: at)...]))
    }

    package init(location: String, requirement: Requirement?) {
        self.location = location
        self.requirement = requirement
    }

    /// Whether the package is fetched from a repository (a URL), not read from a folder of this machine. A
    /// `file://` URL names a repository when it has a ref or ends in `.git`; otherwise it is the folder at its
    /// path.
    package var isURL: Bool {
        guard Self.isURL(location) else { return false }
        return !location.hasPrefix("file:") || requirement != nil || location.hasSuffix(".git")
    }

    /// The folder of a path dependency: a `file://` URL's path.
    package var path: String {
        location.hasPrefix("file://") ? String(location.dropFirst("file://".count)) : location
    }

    package static func isURL(_ text: String) -> Bool {
        text.contains("://") || text.hasSuffix(".git") || (text.contains("@") && text.contains(":"))
    }

    package static func requirement(_ ref: String) -> Requirement {
        let version = ref.hasPrefix("v") ? String(ref.dropFirst()) : ref
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) { return .version(version) }
        if ref.count == 40, ref.allSatisfy(\.isHexDigit) { return .revision(ref) }
        return .branch(ref)
    }

    /// The `dependencies:` entry of a manifest.
    package var packageEntry: String {
        guard isURL else { return ".package(path: \(Self.literal(path)))" }
        let url = ".package(url: \(Self.literal(location)), "
        switch requirement {
        case .version(let version): return url + "from: \(Self.literal(version)))"
        case .revision(let revision): return url + "revision: \(Self.literal(revision)))"
        case .branch(let branch): return url + "branch: \(Self.literal(branch)))"
        case nil: return url + "branch: \"main\")"
        }
    }

    /// The identity SwiftPM gives the dependency: the last component of its URL or path, without `.git`.
    package var identity: String {
        var last = location.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? location
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last.lowercased()
    }

    /// The form `--checker` reads back.
    package var description: String {
        switch requirement {
        case .version(let ref), .revision(let ref), .branch(let ref): location + "@" + ref
        case nil: location
        }
    }

    /// `text` as a Swift string literal (`SwiftStringLiteral`).
    package static func literal(_ text: String) -> String { SwiftStringLiteral.quoting(text) }
}
