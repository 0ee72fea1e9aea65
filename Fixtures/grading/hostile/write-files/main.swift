// main.swift — writes files inside and outside its folder
import Foundation
for path in ["own.txt", "/tmp/lesson-grading-escape.txt", "/var/lib/lesson-grading-secrets/evil.txt", "/etc/lesson-evil", "/run/lock/lesson-escape.txt"] {
    let written = FileManager.default.createFile(atPath: path, contents: Data("x".utf8))
    print("\(path): \(written ? "written" : "refused")")
}
