/// "did you mean": the known word closest to a mistyped one, when it is close enough to be a typo.
package enum Suggestion {
    /// The candidate with the fewest edits from `word` (at most a third of its length, and at least one
    /// allowed), or nil; on a tie, the first in sorted order.
    package static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let length = word.count
        let allowed = max(1, length / 3)
        var best: (distance: Int, word: String)?
        // The lengths' difference is a lower bound of the distance: a word far longer than every candidate
        // (an info string of megabytes) is compared with none, so that its cost stays linear in its length.
        for candidate in candidates.sorted() where abs(candidate.count - length) <= allowed {
            let distance = editDistance(word, candidate)
            if distance <= allowed && distance < (best?.distance ?? Int.max) { best = (distance, candidate) }
        }
        return best?.word
    }

    /// `"; did you mean '--filter'?"`, or nothing.
    package static func hint(for word: String, among candidates: some Sequence<String>) -> String {
        closest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance, with swapping two neighbours counted as one edit (`--fromat`).
    package static func editDistance(_ left: String, _ right: String) -> Int {
        let a = Array(left)
        let b = Array(right)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
