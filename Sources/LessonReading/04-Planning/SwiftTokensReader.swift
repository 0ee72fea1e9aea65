/// Reads a listing's tokens, in order, into its `SwiftTokens`. Comments are skipped, as the compiler skips
/// them; a string literal is one token, whose interpolations' words are the listing's words too; an
/// operator or a character of punctuation is read character by character (`->`, `<` and `>` around a
/// generic type, `,` and `:` in a parameter list).
package struct SwiftTokensReader {
    package let source: LexedSource
    private var result = SwiftTokens()
    private var depth = 0
    private var declaring = false  // the next word is a declared name
    private var binding = false  // inside `let`/`var` at the top level, until the end of the line
    private var tupleDepth: Int?  // inside `let (a, b)`: every word is a declared name
    private var opened: [UInt8] = []  // the brackets open, innermost last
    private var afterDot = false  // the last token that is not a line break was a `.`
    private var extending = false  // the next word is an extended type
    private var inExtension = false  // a top-level `extension` was the last declaration
    private var extensionBody = false  // inside the braces of a top-level extension
    private var declaringMember = false  // the next word is a member the extension declares
    private var condition = false  // after `if`, `while`, `case`… at the top level: `let` binds for the body alone
    private var annotation = false  // in a top-level binding's type, after its `:` and before its `=`
    private var angles = 0  // `<` open in that type (`Dictionary<String, Int>`)
    private var bindsNext = false  // the next word, or the words of the next parentheses, are bound
    private var bindsInCondition = false  // that binding is an `if let`/`guard let`/`while let`
    private var boundParentheses: Int?  // the depth of the parentheses whose words are bound (`let (a, b)`)
    private var parameters: Int?  // the depth of a parameter list; its words before a `:` are bound
    private var beforeColon = false  // in a parameter list, before the `:` of the current parameter
    private var expectsParameters = false  // after `func`, `init` or `subscript`, until its `(`
    private var head: SwiftTokens.BinderHead?  // the words of a closure's or a loop's head, which an `in` binds
    private var braces: [Bool] = []  // the braces open, each true when it is a type's body (its members bind nothing)
    private var typeBodyNext = false  // after `struct`, `class`, `enum`, `extension`, `actor`, `protocol`
    private var conditionDepth: Int?  // the depth of an open `if`, `guard` or `while` condition
    private var conditionName: String?  // `if let NAME`: bound by `= …`; shorthand (`if let NAME {`), a use
    private var topLevelUses: Set<String> = []  // names used outside every brace, where no local binding reaches
    private var previous = Byte.space  // the last character read that is no word's

    package init(source: LexedSource) { self.source = source }

    package mutating func read(_ token: SwiftToken) {
        let bytes = source.bytes
        let first = bytes[token.range.lowerBound]
        switch token.kind {
        case .lineComment, .blockComment:
            return
        case .identifier, .poundKeyword, .attribute:
            resolveConditionName(first, next: Self.byte(after: token.range.lowerBound, in: bytes))
            readWord(Self.name(source.text(of: token)))
        case .open, .close:
            resolveConditionName(first, next: Self.byte(after: token.range.lowerBound, in: bytes))
            if token.kind == .open { readOpen(first) } else { readClose(first) }
            finishCharacter(first)
        case .string:
            resolveConditionName(first, next: Self.byte(after: token.range.lowerBound, in: bytes))
            for interpolation in token.literal?.interpolations ?? [] {
                var inner = SwiftTokensReader(source: source)
                for token in interpolation { inner.read(token) }
                result.words += inner.result.words
                result.unqualifiedWords += inner.result.unqualifiedWords
            }
            finishCharacter(Byte.quote)
        case .operator, .punctuation, .newline:
            // Each character, as `->` and the angles of `Array<Array<Int>>` are read one by one.
            for offset in token.range where bytes[offset] & 0xC0 != 0x80 {
                resolveConditionName(bytes[offset], next: Self.byte(after: offset, in: bytes))
                if readOther(bytes[offset]) { finishCharacter(bytes[offset]) }
            }
        case .number, .regex, .placeholder:
            resolveConditionName(first, next: Self.byte(after: token.range.lowerBound, in: bytes))
            finishCharacter(first)
        }
    }

    // Static, as a method of the reader would be called on a copy of all its state in a debug build.
    private static func byte(after offset: Int, in bytes: [UInt8]) -> UInt8? {
        offset + 1 < bytes.count ? bytes[offset + 1] : nil
    }

    /// A name without the backticks it may be written in (`` `default` ``).
    private static func name(_ text: String) -> String {
        text.hasPrefix("`") && text.hasSuffix("`") && text.count > 1 ? String(text.dropFirst().dropLast()) : text
    }

    package mutating func finished() -> SwiftTokens {
        // A name used where no local binding reaches is the global's (`func greet(name:)` then `greet(name:
        // name)`), and one declared at the top level is the source's own.
        result.locallyBoundNames.subtract(result.topLevelDeclaredNames)
        result.locallyBoundNames.subtract(topLevelUses)
        return result
    }

    /// `if let x = x`: the name is bound (and the `x` after `=` a use); `if let x {`: a use.
    private mutating func resolveConditionName(_ character: UInt8, next: UInt8?) {
        guard let name = conditionName else { return }
        if character == UInt8(ascii: "=") && next != UInt8(ascii: "=") {
            result.locallyBoundNames.insert(name)
        } else if braces.isEmpty {
            topLevelUses.insert(name)
        }
        conditionName = nil
    }

    private mutating func readOpen(_ character: UInt8) {
        if declaring && depth == 0 && character == Byte.openParenthesis && !condition { tupleDepth = 1 }
        if depth == 0 { extensionBody = inExtension && character == Byte.openBrace }
        if depth == 0 && character == Byte.openBrace { condition = false }
        if character == Byte.openParenthesis && bindsNext && boundParentheses == nil { boundParentheses = depth + 1 }
        if character == Byte.openParenthesis && expectsParameters && parameters == nil {
            (parameters, beforeColon, expectsParameters) = (depth + 1, true, false)
        }
        if character == Byte.openParenthesis, head?.base == depth { head?.beforeColon = true }
        if character == Byte.openBrace {
            expectsParameters = false
            if conditionDepth == depth { conditionDepth = nil }
            braces.append(typeBodyNext)
            typeBodyNext = false
            head = SwiftTokens.BinderHead(base: depth + 1, closure: true)
        }
        bindsNext = false
        depth += 1
        opened.append(character)
    }

    private mutating func readClose(_ character: UInt8) {
        depth -= 1
        _ = opened.popLast()
        if depth == 0 {
            tupleDepth = nil
            if extensionBody { (extensionBody, inExtension) = (false, false) }
        }
        if let bound = boundParentheses, depth < bound { boundParentheses = nil }
        if let list = parameters, depth < list { parameters = nil }
        if let base = head?.base, depth < base { head = nil }
        if character == Byte.closeBrace { _ = braces.popLast() }
    }
}

