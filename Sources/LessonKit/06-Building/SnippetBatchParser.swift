import Foundation

/// Parses many snippets in few processes: each worker hands its share (`attemptsWorthAProcess` at least) to
/// one `swift-frontend -parse` call, one file per snippet, and reads each file's diagnostics back. A process
/// costs tens of milliseconds and a parse a fraction of one, so a book of a thousand snippets parses in about
/// as many calls as there are cores. Snippets that fail as files are tried again in every wrapped form,
/// batched the same way.
struct SnippetBatchParser {
    let compiler: SwiftCompiler
    let jobs: Int
    var progress: CheckProgress?

    /// One snippet in one form, parsed as a file of its own.
    private struct Attempt: Sendable {
        var snippet: Int
        var form: SnippetForm
        var text: String
        var languageMode: LanguageMode
        var elides: Bool
    }

    private enum AttemptOutcome: Sendable {
        case parsed(errors: [CompilerDiagnostic], seconds: Double)
        case toolError(String)

        var isToolError: Bool { if case .toolError = self { true } else { false } }
    }

    /// Errors a file that is not `main.swift` gets for top-level code: every file of a batch is such a file,
    /// while a snippet stands alone like a script, where top-level code is valid.
    static let topLevelCodeMessages: Set<String> = [
        "expressions are not allowed at the top level", "statements are not allowed at the top level",
    ]

    func parse(_ snippets: [SnippetSource]) -> [SnippetParse] {
        progress?.expect(snippets: snippets.count)
        var results = snippets.map { _ in SnippetParse(form: nil, errors: [], seconds: 0) }
        let (plain, early) = parseFilesAndFragments(snippets)
        var failing: [Int] = []
        for (index, outcome) in plain.enumerated() {
            switch outcome {
            case .toolError(let message): results[index].toolError = message
            case .parsed(let errors, let seconds):
                results[index].seconds = seconds
                if errors.isEmpty {
                    results[index].form = .file
                } else {
                    results[index].errors = errors
                    failing.append(index)
                }
            }
        }
        progress?.advance(snippets: snippets.count - failing.count)
        let failed = Set(failing)
        tryOtherForms(
            failing, of: snippets, parsedEarly: early.filter { failed.contains($0.0.snippet) }, into: &results)
        progress?.advance(snippets: failing.count)
        return results
    }

    /// Every snippet parsed as a file, and those that start like a fragment (`case .loading:`) in their
    /// likely forms too, in the same processes: a round of processes fewer, each start about 40 ms of a
    /// core. The outcome of each snippet's file form, in order, and the likely forms parsed early of the
    /// snippets whose early forms all were parsed. A parser process that failed is no snippet's doing: the
    /// file forms it held are parsed again without the fragments' forms, and a fragment whose early forms
    /// it held is tried again in the next round, as it would have been.
    private func parseFilesAndFragments(_ snippets: [SnippetSource]) -> (
        files: [AttemptOutcome], early: [(Attempt, AttemptOutcome)]
    ) {
        let files = snippets.indices.map {
            Attempt(
                snippet: $0, form: .file, text: snippets[$0].text, languageMode: snippets[$0].languageMode,
                elides: snippets[$0].elides)
        }
        let early = snippets.indices.filter { SnippetForm.startsLikeAFragment(snippets[$0].text) }
            .flatMap { likelyAttempts(of: $0, in: snippets) }
        let outcomes = run(files + early)
        var plain = Array(outcomes.prefix(files.count))
        let lost = plain.indices.filter { plain[$0].isToolError }
        if !early.isEmpty, !lost.isEmpty {
            for (index, outcome) in zip(lost, run(lost.map { files[$0] })) { plain[index] = outcome }
        }
        let parsedEarly = Array(zip(early, outcomes.dropFirst(files.count)))
        let unsure = Set(parsedEarly.filter { $0.1.isToolError }.map(\.0.snippet))
        return (plain, parsedEarly.filter { !unsure.contains($0.0.snippet) })
    }

    /// Snippet `index` wrapped in each of its likely forms, or with `others` in each other wrapped form.
    private func likelyAttempts(of index: Int, in snippets: [SnippetSource], others: Bool = false) -> [Attempt] {
        let likely = SnippetForm.likelyForms(of: snippets[index].text)
        let forms = others ? SnippetForm.allCases.dropFirst().filter { !likely.contains($0) } : likely
        return forms.map {
            Attempt(
                snippet: index, form: $0, text: $0.wrap(snippets[index].text),
                languageMode: snippets[index].languageMode, elides: snippets[index].elides)
        }
    }

