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

/// How much a finding matters, as swiftc says it: an error fails its check; a warning says what looks wrong
/// without failing (unless `--warnings-as-errors`); a note only informs.
public enum Severity: String, Hashable, Sendable, Codable, CaseIterable {
    case error, warning, note
}

/// Something wrong with a lesson. Findings are values, collected and reported together; the checker never
/// stops at the first one.
public struct Finding: Hashable, Sendable, Codable {
    public enum Kind: String, Sendable, CaseIterable, Codable {
        // Reading findings: the file itself is malformed.
        case unreadableFile = "unreadable-file"
        /// A lesson file larger than `LessonFileBytes.maximumSize`: not read.
        case fileTooLarge = "file-too-large"
        case invalidEncoding = "invalid-encoding"
        case unclosedFence = "unclosed-fence"
        case malformedFrontMatter = "malformed-front-matter"
        case duplicateEngineFile = "duplicate-engine-file"
        // Check findings: what checking the lesson's code found.
        case missingExpectedOutput = "missing-expected-output"
        /// Output comments and an expected block both state a scenario's output.
        case duplicateExpectedOutput = "duplicate-expected-output"
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
        /// A book test's `!$` diagnostic that the compiler did not report, or a build it expected to fail.
        case expectedDiagnostic = "expected-diagnostic"
        case unknownEngine = "unknown-engine"
        /// `--verify`: the merged build's result of a check is not the result of its program built alone.
        case strategyMismatch = "strategy-mismatch"
        /// An exercise's reference solution that does not get full marks.
        case solutionFails = "solution-fails"
        // Warnings: what looks wrong, said without failing the check.
        case unknownAttribute = "unknown-attribute"
        case nearMiss = "near-miss"
        /// A front matter key given twice in one map: read as Jekyll and Hugo read it, the last value winning.
        case duplicateFrontMatterKey = "duplicate-front-matter-key"
        /// A book's listing that no longer shows the code of the test under it.
        case listingDrift = "listing-drift"
        // Notes: what the checker could not do, said without failing anything.
        /// A book's listing that states its output but was not run (it does not build in its context).
        case notRun = "not-run"

        /// The severity a finding of this kind has: warnings for what may be deliberate, errors otherwise.
        public var defaultSeverity: Severity {
            switch self {
            case .unknownAttribute, .nearMiss, .duplicateFrontMatterKey, .listingDrift: .warning
            case .notRun: .note
            default: .error
            }
        }
    }

    public var kind: Kind
    public var severity: Severity
    public var location: SourceLocation
    public var message: String
    /// Lines shown under the finding: compiler diagnostics, the output printed before a trap.
    public var details: [String]
    /// The difference the finding is about (expected output against actual, a reprint against its engine).
    public var diff: [DiffLine]

    public init(
        _ kind: Kind, at location: SourceLocation, _ message: String, details: [String] = [], diff: [DiffLine] = [],
        severity: Severity? = nil
    ) {
        self.kind = kind
        self.severity = severity ?? kind.defaultSeverity
        self.location = location
        self.message = message
        self.details = details
        self.diff = diff
    }

    public var isError: Bool { severity == .error }

    /// What begins the note a known error becomes under a baseline.
    public static let baselinedPrefix = "baselined: "

    /// Whether it is a known error, passed over under a baseline (a note).
    public var isBaselined: Bool { severity == .note && message.hasPrefix(Self.baselinedPrefix) }

    private enum CodingKeys: String, CodingKey {
        case kind, severity, location, message, details, diff
    }

    /// A finding stored before severities existed is read with its kind's severity.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        severity = try container.decodeIfPresent(Severity.self, forKey: .severity) ?? kind.defaultSeverity
        location = try container.decode(SourceLocation.self, forKey: .location)
        message = try container.decode(String.self, forKey: .message)
        details = try container.decode([String].self, forKey: .details)
        diff = try container.decode([DiffLine].self, forKey: .diff)
    }

    /// Every line shown under the finding, as plain text: its details, then its diff in unified form.
    public var detailLines: [String] { details + diff.map(\.unified) }
}
