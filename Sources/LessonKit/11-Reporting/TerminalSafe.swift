/// Text that is safe to print on a terminal: a program's output can hold escape sequences (a clipboard
/// write, a title change, a cursor move), NUL or BEL, which a report must show, not perform. Every control
/// character but tab is written as an escape a reader can see: `\e` (ESC), `\0` (NUL), `\u{7}`. So are the
/// characters that change how a terminal lays text out without being seen: bidirectional controls (a
/// U+202E override makes `exe.txt` read `txt.exe`), line and paragraph separators, and the byte order mark.
package enum TerminalSafe {
    package static func escape(_ line: String) -> String {
        guard line.unicodeScalars.contains(where: isControl) else { return line }
        var escaped = ""
        for scalar in line.unicodeScalars {
            switch scalar.value {
            case 0x1B: escaped += "\\e"
            case 0x00: escaped += "\\0"
            case _ where isControl(scalar): escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// C0 controls but tab, DEL and C1 controls. A line has no newline in it; a carriage return is shown too.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar.value != 0x09) || (0x7F...0x9F).contains(scalar.value)
            || invisibleLayout.contains(scalar.value)
    }

    /// Bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A–U+202E,
    /// U+2066–U+2069), the line and paragraph separators (U+2028, U+2029) and the byte order mark (U+FEFF).
    private static let invisibleLayout: Set<UInt32> = [
        0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x2028,
        0x2029, 0xFEFF,
    ]
}
