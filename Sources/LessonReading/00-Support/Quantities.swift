/// Byte counts as people read them: `1 MiB`, `512 KiB`, `100 bytes`.
package enum ByteCount {
    package static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// Durations as people read them: `10` for whole seconds, `2.5` otherwise.
package enum Seconds {
    package static func describe(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

/// Line numbers as people read them, runs of consecutive lines joined: `line 5`, `lines 5-7`,
/// `lines 3, 5-7 and 9`.
package enum LineList {
    package static func describe(_ lines: [Int]) -> String {
        var runs: [ClosedRange<Int>] = []
        for line in Set(lines).sorted() {
            if let last = runs.last, last.upperBound + 1 == line {
                runs[runs.count - 1] = last.lowerBound...line
            } else {
                runs.append(line...line)
            }
        }
        let parts = runs.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
        guard let last = parts.last else { return "no line" }
        let word = runs.count == 1 && runs[0].count == 1 ? "line" : "lines"
        return word + " " + (parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last)
    }
}
