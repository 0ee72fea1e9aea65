import Foundation
import XCTest

@testable import LessonKit

/// An adopted orphan that ends is reaped after the next program, not left a zombie until the command ends.
/// An XCTest case, so that no other test starts processes while this one is their reaper.
final class OrphanReapingTests: XCTestCase {
    func testAnOrphanThatEndsIsReapedAfterTheNextProgram() throws {
        Orphans.adopt()
        defer { Orphans.disown() }
        try XCTSkipUnless(Orphans.adopted, "this system does not let a process adopt orphans")
        let limits = ProcessLimits(timeout: 10, outputLimit: 1024)
        // A child in a session of its own, which outlives the shell's process group and ends after it: a second
        // after, so that on a loaded machine it has not ended (and been reaped) by the time the shell's run
        // returns. The shell ends only once the child is in its own session (field 6 of its `stat`): until
        // then it is in the shell's group, which the runner kills when the shell ends (on a loaded machine,
        // one run in eight).
        let script = """
            setsid sleep 1 </dev/null >/dev/null 2>&1 &
            child=$!
            while [ "$(cut -d ' ' -f 6 /proc/$child/stat 2>/dev/null)" != "$child" ]; do :; done
            echo $child
            """
        let started = try Subprocess.run(
            "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"], limits: limits)
        let printed = String(decoding: started.standardOutput, as: UTF8.self)
        let orphan = try XCTUnwrap(pid_t(printed.filter(\.isNumber)), "the shell printed \(printed)")
        XCTAssertEqual(ProcessTree.children(of: getpid()), [orphan], "adopted once its shell ended")
        Thread.sleep(forTimeInterval: 1.5)
        XCTAssertEqual(state(of: orphan), "Z", "ended, and not reaped yet")
        _ = try Subprocess.run("/bin/sh", arguments: ["-c", "exit 0"], environment: [:], limits: limits)
        XCTAssertNil(state(of: orphan), "reaped after the next program")
        XCTAssertEqual(ProcessTree.children(of: getpid()), [])
    }

    /// A grandchild whose session leader has ended is an orphan in no group of its own: the sweep kills it
    /// too, rather than waiting for it without end (a check that printed its summary and never exited).
    func testAnOrphanInNoGroupOfItsOwnIsKilledByTheSweep() throws {
        Orphans.adopt()
        defer { Orphans.disown() }
        try XCTSkipUnless(Orphans.adopted, "this system does not let a process adopt orphans")
        // `setsid` makes the inner shell a session leader; its `sleep` is in the shell's group, and outlives it.
        let started = try Subprocess.run(
            "/bin/sh", arguments: ["-c", "setsid /bin/sh -c 'sleep 300 </dev/null >/dev/null 2>&1 & echo $!'"],
            environment: ["PATH": "/usr/bin:/bin"], limits: ProcessLimits(timeout: 10, outputLimit: 1024))
        let printed = String(decoding: started.standardOutput, as: UTF8.self)
        let orphan = try XCTUnwrap(pid_t(printed.filter(\.isNumber)), "the shell printed \(printed)")
        XCTAssertEqual(ProcessTree.children(of: getpid()), [orphan], "adopted once its session leader ended")
        XCTAssertNotEqual(getpgid(orphan), orphan, "in its ended leader's group")
        let swept = DispatchSemaphore(value: 0)
        Thread {
            Orphans.sweep()
            swept.signal()
        }.start()
        let finished = swept.wait(timeout: .now() + 10) == .success
        if !finished {
            kill(orphan, SIGKILL)
            swept.wait()
        }
        XCTAssertTrue(finished, "the sweep waited for an orphan it did not kill")
        XCTAssertNil(state(of: orphan))
    }

    /// The state letter of `/proc/PID/stat`, nil when there is no such process.
    private func state(of pid: pid_t) -> String? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ").first.map(String.init)
    }
}
