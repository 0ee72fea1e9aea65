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
