import Testing

@testable import LessonKit

/// Wrong outputs explained by their shape: each shape a beginner's mistake takes is recognised from the
/// expected and printed lines, and an output that differs in no such way has none.
@Suite struct OutputShapeTests {
    static let expected = ["Ali: 3", "Ayşe: 5", "Can: 2", "toplam: 10"]

    @Test(arguments: [
        (["Ayşe: 5", "Ali: 3", "Can: 2", "toplam: 10"], OutputShape.order),
        (["Ali: 3", "Ayşe: 5", "Can: 2"], .missingEnd),
        (["Ali: 3", "DEBUG sayac=2", "Ayşe: 5", "Can: 2", "toplam: 10"], .extraLine),
        (["Ali: 3", "Ayşe: 5", "Can: 2", "toplam: 10", "bitti"], .extraLine),
        (["Ali: 3", "Ayşe: 5", "Ayşe: 5", "Can: 2", "toplam: 10"], .repeatedOrSkipped),
        (["Ali: 3", "Can: 2", "toplam: 10"], .repeatedOrSkipped),
        (["Ayşe: 5", "Can: 2", "toplam: 10", "Deniz: 0"], .repeatedOrSkipped),
        (["ali:3", "Ayşe 5", "can: 2.", "Toplam:  10"], .spacingOrCase),
        ([], .noOutput),
    ])
    func aWrongOutputOfOneShapeIsNamed(printed: [String], shape: OutputShape) {
        #expect(OutputShape.of(expected: Self.expected, printed: printed) == shape)
    }

    /// Outputs that differ otherwise say nothing: a shape that is not sure is none.
    @Test(arguments: [
        ["Ali: 4", "Ayşe: 5", "Can: 2", "toplam: 11"],
        ["Ali: 3", "Ayşe: 5"],
        ["Ali: 3", "Ayşe: 5", "Can: 2", "toplam: 10", "bitti", "gerçekten bitti"],
        ["Ali: 3", "Ayşe: 5", "Can: 2", "toplam: 9"],
        ["toplam: 10", "Can: 2", "Ayşe: 5", "Ali: 30"],
        Self.expected,
    ])
    func anOutputOfNoShapeIsNotExplained(printed: [String]) {
        #expect(OutputShape.of(expected: Self.expected, printed: printed) == nil)
    }

    /// A program that stopped abnormally after the first expected lines (or none) stopped early; one that
    /// printed everything, or something else, did not.
    @Test func aProgramThatStoppedAfterTheFirstLinesStoppedEarly() {
        #expect(OutputShape.ofStopped(expected: Self.expected, printed: ["Ali: 3", "Ayşe: 5"]) == .stoppedEarly)
        #expect(OutputShape.ofStopped(expected: Self.expected, printed: []) == .stoppedEarly)
        #expect(OutputShape.ofStopped(expected: Self.expected, printed: Self.expected) == nil)
        #expect(OutputShape.ofStopped(expected: Self.expected, printed: ["Ali: 4"]) == nil)
    }

    /// The identifiers `instructor.json` gives the shapes.
    @Test func eachShapeHasItsStableIdentifier() {
        #expect(
            OutputShape.allCases.map(\.rawValue) == [
                "order", "missing-end", "extra-line", "repeated-or-skipped", "spacing-or-case", "stopped-early",
                "no-output",
            ])
    }
}
