/// A book's hidden test (docs/book-tests.md): every block of one name in one file, in order, built as one
/// program and run; what it prints is compared with its `<-`, `<<` and `</` lines, and when it states
/// `!$ error:` lines, the build must fail with those errors.
package struct BookTest: Hashable, Sendable {
    package var name: String
    package var blocks: [BookTestBlock]
    /// Each block as the program's code, one line for each line of the block, at the block's own lines (so
    /// that a diagnostic points into the Markdown): code as it is, `/>` as the `print` it stands for, every
    /// other line empty.
    package var programBlocks: [FencedBlock]
    /// The expected output: the `<-`, `<<` and `</` lines, in order.
    package var expectedOutput: [BookTestLine]
    package var expectedDiagnostics: [ExpectedDiagnostic]
    /// Why the test is not built at all (another platform's module, several modules): a note.
    package var notRun: String?

    /// The line of its first `- test:`.
    package var line: Int { blocks[0].headerLine }
    /// The last line of its last block.
    package var lastLine: Int { blocks[blocks.count - 1].lastLine }
    package var expectsErrors: Bool { expectedDiagnostics.contains { $0.severity == .error } }
    /// The first `xx` line: the program must stop there with a runtime error.
    package var expectedTrap: BookTestLine? { blocks.lazy.flatMap(\.lines).first { $0.kind == .expectedTrap } }
}

/// `!$ error: message` (or `warning:`, `note:`): a diagnostic the compiler must report.
package struct ExpectedDiagnostic: Hashable, Sendable {
    package enum Severity: String, Hashable, Sendable { case error, warning, note }

    package var line: Int
    package var severity: Severity
    package var message: String

    /// The diagnostic a `!$` line states, or a `!!` line in the compiler's own form
    /// (`/tmp/swifttest.swift:2:29: error: …`, as older tests write it); nil for any other line.
    package init?(_ line: BookTestLine) {
        var text = Substring(line.text)
        if line.kind == .diagnosticExcerpt {
            // `PATH:LINE:COLUMN: `, then the severity.
            let parts = text.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, !parts[0].contains(" "), Int(parts[1]) != nil, Int(parts[2]) != nil else {
                return nil
            }
            text = parts[3].drop { $0 == " " }
        } else if line.kind != .diagnostic {
            return nil
        }
        for severity in [Severity.error, .warning, .note] where text.hasPrefix(severity.rawValue + ":") {
            self.line = line.number
            self.severity = severity
            self.message = String(text.dropFirst(severity.rawValue.count + 1)).trimmingSpaces()
            return
        }
        return nil
    }
}
