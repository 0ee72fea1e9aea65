/// A place in a lesson file: the path as the user gave it, a 1-based line and, when known, a column.
public struct SourceLocation: Hashable, Sendable, Comparable, Codable {
    public var path: String
    public var line: Int
    public var column: Int?

    public init(path: String, line: Int, column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column ?? 0) < (rhs.path, rhs.line, rhs.column ?? 0)
    }

    /// `path:line` or `path:line:column`, the form editors and compilers use.
    public var description: String {
        if let column { return "\(path):\(line):\(column)" }
        return "\(path):\(line)"
    }
}

/// Something wrong with a lesson. Findings are values, collected and reported together; the checker never
/// stops at the first one.
public struct Finding: Hashable, Sendable, Codable {
    public enum Kind: String, Sendable, CaseIterable, Codable {
        // Reading findings: the file itself is malformed.
        case unreadableFile = "unreadable-file"
        case invalidEncoding = "invalid-encoding"
        case unclosedFence = "unclosed-fence"
        case malformedFrontMatter = "malformed-front-matter"
        case duplicateEngineFile = "duplicate-engine-file"
        // Check findings: what checking the lesson's code found.
        case missingExpectedOutput = "missing-expected-output"
        case outputMismatch = "output-mismatch"
        case buildError = "build-error"
        case engineBuildError = "engine-build-error"
        case trap = "trap"
        case crash = "crash"
        case nonZeroExit = "non-zero-exit"
        case timeout = "timeout"
        case outputLimit = "output-limit"
        case resourceLimit = "resource-limit"
        case snippetSyntax = "snippet-syntax"
        case malformedInfoString = "malformed-info-string"
        case attributePromise = "attribute-promise"
        case drift = "drift"
        case unknownEngine = "unknown-engine"
    }

    public var kind: Kind
    public var location: SourceLocation
    public var message: String
    /// Lines shown under the finding: compiler diagnostics, the output printed before a trap.
    public var details: [String]
    /// The difference the finding is about (expected output against actual, a reprint against its engine).
    public var diff: [DiffLine]

    public init(
        _ kind: Kind, at location: SourceLocation, _ message: String, details: [String] = [], diff: [DiffLine] = []
    ) {
        self.kind = kind
        self.location = location
        self.message = message
        self.details = details
        self.diff = diff
    }

    /// Every line shown under the finding, as plain text: its details, then its diff in unified form.
    public var detailLines: [String] { details + diff.map(\.unified) }
}
