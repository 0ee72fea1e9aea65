/// A book's runnable listing: a snippet of a lesson with no engine whose comments state what it prints
/// (`// Prints "…"`). It is built, after the earlier listings it needs (its context), and run; what it prints
/// after its context ran is compared with its comments.
package struct Listing: Hashable, Sendable {
    /// How the listings it is built after were chosen.
    package enum ContextRule: Hashable, Sendable {
        /// It uses no name an earlier listing declares: built on its own.
        case alone
        /// The nearest earlier listing that declares each name it uses, and theirs in turn, with the names.
        case names([String])
        /// `continues=NAME`: the listing named `listing=NAME`, and what that one continues.
        case continues(String)
    }

    package var block: FencedBlock
    package var outputComments: OutputComments
    /// The earlier listings built before it, in reading order.
    package var context: [FencedBlock]
    package var rule: ContextRule
    /// Why it is not built at all (too many listings before it, an Apple-only import): a note.
    package var notRun: String?

    /// `after lines 12-15, 30-34` or `alone`, for `lesson list` and notes.
    package var contextDescription: String {
        guard !context.isEmpty else { return "alone" }
        let ranges = context.map { "\($0.openingLine)-\($0.lastLine)" }
        return "after lines \(ranges.joined(separator: ", "))"
    }

    /// What made the context, in a few words: `for score, Point`, `continues tally`.
    package var ruleDescription: String {
        switch rule {
        case .alone: ""
        case .names(let names): "for " + names.joined(separator: ", ")
        case .continues(let name): "continues " + name
        }
    }
}
