/// How an expected output is matched, from its block's attributes (`OutputOptions`): one mode owns its
/// matcher, the words its failure message adds, and the lines `--update` writes, so that the three never
/// disagree about the modes in force.
enum OutputMode: Hashable, Sendable {
    /// Line by line, every line.
    case exact
    /// As a multiset (`output unordered`).
    case unordered
    /// A `...` line matches any number of lines (`output ellipsis`).
    case ellipsis
    /// In any order, a `...` allowing lines no expected line matches (`output unordered ellipsis`).
    case unorderedWithWildcards
    /// The expected lines are some of the output's, in order (a book's listing and its output comments).
    case someLinesInOrder

    init(_ options: OutputOptions) {
        switch (options.unordered, options.ellipsis) {
        case (true, true): self = .unorderedWithWildcards
        case (true, false): self = .unordered
        case (false, true): self = .ellipsis
        case (false, false): self = options.someLinesInOrder ? .someLinesInOrder : .exact
        }
    }

    /// The index of the first expected line the output does not match (the expected line count when it
    /// only printed more), or nil when it matches.
    func firstDifference(expected: [String], actual: [String]) -> Int? {
        switch self {
        case .exact:
            guard expected != actual else { return nil }
            var index = 0
            while index < expected.count && index < actual.count && expected[index] == actual[index] { index += 1 }
            return index
        case .unordered: return OutputMatching.firstUnorderedDifference(expected: expected, actual: actual)
        case .unorderedWithWildcards:
            return OutputMatching.firstUnorderedDifference(expected: expected, actual: actual, wildcards: true)
        case .ellipsis: return OutputMatching.firstEllipsisDifference(expected: expected, actual: actual)
        case .someLinesInOrder: return OutputMatching.firstMissingInOrder(expected: expected, actual: actual)
        }
    }

    /// What a failure message adds to say how the lines were compared (nothing when line by line).
    var messageSuffix: String {
        switch self {
        case .exact, .someLinesInOrder: ""
        case .unordered: " (lines compared in any order)"
        case .ellipsis: " ('...' matches any lines)"
        case .unorderedWithWildcards: " (lines compared in any order; '...' allows lines not expected)"
        }
    }

    /// Whether a count of extra lines says how the output differs: not where lines may be anywhere or be
    /// matched by a `...`.
    var countsExtraLines: Bool { self == .exact || self == .someLinesInOrder }

    /// The expected block `--update` writes for `printed`: with `...`, the old block's wildcards kept where
    /// the lines around them still match; in any order, the printed lines as they are (they match).
    func updatedLines(expected: [String], printed: [String]) -> [String] {
        self == .ellipsis ? OutputMatching.keepingWildcards(expected: expected, actual: printed) : printed
    }
}