package extension SwiftTokensReader {
    private mutating func readWord(_ word: String) {
        result.words.append(word)
        if afterDot { result.qualifiedWords.append(word) } else { result.unqualifiedWords.append(word) }
        if declaringMember && depth == 1 { result.extensionMemberNames.append(word) }
        declaringMember = extensionBody && depth == 1 && ["func", "var", "let", "case"].contains(word)
        if depth == 0 && (word == "extension" || SwiftVocabulary.declaringWords.contains(word)) {
            inExtension = word == "extension"
        }
        if depth == 0 { result.topLevelWords.append(word) }
        bindName(word)
        bindsInCondition = conditionDepth == depth && (word == "let" || word == "var")
        bindsNext = !afterDot && SwiftVocabulary.bindingWords.contains(word)
        if !afterDot && ["func", "init", "subscript"].contains(word) { expectsParameters = true }
        if !afterDot && SwiftVocabulary.typeWords.contains(word) { typeBodyNext = true }
        if word == "for" && !afterDot { head = SwiftTokens.BinderHead(base: depth, closure: false) }
        if !afterDot && ["if", "guard", "while"].contains(word) { conditionDepth = depth }
        if depth == 0 && ["if", "while", "case", "for", "catch", "switch"].contains(word) { condition = true }
        if depth == 0 && word == "guard" { condition = false }
        afterDot = false
        if (declaring && depth == 0 && !condition) || tupleDepth != nil { result.topLevelDeclaredNames.append(word) }
        if extending { result.topLevelExtendedNames.append(word) }
        extending = depth == 0 && word == "extension"
        let introducesBinding = depth == 0 && (word == "let" || word == "var") && !condition
        declaring = depth == 0 && SwiftVocabulary.declaringWords.contains(word)
        if introducesBinding { (binding, annotation, angles) = (true, false, 0) }
    }

    /// Whether the word is a name bound for a scope of its own, a closure's or a loop's head's, or a use at
    /// the top level.
    private mutating func bindName(_ word: String) {
        // A member of a type binds nothing: `struct User { var name … }` leaves a global `name` needed.
        let member = braces.last == true && (bindsNext || boundParentheses != nil)
        let binds = !afterDot && !member && (bindsNext || boundParentheses != nil)
        if binds && bindsInCondition && bindsNext {
            conditionName = word
        } else if (binds || (parameters == depth && beforeColon)) && !afterDot {
            result.locallyBoundNames.insert(word)
        } else if word == "in", let open = head, open.base == depth {
            result.locallyBoundNames.formUnion(open.names)
            head = nil
        } else if !afterDot, var open = head, open.takes(word, depth: depth, innermost: opened.last) {
            open.names.append(word)
            head = open
        } else if braces.isEmpty && !afterDot && !member {
            topLevelUses.insert(word)
        }
    }

    /// A character of an operator, of punctuation or a line break; false when what `finishCharacter` does
    /// after any other must not be done (a comma that declares the next name of a binding).
    private mutating func readOther(_ character: UInt8) -> Bool {
        // `let a = 1,⏎ b = 2`: the line goes on with the binding's next name.
        if character == Byte.newline && depth == 0 && binding && declaring { return false }
        if depth == 0 && (character == Byte.newline || character == UInt8(ascii: ";")) { binding = false }
        if character == Byte.newline {
            head = nil
            if depth == 0 { condition = false }
            if conditionDepth == depth { conditionDepth = nil }
        }
        let colon = character == UInt8(ascii: ":")
        let comma = character == UInt8(ascii: ",")
        if parameters == depth && colon { beforeColon = false }
        if parameters == depth && comma { beforeColon = true }
        if let base = head?.base, depth == base + 1, opened.last == Byte.openParenthesis {
            if colon { head?.beforeColon = false }
            if comma { head?.beforeColon = true }
        }
        if character == Byte.greater && previous == UInt8(ascii: "-"), head?.base == depth { head?.afterArrow = true }
        readInBinding(character)
        // `let a = 1, b = 2`: a comma at the top level of a binding declares the next name too; one inside a
        // generic type's brackets (`Dictionary<String, Int>`) does not.
        if depth == 0 && binding && comma && angles == 0 {
            (declaring, annotation) = (true, false)
            return false
        }
        return true
    }

    /// A top-level binding's type annotation, and the angle brackets open in it.
    private mutating func readInBinding(_ character: UInt8) {
        guard depth == 0 else { return }
        if binding && character == UInt8(ascii: ":") { annotation = true }
        if binding && character == UInt8(ascii: "=") { (annotation, angles) = (false, 0) }
        if annotation && character == Byte.less { angles += 1 }
        if annotation && character == Byte.greater && angles > 0 && previous != UInt8(ascii: "-") { angles -= 1 }
    }

    /// After any character that is no word's: what it ends.
    private mutating func finishCharacter(_ character: UInt8) {
        if !(character == Byte.openParenthesis && tupleDepth != nil) { declaring = false }
        if bindsNext && result.words.last == "func"
            && ![Byte.openParenthesis, Byte.less, Byte.backtick].contains(character)
        {
            result.declaresOperatorFunction = true
        }
        bindsNext = false
        let before = previous
        previous = character
        if character != Byte.newline {
            // A member follows one `.`; a name follows the last dot of a range's operator (`1...max(a, b)`).
            afterDot = character == Byte.dot && before != Byte.dot
            extending = false
        }
    }
}
