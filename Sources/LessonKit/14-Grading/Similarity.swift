import Foundation

/// Submissions most alike, offline, on the checker's own Swift tokens: each submission is read as tokens with
/// its names and literals abstracted (`total` and `sum` are one name, `3` and `"a"` one literal) and its
/// comments and spacing dropped, cut into runs of `gramLength` tokens, and a pair's score is the share of
/// those runs they have in common (Jaccard: shared / all of either), from 0 to 1. Runs of the exercise's
/// starter and of the lesson's own code are no evidence and are left out. Renaming, respacing, commenting
/// and reordering functions change little; two people's own solutions share far less.
package enum Similarity {
    /// Tokens in a run: long enough that two independent solutions of a small exercise rarely write the same
    /// run, short enough that a reordered function keeps most of its runs.
    static let gramLength = 9

    /// The default threshold above which a pair is shown as suspicious (`--similarity-threshold`).
    package static let defaultThreshold = 0.5

    /// One pair of students and what they share.
    package struct Pair: Hashable, Sendable {
        package var first: String
        package var second: String
        package var score: Double
        /// The lines (from 0) of each submission that shared runs cover.
        package var firstLines: [Int]
        package var secondLines: [Int]
    }

    /// A submission's runs: each run's hash, with the lines it covers.
    struct Fingerprint {
        var runs: [UInt64: ClosedRange<Int>] = [:]
        var hashes: Set<UInt64> { Set(runs.keys) }
    }

    /// Every pair of `submissions` (name, text), most alike first (then by names), their runs found in any
    /// of `base` (the starter, the lesson's code) left out.
    package static func pairs(_ submissions: [(name: String, text: String)], base: [String]) -> [Pair] {
        let common = base.reduce(into: Set<UInt64>()) { $0.formUnion(fingerprint($1).hashes) }
        let prints = submissions.map { submission in
            var print = fingerprint(submission.text)
            for hash in common { print.runs[hash] = nil }
            return (name: submission.name, print: print)
        }
        var pairs: [Pair] = []
        for i in prints.indices {
            for j in prints.indices where j > i {
                let (a, b) = (prints[i].print, prints[j].print)
                let union = a.hashes.union(b.hashes).count
                let shared = a.hashes.intersection(b.hashes)
                pairs.append(
                    Pair(
                        first: prints[i].name, second: prints[j].name,
                        score: union == 0 ? 0 : Double(shared.count) / Double(union),
                        firstLines: lines(of: shared, in: a), secondLines: lines(of: shared, in: b)))
            }
        }
        return pairs.sorted {
            ($0.score, $1.first, $1.second) > ($1.score, $0.first, $0.second)
        }
    }

    /// `similarity.csv`: student, student, score (3 decimals), most alike first.
    package static func csv(_ pairs: [Pair]) -> String {
        "student,student,score\n"
            + pairs.map {
                [
                    SpreadsheetCell.written($0.first), SpreadsheetCell.written($0.second),
                    String(format: "%.3f", $0.score),
                ]
                .joined(separator: ",") + "\n"
            }.joined()
    }

    /// The runs of `text`, each with the lines it covers.
    static func fingerprint(_ text: String) -> Fingerprint {
        let tokens = abstractTokens(text)
        var print = Fingerprint()
        guard tokens.count >= gramLength else { return print }
        for start in 0...(tokens.count - gramLength) {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for token in tokens[start..<(start + gramLength)] {
                for byte in token.word.utf8 + [0] {
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                }
            }
            let lines = tokens[start].line...tokens[start + gramLength - 1].line
            print.runs[hash] =
                print.runs[hash].map { min($0.lowerBound, lines.lowerBound)...max($0.upperBound, lines.upperBound) }
                ?? lines
        }
        return print
    }

    /// The tokens of `text` as the comparison reads them: a name (keywords aside) is `N`, a literal `L`;
    /// comments and line breaks are left out; the rest as written.
    static func abstractTokens(_ text: String) -> [(word: String, line: Int)] {
        let source = LexedSource(text)
        return source.tokens.compactMap { token in
            switch token.kind {
            case .lineComment, .blockComment, .newline: return nil
            case .identifier:
                let word = source.text(of: token)
                return (SwiftVocabulary.keywords.contains(word) ? word : "N", token.line)
            case .number, .string, .regex: return ("L", token.line)
            default: return (source.text(of: token), token.line)
            }
        }
    }

    private static func lines(of shared: Set<UInt64>, in print: Fingerprint) -> [Int] {
        var covered = Set<Int>()
        for hash in shared { if let range = print.runs[hash] { covered.formUnion(range) } }
        return covered.sorted()
    }
}

extension ClassPage {
    /// How many of the most alike pairs the page shows when none is over the threshold.
    static let closestPairsShown = 3

    /// The pairs over the threshold (or, when none is, the closest few), most alike first, each with the
    /// lines of both submissions that their shared runs cover, side by side.
    static func similaritySection(_ similar: SimilarPairs, _ words: Words) -> [String] {
        let over = similar.pairs.filter { $0.score > similar.threshold }
        let shown = over.isEmpty ? Array(similar.pairs.prefix(closestPairsShown)) : over
        var html = [
            "<section class=\"similarity\"><h2>\(escape(words.similarity))</h2>",
            "<p>\(escape(words.similarityNote(threshold: String(format: "%.2f", similar.threshold), over: over.count)))</p>",
        ]
        for pair in shown {
            let score = String(format: "%.3f", pair.score)
            html.append(
                "<details\(pair.score > similar.threshold ? " open" : "")><summary>\(escape(pair.first)) · "
                    + "\(escape(pair.second)): \(score)</summary><table class=\"passages\"><tr>"
                    + "<th>\(escape(pair.first))</th><th>\(escape(pair.second))</th></tr><tr>"
                    + "<td><pre>\(passage(pair.firstLines, of: similar.lines[pair.first] ?? []))</pre></td>"
                    + "<td><pre>\(passage(pair.secondLines, of: similar.lines[pair.second] ?? []))</pre></td>"
                    + "</tr></table></details>")
        }
        return html + ["</section>"]
    }

    /// The numbered lines `numbers` of `lines`, escaped, a gap marked `…`.
    private static func passage(_ numbers: [Int], of lines: [String]) -> String {
        var text: [String] = []
        var previous: Int?
        for number in numbers where number < lines.count {
            if let previous, number > previous + 1 { text.append("…") }
            text.append(String(format: "%4d  ", number + 1) + escape(lines[number]))
            previous = number
        }
        return text.joined(separator: "\n")
    }
}
