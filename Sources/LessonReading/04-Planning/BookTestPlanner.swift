/// Makes a lesson's book tests (`BookTest`) from its test blocks: the blocks of one name, in order, as one
/// program; the tests that cannot be built here, each with the reason; and the listings that no longer
/// show their test's code (`listing-drift` warnings).
package enum BookTestPlanner {
    package static func tests(of lesson: Lesson) -> (tests: [BookTest], drift: [Int: [Finding]]) {
        guard !lesson.bookTestBlocks.isEmpty else { return ([], [:]) }
        var order: [String] = []
        var blocksByName: [String: [BookTestBlock]] = [:]
        for block in lesson.bookTestBlocks {
            for name in block.names {
                if blocksByName[name] == nil { order.append(name) }
                blocksByName[name, default: []].append(block)
            }
        }
        let names = Set(order)
        let tests = order.map { test(named: $0, blocksByName[$0]!, otherTests: names) }
        // A block two tests share is compared once, for the first.
        var compared = Set<Int>()
        var drift: [Int: [Finding]] = [:]
        for test in tests {
            let findings = test.blocks.filter { compared.insert($0.headerLine).inserted }
                .compactMap { ListingDrift.finding(for: $0, in: lesson, test: test.name) }
            if !findings.isEmpty { drift[test.line] = findings }
        }
        return (tests, drift)
    }

    private static func test(named name: String, _ blocks: [BookTestBlock], otherTests: Set<String>) -> BookTest {
        let lines = blocks.flatMap(\.lines)
        let programBlocks = blocks.map(programBlock)
        return BookTest(
            name: name, blocks: blocks, programBlocks: programBlocks, expectedOutput: lines.filter(\.isOutput),
            expectedDiagnostics: lines.compactMap(ExpectedDiagnostic.init),
            notRun: notRunReason(programBlocks.map(\.text).joined(), otherTests: otherTests))
    }

    /// The block as code at its own lines: what the compiler reads of it.
    private static func programBlock(_ block: BookTestBlock) -> FencedBlock {
        let content = block.lines.map { line in
            let code: String =
                switch line.kind {
                case .shownCode, .hiddenCode, .continuation: line.text
                // The comment's text is a string literal's content, escapes and interpolations included.
                case .printedComment: "print(\"" + line.text + "\")"
                default: ""
                }
            return SourceLine(number: line.number, text: code, ending: "\n")
        }
        let opening = block.openingLine ?? (block.lines.first.map { $0.number - 1 } ?? block.headerLine)
        return FencedBlock(
            fence: Fence(character: "`", length: 3, indentation: 0), info: InfoString("swift"),
            openingLine: opening, closingLine: block.openingLine == nil ? nil : block.lastLine, content: content)
    }

    /// Modules every Swift on Linux has.
    package static let linuxModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "Glibc", "_Concurrency",
        "Synchronization", "RegexBuilder", "Observation", "Distributed", "_StringProcessing",
    ]

    /// Why a test with this code is not built here; nil when it is.
    package static func notRunReason(_ code: String, otherTests: Set<String>) -> String? {
        let read = TopLevelItems(code)
        for token in read.code where token.kind == .attribute || token.kind == .poundKeyword {
            let word = read.source.text(of: token)
            if SwiftVocabulary.objectiveCWords.contains(word) {
                return "it uses \(word), which needs Objective-C interoperability (Swift on Linux has none)"
            }
            if word == "@main" { return "it declares @main, which needs a module with no top-level code" }
        }
        for module in read.importedModules where !linuxModules.contains(module) {
            if otherTests.contains(module) || module.contains("_Module") {
                return "it imports \(module), a module another test builds: tests of several modules are not built"
            }
            return "it imports \(module), a module Swift on Linux does not provide"
        }
        return nil
    }
}
