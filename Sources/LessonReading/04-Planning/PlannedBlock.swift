/// A fenced block with the planner's reading of its Swift: what a job builds, read once. Its fenced block's
/// properties read through it (`block.openingLine`); two are the same block when their fenced blocks are (the
/// reading is of the block's text: a debug build checks it).
@dynamicMemberLookup
package struct PlannedBlock: Hashable, Sendable {
    package let fenced: FencedBlock
    package let swift: SwiftBlock

    /// `fenced` with the reading planning made of it.
    package init(_ fenced: FencedBlock, swift: SwiftBlock) {
        assert(swift.text == fenced.text, "the reading of another text than the block's, at line \(fenced.openingLine)")
        self.fenced = fenced
        self.swift = swift
    }

    /// `fenced`, read now: a block no plan read (one a test makes).
    package init(reading fenced: FencedBlock) {
        self.init(fenced, swift: SwiftBlock(fenced.text))
    }

    package subscript<Value>(dynamicMember path: KeyPath<FencedBlock, Value>) -> Value { fenced[keyPath: path] }

    package static func == (left: PlannedBlock, right: PlannedBlock) -> Bool { left.fenced == right.fenced }
    package func hash(into hasher: inout Hasher) { hasher.combine(fenced) }
}
