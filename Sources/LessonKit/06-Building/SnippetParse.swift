/// A snippet's text and the language mode it is parsed in: what its parse depends on, so a snippet printed
/// in many places is parsed once.
struct SnippetSource: Hashable, Sendable {
    /// The text as parsed: elided lines already made empty (see `SnippetElision`).
    var text: String
    var languageMode: LanguageMode
    /// Whether errors at placeholders are dropped: not for a block marked `verbatim`.
    var elides = true
}

/// What parsing one snippet found, independent of where it is printed: diagnostics give lines of the
/// snippet (1 is its first line), which the check maps to the Markdown file.
struct SnippetParse: Codable, Sendable, Hashable {
    /// The first form that parses; nil when none does.
    var form: SnippetForm?
    /// The errors of the snippet as written (its file form), or, for one whose first word names a form
    /// (`case`, `catch`), of that form, with `file` left empty.
    var errors: [CompilerDiagnostic]
    var seconds: Double
    /// The parser could not run (no compiler, a crash, a time-out): checked again next time.
    var toolError: String?
}
