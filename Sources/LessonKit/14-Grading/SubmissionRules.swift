/// What a submission may not hold, found in its tokens (`LexedSource`): comments and string literals are not
/// code, so a comment that mentions `#warning` refuses nothing. One pass over the bytes, whatever the
/// submission holds: a megabyte is read in milliseconds.
///
/// Refused: the directives `#sourceLocation` (it moves where the compiler reports errors), `#error` and
/// `#warning` (their messages could read as the grader's), and an `@available(…)` attribute whose arguments
/// hold a string that breaks lines (an escape `\n`, `\r` or `\u{…}`, or a multi-line string), which the
/// compiler would print as lines of its own.
enum SubmissionRules {
    /// Why the submission is refused, or nil.
    static func refusal(of source: String) -> UngradableReason? {
        let lexed = LexedSource(source)
        if lexed.isTooDeep {
            return .nestedTooDeep(maximum: SwiftLexer.maximumNesting)
        }
        let found = scan(lexed)
        if found.sourceLocation {
            return .sourceLocation
        }
        if found.diagnosticDirective {
            return .diagnosticDirective
        }
        if found.availabilityBreaksLines {
            return .availabilityBreaksLines
        }
        return nil
    }

    struct Found: Equatable {
        var sourceLocation = false
        var diagnosticDirective = false
        var availabilityBreaksLines = false
    }

    /// One pass over the tokens (an interpolation's after its literal's): the directives, and the strings
    /// inside the parentheses right after an `@available` (line breaks and comments between them aside).
    static func scan(_ source: LexedSource) -> Found {
        var found = Found()
        var depth = 0
        var arguments: Int?  // the depth inside the parentheses of the `@available` being read
        var afterAvailable = false
        var previous: SwiftToken?
        for token in source.allTokens where token.isCode {
            defer { previous = token }
            if afterAvailable, arguments == nil, source.token(token, is: "(") { arguments = depth + 1 }
            afterAvailable = token.kind == .attribute && source.token(token, is: "@available")
            switch token.kind {
            case .open:
                depth += 1
            case .close:
                depth -= 1
                if let open = arguments, depth < open { arguments = nil }
            // `value#warning` is a name and a stray word, no directive: the build fails on it as it is.
            case .poundKeyword
            where previous?.kind != .identifier || previous?.range.upperBound != token.range.lowerBound:
                switch source.text(of: token) {
                case "#sourceLocation": found.sourceLocation = true
                case "#error", "#warning": found.diagnosticDirective = true
                default: break
                }
            case .string where arguments != nil:
                guard let literal = token.literal else { break }
                if literal.isMultiline || literal.escapesLineBreak { found.availabilityBreaksLines = true }
            default:
                break
            }
        }
        return found
    }
}
