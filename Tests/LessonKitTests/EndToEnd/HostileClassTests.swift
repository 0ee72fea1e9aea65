import Foundation
import Glibc
import Testing

@testable import LessonKit

extension WaitingTests {
    /// Hostile submissions, graded as a class: each is stopped within its limit with a message naming the
    /// limit, nothing it started survives, the lesson and hidden tests stay unread, nothing it writes outside
    /// its folder remains, and no connection is made.
    @Suite struct HostileClassTests {
        private let root = TestSupport.packageRoot
        /// The hostile submissions try these fixed paths.
        private let secrets = "/var/lib/lesson-grading-secrets"
        /// The class's sandbox users, of its own: other Swift Testing suites grade at the same time, as 61000
        /// and up, and what they run must not count as this class's survivors.
        private static let firstUID = 63_000

        private static var containable: Bool {
            let sandbox = Sandbox.detect(policy: SandboxPolicy())
            return sandbox.usesNamespaces && sandbox.usesSeparateUser
        }

        @Test(.enabled(if: containable, "containment needs root, unshare and setpriv"))
        func hostileClassIsContainedAndEveryStudentGetsAResult() throws {
            try? FileManager.default.removeItem(atPath: secrets)
            try FileManager.default.createDirectory(atPath: secrets + "/hidden", withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: root + "/Fixtures/grading/scenario-exercise.md", toPath: secrets + "/lesson.md")
            try Data("secret".utf8).write(to: URL(fileURLWithPath: secrets + "/hidden/tree-count.md"))
            defer { try? FileManager.default.removeItem(atPath: secrets) }
            try? FileManager.default.removeItem(atPath: "/tmp/lesson-grading-escape.txt")
            let listener = try Listener(port: 47613)
            defer { listener.close() }
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("class-\(UUID().uuidString)")
                .path
            defer { try? FileManager.default.removeItem(atPath: output) }

            let result = try TestSupport.runLesson([
                "grade", "--lesson", secrets + "/lesson.md", "--exercise", "tree-count", "--submissions",
                "Fixtures/grading/hostile", "--output", output, "--timeout", "8", "--cpu-limit", "2", "--max-output",
                "64K", "--uid-base", String(Self.firstUID),
            ])
            #expect(result.status == 0, "\(result.standardError)")

            let students = [
                "flood", "loop-forever", "memory", "processes", "read-files", "sleep-forever", "socket", "symlinked",
                "two-files", "write-files",
            ]
            let summary = try String(contentsOfFile: output + "/summary.csv", encoding: .utf8)
            let rows = summary.split(separator: "\n").map { $0.split(separator: ",").prefix(4).joined(separator: ",") }
            #expect(
                rows
                    == ["student,score,max_score,status"]
                    + students.map { ["two-files", "symlinked"].contains($0) ? "\($0),0,1,error" : "\($0),0,1,fail" })
            for student in students {
                let path = output + "/\(student)/results.json"
                let text = try String(contentsOfFile: path, encoding: .utf8)
                try GoldenFile.expectMatches(
                    text, golden: "Fixtures/grading/expected/hostile/\(student).exercism.json", student)
            }

            let survivors = try TestSupport.processes(ownedBy: Self.firstUID..<(Self.firstUID + 64))
            #expect(survivors == [], "processes a submission started are still alive")
            #expect(!FileManager.default.fileExists(atPath: "/tmp/lesson-grading-escape.txt"))
            #expect(!FileManager.default.fileExists(atPath: "/run/lock/lesson-escape.txt"))
            #expect(!FileManager.default.fileExists(atPath: secrets + "/evil.txt"))
            #expect(listener.acceptedConnections() == 0, "a submission reached a server on this machine")
        }

        /// A TCP server on the loopback interface that counts the connections it accepts.
        private final class Listener {
            private let descriptor: Int32

            init(port: UInt16) throws {
                descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                var yes: Int32 = 1
                setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = in_port_t(port).bigEndian
                address.sin_addr.s_addr = inet_addr("127.0.0.1")
                let bound = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
                guard bound == 0, listen(descriptor, 16) == 0 else {
                    throw LessonError(.system, "cannot listen on port \(port)")
                }
                _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
            }

            func acceptedConnections() -> Int {
                var count = 0
                while true {
                    let client = accept(descriptor, nil, nil)
                    if client < 0 { return count }
                    Glibc.close(client)
                    count += 1
                }
            }

            func close() { Glibc.close(descriptor) }
        }
    }
}
