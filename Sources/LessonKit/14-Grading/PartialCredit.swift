/// The points of a test whose expected block asks for partial credit (```` ```output partial ````): in
/// proportion to the expected lines its output matched, in order (as many as the lines a diff keeps; any
/// order with `unordered`), rounded down. A test of 4 points that matches 3 of 4 lines earns 3. A hidden
/// test earns all its points or none: a count of lines matched would tell what it expects.
enum PartialCredit {
    /// How many of `expected` lines `printed` matches: in order, or as a multiset when `unordered`.
    static func matchedLines(expected: [String], printed: [String], unordered: Bool) -> Int {
        if unordered {
            var counts: [String: Int] = [:]
            for line in printed { counts[line, default: 0] += 1 }
            return expected.reduce(0) { matched, line in
                guard let count = counts[line], count > 0 else { return matched }
                counts[line] = count - 1
                return matched + 1
            }
        }
        return LineDiff(old: expected, new: printed).edits.count {
            if case .same = $0 { return true }
            return false
        }
    }

    /// The points of `matched` lines of `count`, out of `maxPoints`, rounded down, and never all of them: a
    /// test that failed (every expected line and one more) is not worth its full points.
    static func points(maxPoints: Int, matched: Int, of count: Int) -> Int {
        guard count > 0, maxPoints > 0, matched > 0 else { return 0 }
        let product = maxPoints.multipliedFullWidth(by: min(matched, count))
        let share = count.dividingFullWidth(product).quotient
        return min(share, maxPoints - 1)
    }
}