    /// The snippets that do not parse as a file, tried in the other forms: the likely forms of every failing
    /// snippet first (those `parsedEarly` already were, beside the files), then the other forms of those
    /// still failing.
    private func tryOtherForms(
        _ failing: [Int], of snippets: [SnippetSource], parsedEarly: [(Attempt, AttemptOutcome)],
        into results: inout [SnippetParse]
    ) {
        var remaining = failing
        var namedFormErrors: [Int: [CompilerDiagnostic]] = [:]
        let triedEarly = Set(parsedEarly.map(\.0.snippet))
        for stage in 0..<2 {
            let attempts = remaining.filter { stage == 1 || !triedEarly.contains($0) }.flatMap {
                likelyAttempts(of: $0, in: snippets, others: stage == 1)
            }
            let parsed = (stage == 0 ? parsedEarly : []) + Array(zip(attempts, run(attempts)))
            for (attempt, outcome) in parsed {
                switch outcome {
                case .toolError(let message):
                    // A form the parser could not try leaves the verdict open: never cached, checked again.
                    results[attempt.snippet].toolError = message
                case .parsed(let errors, let seconds):
                    results[attempt.snippet].seconds += seconds
                    if errors.isEmpty && results[attempt.snippet].form == nil {
                        results[attempt.snippet].form = attempt.form
                    }
                    let text = snippets[attempt.snippet].text
                    if !errors.isEmpty, attempt.form == SnippetForm.namedByFirstWord(of: text) {
                        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
                        namedFormErrors[attempt.snippet] = attempt.form.unwrapped(errors, lineCount: lineCount)
                    }
                }
            }
            remaining = remaining.filter { results[$0].form == nil }
        }
        // A form that parses settles the verdict, whatever happened to the others.
        for index in failing where results[index].form != nil { results[index].toolError = nil }
        // None parses: the errors of the form the snippet's first word names, where it has some of its own.
        for index in failing where results[index].form == nil {
            if let errors = namedFormErrors[index], !errors.isEmpty { results[index].errors = errors }
        }
    }

    /// The fewest attempts a parser process is given when there are enough to share the cores: starting one
    /// costs about 40 ms of a core, parsing a snippet well under one. A few dozen snippets parse sooner in
    /// one process than in two, and leave the other core to the builds they are parsed beside.
    static let attemptsWorthAProcess = 100

    /// Parses every attempt, in one process per worker (of at least `attemptsWorthAProcess` attempts) and
    /// language mode; outcomes in the order of `attempts`.
    private func run(_ attempts: [Attempt]) -> [AttemptOutcome] {
        var batches: [[Int]] = []
        let byMode = Dictionary(grouping: attempts.indices, by: { attempts[$0].languageMode })
        for mode in byMode.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            let indices = byMode[mode]!
            let size = max(Self.attemptsWorthAProcess, (indices.count + jobs - 1) / max(jobs, 1))
            for start in stride(from: 0, to: indices.count, by: size) {
                batches.append(Array(indices[start..<min(start + size, indices.count)]))
            }
        }
        let outcomes = ParallelMap.map(batches, jobs: jobs) { batch in
            parseBatch(batch.map { attempts[$0] })
        }
        var ordered = [AttemptOutcome?](repeating: nil, count: attempts.count)
        for (batch, results) in zip(batches, outcomes) {
            for (index, outcome) in zip(batch, results) { ordered[index] = outcome }
        }
        return ordered.map { $0! }
    }

    /// One parser process for `batch` (all in one language mode): each attempt's errors, by its file.
    private func parseBatch(_ batch: [Attempt]) -> [AttemptOutcome] {
        let files = batch.indices.map { ProgramFile(name: "snippet\($0).swift", contents: batch[$0].text) }
        let result: CompileResult
        do {
            result = try WorkDirectory.using(prefix: "lesson-parse", base: WorkDirectory.memoryBase) { directory in
                try compiler.parse(files, languageMode: batch[0].languageMode, in: directory.path)
            }
        } catch {
            return batch.map { _ in .toolError("cannot parse the snippet: \(error)") }
        }
        // A parser that fails with no diagnostic at all has crashed or timed out: no snippet is to blame.
        if result.timedOut || (!result.succeeded && result.errors.isEmpty) {
            let output = result.output.trimmingSpaces()
            return batch.map { _ in .toolError("the parser failed: " + (output.isEmpty ? "no output" : output)) }
        }
        var errorsByFile: [String: [CompilerDiagnostic]] = [:]
        for error in result.errors where !Self.topLevelCodeMessages.contains(error.message) {
            var relative = error
            relative.file = ""
            errorsByFile[error.file, default: []].append(relative)
        }
        let share = result.seconds / Double(batch.count)
        return zip(files, batch).map { file, attempt in
            let errors = errorsByFile[file.name] ?? []
            return .parsed(
                errors: attempt.elides ? SnippetElision.withoutPlaceholders(errors, in: attempt.text) : errors,
                seconds: share)
        }
    }
}
