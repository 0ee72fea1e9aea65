/// Text that is safe to print on a terminal: a program's output can hold escape sequences (a clipboard
/// write, a title change, a cursor move), NUL or BEL, which a report must show, not perform. Every control
/// character but tab is written as an escape a reader can see: `\e` (ESC), `\0` (NUL), `\u{7}`.
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
    }
}
