package extension Unicode.Scalar {
    /// A scalar that changes how text around it reads while showing nothing of itself (controls, direction
    /// marks and overrides, line and paragraph separators): kept out of names and escaped in reports.
    var isInvisibleFormatting: Bool {
        switch value {
        case 0x7F...0x9F, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
