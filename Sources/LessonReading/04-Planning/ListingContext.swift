/// Finds a book's runnable listings and the earlier listings each is built after, by this rule:
///
/// - a listing is a Swift snippet of a lesson with no engine (no engine file, no `engine:` in the front
///   matter) whose comments state its output (see `OutputComments`), unless it is `ignore` or
///   `compile_fail`;
/// - `continues=NAME` builds it after the earlier snippet marked `listing=NAME`, and after what that one is
///   built after, and nothing else;
/// - otherwise, for each name it uses and does not declare (at its top level, or for a scope of its own: a
///   parameter, a closure's parameter, a loop variable, `if let x = …`, a local; see
///   `SwiftTokens.locallyBoundNames`), the nearest earlier snippet of
///   the file that declares that name at its top level (`let`, `var`, `func`, `struct`, `class`, `enum`,
///   `actor`, `protocol`, `typealias`; not `if let` or `case let`), and, for a type, every snippet between
///   that one and the listing that
///   extends it (`extension Name`), and every snippet between that one and the listing that uses a name it
///   declares (a book's state changes from listing to listing: `cinema.width = 2048`); then the same for
///   each snippet so chosen, nearest before it. Reading order wins: a name declared twice is taken from its
///   latest declaration before the one that uses it;
/// - a snippet with a comment that says it shows an error (`// Error`, `// this triggers a runtime error`),
///   or that throws at its top level (`throw VendingMachineError.outOfStock`: the program would end there),
///   is never chosen;
/// - at most `maximumContext` snippets: a listing that needs more is not run (a note), nor is one that uses
///   `#line`, `#column`, `#file`, `#fileID` or `#filePath`.
///
/// A name is a word not written after a `.`, string interpolations included (`@Name` names `Name`); a word
/// written after a `.` is looked up only among the members declared right inside top-level extensions
/// (`extension Int { var squared: Int … }` for `3.squared`).
package enum ListingContext {
    /// The most earlier snippets one listing is built after.
    package static let maximumContext = 16

    /// What a snippet offers and needs, from its reading in planning. A snippet that says it shows an error,
    /// or that throws at its top level (and so ends the program there), is never built before another: it
    /// offers no name, though as a listing it needs some.
    private static func snippetNames(of block: FencedBlock, read: SwiftBlock?) -> SnippetNames {
        guard !block.content.isEmpty else { return SnippetNames() }
        let tokens = (read ?? SwiftBlock.of(block.text)).tokens
        var names = SnippetNames(tokens)
        if showsAnError(block) || tokens.topLevelWords.contains("throw") { names.offersNothing() }
        return names
    }

    /// The runnable listings among `snippets` (in file order), and errors of `continues` attributes by the
    /// block's opening line.
    package static func listings(of snippets: [FencedBlock], read: [Int: SwiftBlock], in lesson: Lesson, marker: String)
        -> (
            [Listing], [Int: [Finding]]
        )
    {
        let candidates = snippets.filter {
            let options = SnippetOptions($0)
            return !options.ignored && !options.noCompile && !options.compileFail
        }
        let names = candidates.map { snippetNames(of: $0, read: read[$0.openingLine]) }
        // Read once per snippet, however many listings are built after it.
        var importsPlatform: [Int: Bool] = [:]
        func importsPlatformFramework(_ index: Int) -> Bool {
            if let known = importsPlatform[index] { return known }
            let found = PlatformImports.importsPlatformFramework(candidates[index])
            importsPlatform[index] = found
            return found
        }
        var listings: [Listing] = []
        var findings: [Int: [Finding]] = [:]
        for (index, block) in candidates.enumerated() {
            guard let comments = OutputComments.read(block.content, marker: marker) else { continue }
            var listing = Listing(block: block, outputComments: comments, context: [], rule: .alone)
            var contextIndices: [Int] = []
            if let continued = SnippetOptions(block).continues {
                switch chain(continuing: continued, before: index, in: candidates) {
                case .success(let chain):
                    contextIndices = chain
                    listing.context = chain.map { candidates[$0] }
                    listing.rule = .continues(continued)
                case .failure(let problem):
                    findings[block.openingLine, default: []].append(
                        Finding(.malformedInfoString, at: lesson.location(block.openingLine), problem.message))
                    continue
                }
            } else {
                let (chosen, used) = context(of: index, names: names)
                contextIndices = chosen
                listing.context = chosen.map { candidates[$0] }
                if !chosen.isEmpty { listing.rule = .names(used) }
            }
            if listing.context.count > maximumContext {
                listing.notRun =
                    "needs \(listing.context.count) earlier listings (\(listing.contextDescription)), more than "
                    + "the \(maximumContext) a listing may be built after"
            } else if let word = (read[block.openingLine] ?? SwiftBlock.of(block.text)).tokens.words.first(
                where: SwiftVocabulary.sourceLocationWords.contains)
            {
                listing.notRun =
                    "it uses \(word), whose value would be where the checker builds it, not where the book shows it"
            } else if let platform = ([index] + contextIndices).first(where: importsPlatformFramework) {
                listing.notRun =
                    "the listing at line \(candidates[platform].openingLine) imports a framework that builds only on "
                    + "Apple platforms"
            }
            listings.append(listing)
        }
        return (listings, findings)
    }

    /// Whether a comment of the snippet says the code beside it does not build or traps: `// Error`,
    /// `// this triggers a runtime error`, `// Invalid, …`, as books mark code shown for its error.
    package static func showsAnError(_ block: FencedBlock) -> Bool {
        let lines = block.content.map(\.text)
        for (line, comment) in zip(lines, LineComments.scan(lines)) {
            guard let comment else { continue }
            let text = String(decoding: Array(line.utf8)[(comment.start + 2)...], as: UTF8.self).lowercased()
            let words = text.split { !$0.isLetter && $0 != "-" }.map(String.init)
            if words.first == "error" || words.first == "invalid" { return true }
            if words.contains("error"), !Set(words).isDisjoint(with: errorVerbs) { return true }
        }
        return false
    }

    /// The words that, with `error`, say a comment marks code that fails.
    private static let errorVerbs: Set<String> = [
        "report", "reports", "cause", "causes", "trigger", "triggers", "compile-time", "runtime",
    ]

    package struct Problem: Error {
        package var message: String
    }

    /// The snippets `continues=NAME` builds the listing at `index` after: the one marked `listing=NAME`
    /// before it, preceded by its own chain.
    private static func chain(continuing name: String, before index: Int, in candidates: [FencedBlock])
        -> Result<[Int], Problem>
    {
        guard !name.isEmpty else {
            return .failure(Problem(message: "attribute 'continues' needs a listing's name: continues=NAME"))
        }
        var chain: [Int] = []
        var wanted: String? = name
        var limit = index
        while let current = wanted {
            guard let found = candidates[..<limit].lastIndex(where: { SnippetOptions($0).listing == current })
            else {
                let message =
                    chain.isEmpty
                    ? "continues=\(current) names no earlier block marked listing=\(current)"
                    : "the listing continued (line \(candidates[chain[0]].openingLine)) continues \(current), "
                        + "which names no earlier block marked listing=\(current)"
                return .failure(Problem(message: message))
            }
            chain.insert(found, at: 0)
            wanted = SnippetOptions(candidates[found]).continues.flatMap { $0.isEmpty ? nil : $0 }
            limit = found
        }
        return .success(chain)
    }

    /// The snippets the listing at `index` is built after by the names it uses, in reading order, with the
    /// names that chose them.
    private static func context(of index: Int, names: [SnippetNames]) -> (chosen: [Int], names: [String]) {
        var chosen: Set<Int> = []
        var usedNames: [String] = []
        var pending = [index]
        while let current = pending.popLast() {
            for name in names[current].needed {
                guard let declaring = (0..<current).last(where: { names[$0].declared.contains(name) }) else {
                    continue
                }
                // The declaration, every snippet after it that uses a name it declares (a book's state changes
                // from listing to listing), and every extension of the name before the listing.
                let declared = names[declaring].declared
                var found = [declaring]
                found += (declaring + 1..<index).filter { !names[$0].used.isDisjoint(with: declared) }
                found += (declaring + 1..<index).filter { names[$0].extended.contains(name) }
                for snippet in found where snippet != index && chosen.insert(snippet).inserted {
                    if current == index, !usedNames.contains(name) { usedNames.append(name) }
                    pending.append(snippet)
                }
            }
        }
        return (chosen.sorted(), usedNames)
    }
}

