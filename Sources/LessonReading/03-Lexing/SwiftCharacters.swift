/// Which characters make names, numbers and operators, as The Swift Programming Language's lexical grammar
/// says ("Identifiers", "Operators").
package enum SwiftCharacters {
    /// A letter, a digit, `_` or `$`: what continues a name (and a number's digits and suffixes).
    package static func isASCIIWordCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(
                ascii: "0")...UInt8(
                ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
            true
        default: false
        }
    }

    package static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Whether a sign after `byte` belongs to a number's exponent (`1e-3`, `0x1p+4`).
    package static func startsExponent(_ byte: UInt8, hex: Bool) -> Bool {
        let lowered = byte | 0x20
        return hex ? lowered == UInt8(ascii: "p") : lowered == UInt8(ascii: "e")
    }

    /// A character that starts an operator: `/ = - + ! * % < > & | ^ ~ ?` and the Unicode ranges the grammar
    /// lists (`…`, `√`, arrows, mathematical symbols, and more).
    package static func isOperatorHead(_ value: UInt32) -> Bool {
        if value < 0x80 { return asciiOperators.contains(value) }
        return operatorHeadRanges.contains { $0.contains(value) }
    }

    /// A character of an operator after its first: an operator head, or a combining mark.
    package static func isOperatorCharacter(_ value: UInt32) -> Bool {
        isOperatorHead(value) || combiningRanges.contains { $0.contains(value) }
    }

    private static let asciiOperators: Set<UInt32> = Set("/=-+!*%<>&|^~?".unicodeScalars.map(\.value))

    private static let operatorHeadRanges: [ClosedRange<UInt32>] = [
        0xA1...0xA7, 0xA9...0xA9, 0xAB...0xAC, 0xAE...0xAE, 0xB0...0xB1, 0xB6...0xB6, 0xBB...0xBB, 0xBF...0xBF,
        0xD7...0xD7, 0xF7...0xF7, 0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053,
        0x2055...0x205E, 0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F, 0x3001...0x3003,
        0x3008...0x3020, 0x3030...0x3030,
    ]

    private static let combiningRanges: [ClosedRange<UInt32>] = [
        0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF,
    ]
}
