/// The shape of a wrong output, as a beginner's mistakes make it: recognised from the expected lines and the
/// lines printed, only where it is sure (every shape is an exact relation between the two); any other
/// difference has none. Its raw value is the stable identifier `instructor.json` gives it.
package enum OutputShape: String, Hashable, Sendable, Codable, CaseIterable {
    /// The same lines, in another order.
    case order
    /// The expected lines but the last.
    case missingEnd = "missing-end"
    /// The expected lines and one more, anywhere (a leftover debug `print`).
    case extraLine = "extra-line"
    /// Off by one: a line repeated next to itself, one skipped before the end, or every line shifted by one
    /// (a loop that starts or ends one step off).
    case repeatedOrSkipped = "repeated-or-skipped"
    /// The same lines but for spaces, letter case or punctuation.
    case spacingOrCase = "spacing-or-case"
    /// The program trapped, crashed, exited with another status or ran out of time after printing only the
    /// first expected lines.
    case stoppedEarly = "stopped-early"
    /// Nothing printed, where lines were expected, by a program that ended normally.
    case noOutput = "no-output"

    /// The shape of `printed`, the whole output of a program that ended normally, against `expected`.
    package static func of(expected: [String], printed: [String]) -> OutputShape? {
        guard !expected.isEmpty, printed != expected else { return nil }
        if printed.isEmpty { return .noOutput }
        switch printed.count - expected.count {
        case 0:
            if zip(expected, printed).allSatisfy({ loose($0) == loose($1) }) { return .spacingOrCase }
            if expected.sorted() == printed.sorted() { return .order }
            let shifted =
                printed.dropFirst().elementsEqual(expected.dropLast())
                || printed.dropLast().elementsEqual(expected.dropFirst())
            return shifted && expected.count > 1 ? .repeatedOrSkipped : nil
        case -1:
            if printed.elementsEqual(expected.dropLast()) { return .missingEnd }
            return removingOneLine(from: expected, gives: printed) != nil ? .repeatedOrSkipped : nil
        case 1:
            guard let extra = removingOneLine(from: printed, gives: expected) else { return nil }
            let repeated =
                (extra > 0 && printed[extra - 1] == printed[extra])
                || (extra + 1 < printed.count && printed[extra + 1] == printed[extra])
            return repeated ? .repeatedOrSkipped : .extraLine
        default:
            return nil
        }
    }

    /// The shape of what a program printed before it stopped abnormally: `stopped-early` when that is the
    /// first expected lines (none included), nil otherwise.
    package static func ofStopped(expected: [String], printed: [String]) -> OutputShape? {
        guard printed.count < expected.count, expected.starts(with: printed) else { return nil }
        return .stoppedEarly
    }

    /// The index of the one line of `longer` without which it is `shorter`; nil when there is none.
    private static func removingOneLine(from longer: [String], gives shorter: [String]) -> Int? {
        guard longer.count == shorter.count + 1 else { return nil }
        let index = shorter.indices.first { longer[$0] != shorter[$0] } ?? shorter.count
        return longer[(index + 1)...].elementsEqual(shorter[index...]) ? index : nil
    }

    /// A line without its spaces and punctuation, in lower case.
    private static func loose(_ line: String) -> String {
        String(
            line.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace && !isPunctuation($0) }.map(
                Character.init))
    }

    private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            true
        default: false
        }
    }
}
