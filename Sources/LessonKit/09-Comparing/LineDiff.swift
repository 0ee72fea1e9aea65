/// A line-level diff: the edit script that turns `old` into `new`, and its rendering as unified hunks.
package struct LineDiff: Sendable {
    package enum Edit: Hashable, Sendable {
        case same(old: Int, new: Int)
        case removed(old: Int)
        case inserted(new: Int)
    }

    package let old: [String]
    package let new: [String]
    package let edits: [Edit]

    /// Above this product of the two middles' lengths the middle of a diff is shown as removed then inserted,
    /// not aligned line by line: aligning a flood of output with little in common takes time that grows with
    /// both lengths.
    static let alignmentBudget = 4_000_000

    package init(old: [String], new: [String]) {
        self.old = old
        self.new = new
        var prefix = 0
        while prefix < old.count && prefix < new.count && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix && suffix < new.count - prefix
            && old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        var edits = (0..<prefix).map { Edit.same(old: $0, new: $0) }
        edits += Self.align(old, prefix..<(old.count - suffix), new, prefix..<(new.count - suffix))
        edits += (0..<suffix).map { Edit.same(old: old.count - suffix + $0, new: new.count - suffix + $0) }
        self.edits = edits
    }

    /// The two middles aligned by the standard library's `difference(from:)` (Myers' algorithm: time and
    /// memory grow with the size of the difference, not with the product of the lengths), removals before
    /// insertions where both apply.
    private static func align(_ old: [String], _ oldRange: Range<Int>, _ new: [String], _ newRange: Range<Int>)
        -> [Edit]
    {
        let rows = oldRange.count
        let columns = newRange.count
        if rows == 0 || columns == 0 || rows * columns > alignmentBudget {
            return oldRange.map { Edit.removed(old: $0) } + newRange.map { Edit.inserted(new: $0) }
        }
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in new[newRange].difference(from: old[oldRange]) {
            switch change {
            case .remove(let offset, _, _): removed.insert(oldRange.lowerBound + offset)
            case .insert(let offset, _, _): inserted.insert(newRange.lowerBound + offset)
            }
        }
        var edits: [Edit] = []
        var i = oldRange.lowerBound
        var j = newRange.lowerBound
        while i < oldRange.upperBound || j < newRange.upperBound {
            if i < oldRange.upperBound && removed.contains(i) {
                edits.append(.removed(old: i))
                i += 1
            } else if j < newRange.upperBound && inserted.contains(j) {
                edits.append(.inserted(new: j))
                j += 1
            } else {
                edits.append(.same(old: i, new: j))
                i += 1
                j += 1
            }
        }
        return edits
    }

    /// Unified hunks with `context` lines around each change. Both sides are numbered from `firstLine`, so
    /// the numbers are the lesson's own lines: the old side as the lesson has it, the new side as it would
    /// read with the actual output in its place.
    package func unifiedHunks(context: Int = 3, firstLine: Int = 1) -> [DiffLine] {
        unifiedHunks(context: context, numbering: .from(firstLine))
    }

    /// Unified hunks with `context` lines around each change, both sides numbered by `numbering`.
    package func unifiedHunks(context: Int = 3, numbering: LineNumbering) -> [DiffLine] {
        let changed = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
        guard !changed.isEmpty else { return [] }
        var groups: [ClosedRange<Int>] = []
        for index in changed {
            let low = max(0, index - context)
            let high = min(edits.count - 1, index + context)
            if let last = groups.last, low <= last.upperBound + 1 {
                groups[groups.count - 1] = last.lowerBound...high
            } else {
                groups.append(low...high)
            }
        }
        var lines: [DiffLine] = []
        for group in groups {
            let slice = edits[group]
            let oldLines = slice.compactMap { edit -> Int? in
                switch edit {
                case .same(let old, _), .removed(let old): old
                case .inserted: nil
                }
            }
            let newLines = slice.compactMap { edit -> Int? in
                switch edit {
                case .same(_, let new), .inserted(let new): new
                case .removed: nil
                }
            }
            let oldStart = numbering.line(
                oldLines.first ?? Self.position(before: group.lowerBound, in: edits, old: true))
            let newStart = numbering.line(
                newLines.first ?? Self.position(before: group.lowerBound, in: edits, old: false))
            lines.append(.hunk(old: oldStart, oldCount: oldLines.count, new: newStart, newCount: newLines.count))
            for edit in slice {
                switch edit {
                case .same(let old, _): lines.append(.same(self.old[old]))
                case .removed(let old): lines.append(.removed(self.old[old]))
                case .inserted(let new): lines.append(.inserted(self.new[new]))
                }
            }
        }
        return lines
    }

    /// The index a side reaches just before `editIndex`, for hunks that hold no line of that side.
    private static func position(before editIndex: Int, in edits: [Edit], old: Bool) -> Int {
        var count = 0
        for edit in edits[..<editIndex] {
            switch edit {
            case .same: count += 1
            case .removed: if old { count += 1 }
            case .inserted: if !old { count += 1 }
            }
        }
        return count
    }
}

/// How a diff numbers the expected lines with the lesson's: from a first line on (an expected block), or each
/// at the line of the comment that states it (output comments), the lines past the last one numbered on from
/// the last comment's line.
package enum LineNumbering: Hashable, Sendable {
    case from(Int)
    case lines([Int], last: Int)

    /// The lesson's line of the line at `index` (0-based).
    package func line(_ index: Int) -> Int {
        switch self {
        case .from(let first): first + index
        case .lines(let lines, let last): index < lines.count ? lines[index] : last + 1 + index - lines.count
        }
    }
}
