/// The lexer's rules for the tokens longer than a character: string and regex literals, comments,
/// placeholders, names, numbers and operators.
package extension SwiftLexer {
    /// A string literal from `index` (its `#`s or its quote): single-line, multi-line (`"""`) or raw
    /// (`#"…"#`, with any number of `#`), with the tokens of each interpolation.
    mutating func lexString() -> StringLiteral {
        let hashes = hashes(at: index)
        index += hashes
        let multiline = at(1) == Byte.quote && at(2) == Byte.quote
        index += multiline ? 3 : 1
        var literal = StringLiteral(
            hashes: hashes, isMultiline: multiline, isTerminated: false, interpolations: [], escapesLineBreak: false)
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Byte.backslash && self.hashes(at: index + 1) >= hashes {
                index += 1 + hashes
                lexEscape(into: &literal)
            } else if byte == Byte.quote && closesString(hashes: hashes, multiline: multiline) {
                index += (multiline ? 3 : 1) + hashes
                literal.isTerminated = true
                return literal
            } else if !multiline && (byte == Byte.newline || startsCRLF(index)) {
                return literal  // a single-line literal ends with its line, closed or not
            } else {
                index += 1
            }
        }
        return literal
    }

    /// What follows a string's backslash (and its `#`s): an interpolation, lexed as code, or one escaped
    /// character.
    private mutating func lexEscape(into literal: inout StringLiteral) {
        guard index < bytes.count else { return }
        switch bytes[index] {
        case Byte.openParenthesis:
            index += 1
            // Interpolations are lexed by recursion, so their nesting is bounded: past the bound, the rest of
            // the source is left unlexed, every literal open around it unterminated.
            guard nesting < Self.maximumNesting else {
                (isTooDeep, index) = (true, bytes.count)
                return
            }
            let backslash = index - 2 - literal.hashes
            nesting += 1
            literal.interpolations.append(lexCode(until: .interpolation(singleLine: !literal.isMultiline)).tokens)
            nesting -= 1
            literal.interpolationRanges.append(backslash..<index)
        case UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "u"):
            literal.escapesLineBreak = true
            index += 1
        case Byte.newline where !literal.isMultiline:
            return
        default:
            index += 1
        }
    }

    private func closesString(hashes: Int, multiline: Bool) -> Bool {
        let quotes = multiline ? 3 : 1
        guard index + quotes <= bytes.count, bytes[index..<(index + quotes)].allSatisfy({ $0 == Byte.quote }) else {
            return false
        }
        return self.hashes(at: index + quotes) >= hashes
    }

    /// What a `#` starts: a raw string, a regex literal with extended delimiters, a directive or literal of
    /// the compiler (`#if`, `#line`), or nothing but itself.
    mutating func lexAfterHash() -> SwiftToken.Kind {
        let count = hashes(at: index)
        let after = index + count
        if after < bytes.count && bytes[after] == Byte.quote {
            pendingLiteral = lexString()
            return .string
        }
        if after < bytes.count && bytes[after] == Byte.slash { return .regex(terminated: skipRegex(hashes: count)) }
        index += 1
        guard count == 1 && startsIdentifier(index) else { return .punctuation }
        skipIdentifier()
        return .poundKeyword
    }

    /// `#/…/#` from its first `#`, or its multi-line form (`#/` at the end of a line); false when it does not
    /// close. Inside, `\` escapes the character after it.
    private mutating func skipRegex(hashes: Int) -> Bool {
        index += hashes + 1
        let multiline = index < bytes.count && (bytes[index] == Byte.newline || startsCRLF(index))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Byte.backslash {
                index += 2
            } else if byte == Byte.slash && self.hashes(at: index + 1) >= hashes {
                index += 1 + hashes
                return true
            } else if !multiline && byte == Byte.newline {
                return false
            } else {
                index += 1
            }
        }
        index = min(index, bytes.count)
        return false
    }

    /// A block comment from its `/*`, to the `*/` that closes it: they nest. False when none does.
    mutating func skipBlockComment() -> Bool {
        var depth = 0
        while index + 1 < bytes.count {
            if bytes[index] == Byte.slash && bytes[index + 1] == Byte.star {
                depth += 1
                index += 2
            } else if bytes[index] == Byte.star && bytes[index + 1] == Byte.slash {
                depth -= 1
                index += 2
                if depth == 0 { return true }
            } else {
                index += 1
            }
        }
        index = bytes.count
        return false
    }

    /// At `<#`: moves past the placeholder when a `#>` closes it on its line, as the compiler requires.
    mutating func skipsPlaceholder() -> Bool {
        var end = index + 2
        while end + 1 < bytes.count && bytes[end] != Byte.newline {
            if bytes[end] == Byte.hash && bytes[end + 1] == Byte.greater {
                index = end + 2
                return true
            }
            end += 1
        }
        return false
    }

    /// `` `name` ``, closed on its line; a lone backtick is punctuation.
    mutating func lexBacktickedIdentifier() -> SwiftToken.Kind {
        var end = index + 1
        while end < bytes.count && bytes[end] != Byte.backtick && bytes[end] != Byte.newline { end += 1 }
        guard end < bytes.count, bytes[end] == Byte.backtick, end > index + 1 else {
            index += 1
            return .punctuation
        }
        index = end + 1
        return .identifier
    }

    /// An integer or floating-point literal: `42`, `1_000`, `0xFF`, `3.14`, `1e-3`, `0x1p4`. A `.` is part
    /// of it only before a digit (`3.repetitions` is a member of 3, `1..<5` a range).
    mutating func skipNumber() {
        let hex = bytes[index] == UInt8(ascii: "0") && (at(1) == UInt8(ascii: "x") || at(1) == UInt8(ascii: "X"))
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if SwiftCharacters.isASCIIWordCharacter(byte) {
                index += 1
            } else if byte == Byte.dot, let next = at(1), SwiftCharacters.isDigit(next) {
                index += 1
            } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"),
                SwiftCharacters.startsExponent(bytes[index - 1], hex: hex)
            {
                index += 1
            } else {
                return
            }
        }
    }

    func startsIdentifier(_ offset: Int) -> Bool {
        guard offset < bytes.count else { return false }
        let byte = bytes[offset]
        if byte < 0x80 { return SwiftCharacters.isASCIIWordCharacter(byte) && !SwiftCharacters.isDigit(byte) }
        return !SwiftCharacters.isOperatorCharacter(scalar(at: offset).value)
    }

    mutating func skipIdentifier() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                guard SwiftCharacters.isASCIIWordCharacter(byte) else { return }
                index += 1
            } else {
                guard !SwiftCharacters.isOperatorHead(scalar(at: index).value) else { return }
                index += scalarLength(at: index)
            }
        }
    }

    /// Operator characters from `index` (and dots, for an operator that starts with one: `...`, `..<`), up to
    /// a comment's start, as the compiler ends an operator there.
    mutating func skipOperator(dots: Bool) {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Byte.slash, let next = at(1), next == Byte.slash || next == Byte.star { return }
            if byte == Byte.dot {
                guard dots else { return }
                index += 1
            } else if SwiftCharacters.isOperatorCharacter(scalar(at: index).value) {
                index += scalarLength(at: index)
            } else {
                return
            }
        }
    }

    /// The Unicode scalar whose UTF-8 encoding starts at `offset` (the source is valid UTF-8).
    func scalar(at offset: Int) -> Unicode.Scalar {
        let length = scalarLength(at: offset)
        guard length > 1 else { return Unicode.Scalar(bytes[offset]) }
        var value = UInt32(bytes[offset]) & (0xFF >> (length + 1))
        for next in (offset + 1)..<min(offset + length, bytes.count) { value = value << 6 | UInt32(bytes[next] & 0x3F) }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    func scalarLength(at offset: Int) -> Int {
        switch bytes[offset] {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