/// What one snippet declares, extends and needs at its top level.
private struct SnippetNames {
    /// A snippet never built before another declares, extends and uses nothing another could need.
    package mutating func offersNothing() {
        (declared, extended, used) = ([], [], [])
    }

    package init() {
        (declared, extended, used, needed) = ([], [], [], [])
    }

    package var declared: Set<String>
    package var extended: Set<String>
    /// Every name it uses, declared by it or not.
    package var used: Set<String>
    /// The names it uses and does not declare, in order of first use.
    package var needed: [String]

    package init(_ tokens: SwiftTokens) {
        // A member an extension declares is found where it is used after a `.` (`3.repetitions`).
        let declared = Set(tokens.topLevelDeclaredNames + tokens.extensionMemberNames.map { "." + $0 })
        var seen = declared
        self.declared = declared
        extended = Set(tokens.topLevelExtendedNames)
        // An attribute names a type: `@SmallNumber` is a property wrapper an earlier listing declares. A name
        // the snippet binds for a scope of its own (a parameter, a loop variable, a local) is its own.
        let names = tokens.unqualifiedWords.map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }
            .filter { !tokens.locallyBoundNames.contains($0) }
        used = Set(names)
        needed = (names + tokens.qualifiedWords.map { "." + $0 }).filter { seen.insert($0).inserted }
    }
}
