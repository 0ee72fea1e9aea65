/// The two opt-in ways an expected block may match loosely: lines in any order, and `...` wildcard lines.
enum OutputMatching {
    /// Lines compared as a multiset. Returns the index of the first expected line the output lacks, the
    /// expected line count when the output only has extra lines, or nil when both hold the same lines.
    /// With `wildcards` (`output unordered ellipsis`), a `...` line is no line to find: it lets the output
    /// hold lines that no expected line matches, wherever they are.
    static func firstUnorderedDifference(expected: [String], actual: [String], wildcards: Bool = false) -> Int? {
        var available: [String: Int] = [:]
        for line in actual { available[line, default: 0] += 1 }
        var matched = 0
        var extraAllowed = false
        for (index, line) in expected.enumerated() {
            if wildcards && line == OutputOptions.wildcard {
                extraAllowed = true
                continue
            }
            guard let count = available[line], count > 0 else { return index }
            available[line] = count - 1
            matched += 1
        }
        return actual.count > matched && !extraAllowed ? expected.count : nil
    }

    /// The expected lines must appear in the output in their order, other lines around them. Returns the
    /// index of the first expected line not found after the lines before it, or nil when all are. Taking
    /// each line's first match is as good as any other choice.
    static func firstMissingInOrder(expected: [String], actual: [String]) -> Int? {
        var cursor = 0
        for (index, line) in expected.enumerated() {
            guard let found = actual[cursor...].firstIndex(of: line) else { return index }
            cursor = found + 1
        }
        return nil
    }

    /// A line that is exactly `...` matches any number of lines (none included). Returns the index of the
    /// first expected line no match reaches (the expected line count when only extra output is left over),
    /// or nil when the output matches.
    static func firstEllipsisDifference(expected: [String], actual: [String]) -> Int? {
        // reachable[j]: some matching consumes expected[..<i] and actual[..<j].
        var reachable = [Bool](repeating: false, count: actual.count + 1)
        reachable[0] = true
        var furthest = 0
        for (index, line) in expected.enumerated() {
            var next = [Bool](repeating: false, count: actual.count + 1)
            if line == OutputOptions.wildcard {
                var seen = false
                for j in 0...actual.count {
                    seen = seen || reachable[j]
                    next[j] = seen
                }
            } else {
                for j in 0..<actual.count where reachable[j] && actual[j] == line { next[j + 1] = true }
            }
            guard next.contains(true) else { return furthest }
            reachable = next
            furthest = index + 1
        }
        return reachable[actual.count] ? nil : expected.count
    }

    /// The expected block an update writes: the actual lines, with every `...` of the old block kept where
    /// the lines around it still match, standing for the actual lines between them. Falls back to the
    /// plain actual lines when the result would not match.
    static func keepingWildcards(expected: [String], actual: [String]) -> [String] {
        guard expected.contains(OutputOptions.wildcard) else { return actual }
        let literals = expected.indices.filter { expected[$0] != OutputOptions.wildcard }
        var matchedLine: [Int: Int] = [:]  // expected index → actual index
        for edit in LineDiff(old: literals.map { expected[$0] }, new: actual).edits {
            if case .same(let old, let new) = edit { matchedLine[literals[old]] = new }
        }
        var result: [String] = []
        var cursor = 0
        for (index, line) in expected.enumerated() {
            if line != OutputOptions.wildcard {
                guard let position = matchedLine[index], position >= cursor else { continue }
                result += actual[cursor...position]
                cursor = position + 1
                continue
            }
            let previousHolds =
                index == 0 || matchedLine[index - 1] != nil || expected[index - 1] == OutputOptions.wildcard
            let nextLiteral = expected[(index + 1)...].indices.first { expected[$0] != OutputOptions.wildcard }
            let nextPosition = nextLiteral.map { matchedLine[$0] } ?? actual.count
            guard previousHolds, let end = nextPosition, end >= cursor else { continue }
            if result.last != OutputOptions.wildcard { result.append(OutputOptions.wildcard) }
            cursor = end
        }
        result += actual[min(cursor, actual.count)...]
        return firstEllipsisDifference(expected: result, actual: actual) == nil ? result : actual
    }
}
