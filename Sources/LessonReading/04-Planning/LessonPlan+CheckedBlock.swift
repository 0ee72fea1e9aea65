package extension LessonPlan {
    /// The line the check of the block holding `line` is reported at, or nil when no checked block holds
    /// it: a scenario's opening fence (from its block to its expected block's end), a listing's or a
    /// snippet's, an engine file's or an exercise starter's, or a book test's first `- test:` line.
    /// `lesson check PATH:LINE` and the editor's lenses check that one block.
    func checkedBlock(at line: Int) -> Int? {
        if let opening = program(at: line) { return opening }
        let blocks = snippets + engineFiles.map(\.block) + exerciseStarters.map(\.block)
        return blocks.first { $0.openingLine <= line && line <= $0.lastLine }?.openingLine
    }

    /// The line of the program that holds `line`, when one does: a scenario (its expected block included), a
    /// listing, or a book test.
    func program(at line: Int) -> Int? {
        for scenario in scenarios
        where scenario.block.openingLine <= line && line <= (scenario.expected?.lastLine ?? scenario.block.lastLine) {
            return scenario.block.openingLine
        }
        if let listing = listings.first(where: { $0.block.openingLine <= line && line <= $0.block.lastLine }) {
            return listing.block.openingLine
        }
        return bookTests.first { test in
            test.blocks.contains { $0.headerLine <= line && line <= $0.lastLine }
        }?.line
    }

    /// The part of the plan that checks only the blocks at `openings` (as `checkedBlock(at:)` gives them),
    /// with the engine files they are built with.
    func narrowed(toBlocksAt openings: Set<Int>) -> LessonPlan {
        var narrowed = self
        narrowed.scenarios = scenarios.filter { openings.contains($0.block.openingLine) }
        narrowed.listings = listings.filter { openings.contains($0.block.openingLine) }
        narrowed.bookTests = bookTests.filter { openings.contains($0.line) }
        narrowed.snippets = snippets.filter { openings.contains($0.openingLine) }
        narrowed.exerciseStarters = exerciseStarters.filter { openings.contains($0.block.openingLine) }
        narrowed.blockFindings = blockFindings.filter { openings.contains($0.key) }
        narrowed.warnings = warnings.filter { openings.contains($0.key) }
        return narrowed
    }
}
