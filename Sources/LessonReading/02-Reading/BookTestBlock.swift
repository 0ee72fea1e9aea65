/// One block of a book's hidden test, as The Swift Programming Language keeps them in HTML comments under
/// its listings (docs/book-tests.md):
///
/// ```
/// <!--
///   - test: `name`
///
///   ```swifttest
///   -> shown code            >> hidden code
///   <- shown output          << hidden output
///   /> a comment whose text is printed
///   </ that comment as printed
///   !$ error: an expected diagnostic
///   !! its excerpt
///   xx the program traps here
///   ```
/// -->
/// ```
///
/// All blocks of one name in one file, in order, are one test.
package struct BookTestBlock: Hashable, Sendable {
    /// The names the block's `- test:` line gives (a block may start one test and go on with another).
    package var names: [String]
    /// The line of `- test:`.
    package var headerLine: Int
    /// The line of the `<!--` the block is in.
    package var commentLine: Int
    /// The line of the block's opening fence; nil for a test written without one, its lines up to `-->`.
    package var openingLine: Int?
    /// Every line of the block's body, blank ones included, in order.
    package var lines: [BookTestLine]
    /// The closing fence's line, or the body's last line.
    package var lastLine: Int
}

/// One line of a book test's block, by its prefix.
package struct BookTestLine: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable {
        /// `->`: code the listing shows.
        case shownCode = "->"
        /// `>>`: code the test adds.
        case hiddenCode = ">>"
        /// `<-`: output the listing shows.
        case shownOutput = "<-"
        /// `<<`: output the listing does not show.
        case hiddenOutput = "<<"
        /// `/>`: a comment whose text, interpolations included, is printed.
        case printedComment = "/>"
        /// `</`: that comment's text as printed.
        case commentOutput = "</"
        /// `!$`: an expected diagnostic (`error:`, `warning:`, `note:`).
        case diagnostic = "!$"
        /// `!!`: a line of that diagnostic's excerpt.
        case diagnosticExcerpt = "!!"
        /// `xx`: the program stops here with a runtime error (a failed assertion, an overflow); the text says
        /// which, as the runtime words it on one platform.
        case expectedTrap = "xx"
        /// No prefix: the line goes on with the code above it (an indented body, a multi-line string).
        case continuation = ""
        case blank
    }

    package var number: Int
    package var kind: Kind
    /// The text after the prefix and the space that follows it; for a continuation, the line less the block's
    /// indentation and the prefix's width.
    package var text: String
    /// What comes before `text` on the line as written (indentation, prefix, space), for writing it back.
    package var lead: String

    /// Whether the line is one of the test's expected output.
    package var isOutput: Bool { kind == .shownOutput || kind == .hiddenOutput || kind == .commentOutput }
}
