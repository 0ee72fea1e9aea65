/// Compares what a scenario printed with its expected output (its expected block, or its output comments),
/// line by line.
///
/// CRLF and LF are the same, and a missing final newline is not a difference; every other byte counts,
/// trailing spaces included. Lines are compared as Swift strings, so canonically equivalent Unicode (an NFC
/// and an NFD spelling of the same Vietnamese letter) is equal.
package enum OutputComparison {
    /// A difference between the expected block and the actual output.
    package struct Mismatch: Hashable, Sendable {
        /// 0-based index, in the expected lines, of the first line that differs; equal to the expected line
        /// count when the program printed only extra lines after all of them.
        package var firstDifference: Int
        /// Unified diff hunks, numbered with the lesson's lines.
        package var diff: [DiffLine]
    }

    /// The lines of a program's output (see `OutputLines`).
    package static func lines(of output: String) -> [String] { OutputLines.split(output) }

    package static func compare(
        expected: [String], actual: [String], firstLine: Int, options: OutputOptions = OutputOptions()
    ) -> Mismatch? {
        compare(expected: expected, actual: actual, numbering: .from(firstLine), options: options)
    }

    /// Compares, numbering the diff by `numbering`: the lines of an expected block, or those of the comments
    /// that state each expected line.
    package static func compare(
        expected: [String], actual: [String], numbering: LineNumbering, options: OutputOptions = OutputOptions()
    ) -> Mismatch? {
        guard let first = OutputMode(options).firstDifference(expected: expected, actual: actual) else { return nil }
        let diff = LineDiff(old: expected, new: actual)
        return Mismatch(firstDifference: first, diff: diff.unifiedHunks(numbering: numbering))
    }
}
