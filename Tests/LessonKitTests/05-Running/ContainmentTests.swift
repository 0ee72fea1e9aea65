import Foundation
import XCTest

@testable import LessonKit

/// The sandbox's promises: what it says is in force, the lesson file covered where its folder cannot be,
/// and sandbox UIDs held machine-wide. (A hostile class, graded: `HostileClassTests`.)
final class ContainmentTests: XCTestCase {
    private let root = TestSupport.packageRoot

    /// A folder that holds the sandbox (here `/`: the grader runs there and the lesson lies there)
    /// cannot be covered: the lesson file itself is then covered, and the protections say what was not.
    func testWhenAFolderCannotBeHiddenTheLessonFileIs() throws {
        let sandbox = Sandbox.detect(policy: SandboxPolicy())
        try XCTSkipUnless(
            sandbox.usesNamespaces && sandbox.usesSeparateUser, "containment needs root, unshare and setpriv")
        let lesson = "/lesson-grading-\(getpid()).md"
        try FileManager.default.copyItem(atPath: root + "/Fixtures/grading/scenario-exercise.md", toPath: lesson)
        defer { try? FileManager.default.removeItem(atPath: lesson) }
        let submission = FileManager.default.temporaryDirectory.appendingPathComponent("peek-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: submission, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: submission) }
        defer { try? FileManager.default.removeItem(atPath: submission + "-graded") }
        let code =
            "import Foundation\nlet text = try? String(contentsOfFile: \"\(lesson)\", encoding: .utf8)\nprint(text.map { \"read \\($0.count) characters\" } ?? \"denied\")\n"
        try Data(code.utf8).write(to: URL(fileURLWithPath: submission + "/main.swift"))
        let result = try Subprocess.run(
            TestSupport.lessonExecutable,
            arguments: [
                "grade", "--lesson", lesson, "--exercise", "tree-count", "--submission", submission, "--format",
                "gradescope", "--output", submission + "-graded",
            ],
            environment: ProcessInfo.processInfo.environment, workingDirectory: "/",
            limits: ProcessLimits(timeout: 120, outputLimit: 1 << 20))
        // The student's results, and the instructor's report, which names the protections.
        let text = ["results.json", "instructor.json"].map {
            (try? String(contentsOfFile: submission + "-graded/" + $0, encoding: .utf8)) ?? ""
        }.joined(separator: "\n")
        XCTAssertEqual(result.termination, .exited(0), text)
        XCTAssertTrue(text.contains("+denied"), text)
        let layered = Sandbox.detect(policy: SandboxPolicy(), launcher: TestSupport.lessonExecutable)
        if layered.usesLandlock {
            // Landlock keeps the lesson out of reach: no mount has to name it.
            XCTAssertTrue(text.contains("instructor files: out of reach by Landlock, whatever their mode"), text)
        } else {
            XCTAssertTrue(text.contains(" and 1 file; could NOT hide / (it holds the sandbox)"), text)
        }
    }

    func testProtectionsSayWhatIsInForce() {
        var policy = SandboxPolicy()
        policy.hiddenFolders = ["/a", "/a/b", "/c"]
        let sandbox = Sandbox.detect(policy: policy)
        let protections = sandbox.protections(timeout: 10, outputLimit: 1 << 20)
        XCTAssertEqual(
            Array(protections.prefix(3)),
            ["time: wall-clock limit 10 s", "output: cap 1 MiB", "session: its own, no terminal, only descriptors 0-2"])
        XCTAssertEqual(Sandbox.outermost(policy.hiddenFolders), ["/a", "/c"])
        if sandbox.usesNamespaces {
            XCTAssertTrue(protections.contains("network: isolated (its own network namespace)"), "\(protections)")
        } else {
            XCTAssertTrue(protections.contains { $0.hasPrefix("network: not isolated (") }, "\(protections)")
        }
    }

    /// Two graders on one machine never hold the same sandbox UID at once: each ends its UID's processes
    /// when a run ends.
    func testUIDsAreHeldMachineWide() throws {
        let folder = try GradingEnvironment.scratch("uids")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        assertNeverShared(
            UIDPool(first: 61_500, count: 2, lockFolder: folder), UIDPool(first: 61_500, count: 2, lockFolder: folder),
            from: 61_500)
    }

    /// Two pools of the same two UIDs, from `base`: while the first holds one, the second gets the other,
    /// and gets the first's once it is released.
    private func assertNeverShared(
        _ first: UIDPool, _ second: UIDPool, from base: Int, file: StaticString = #filePath, line: UInt = #line
    ) {
        let taken = first.acquire()
        XCTAssertEqual(taken, base, file: file, line: line)
        XCTAssertEqual(second.acquire(), base + 1, file: file, line: line)
        first.release(taken)
        XCTAssertEqual(second.acquire(), base, file: file, line: line)
    }

    /// Two graders that chose different scratch folders (one on a read-only root, under `/tmp`; one under
    /// `/run`; each with its own `TMPDIR`) still hold their UIDs in one lock folder, so they never share one.
    func testGradersWithDifferentScratchFoldersShareTheirUIDLocks() throws {
        let runFolder = try GradingEnvironment.scratch("scratch-run")
        let tmpFolder = try GradingEnvironment.scratch("scratch-tmp")
        defer {
            try? FileManager.default.removeItem(atPath: runFolder)
            try? FileManager.default.removeItem(atPath: tmpFolder)
        }
        let locks = ScratchFolder.uidLockFolder(fallback: runFolder)
        XCTAssertEqual(locks, "/tmp/lesson-uid-locks-\(geteuid())")
        XCTAssertEqual(ScratchFolder.uidLockFolder(fallback: tmpFolder), locks)
        var info = stat()
        XCTAssertEqual(lstat(locks, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
        XCTAssertEqual(info.st_uid, geteuid())
        assertNeverShared(
            UIDPool(first: 61_510, count: 2, lockFolder: ScratchFolder.uidLockFolder(fallback: runFolder)),
            UIDPool(first: 61_510, count: 2, lockFolder: ScratchFolder.uidLockFolder(fallback: tmpFolder)),
            from: 61_510)
    }

    /// A lock folder someone else made first is not used: the scratch folder holds the locks instead.
    func testAUIDLockFolderAnotherUserOwnsIsRefused() throws {
        try XCTSkipUnless(geteuid() == 0, "making a folder of another user's needs root")
        let scratch = try GradingEnvironment.scratch("scratch-own")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let locks = scratch + "/lesson-uid-locks-0"
        XCTAssertEqual(mkdir(locks, 0o777), 0)
        XCTAssertEqual(chown(locks, 65_534, 65_534), 0)
        XCTAssertEqual(ScratchFolder.uidLockFolder(fallback: scratch, preferred: locks), scratch)
        XCTAssertEqual(chown(locks, 0, 0), 0)
        XCTAssertEqual(ScratchFolder.uidLockFolder(fallback: scratch, preferred: locks), locks)
    }

    /// A class grader hands its students only users no other class grader on the machine holds: with the
    /// first user of the range held as another class grader holds it, the student runs as the second, and
    /// as the first once it is released. (Two classes graded at once on one machine do not wait for each
    /// other's users.)
    func testAClassGraderHandsOutOnlyUsersNoOtherClassGraderHolds() throws {
        try XCTSkipUnless(
            Sandbox.detect(policy: SandboxPolicy()).usesSeparateUser, "sandbox users need root and setpriv")
        let scratch = try GradingEnvironment.scratch("class-uids")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: scratch + "/class/ada", withIntermediateDirectories: true)
        try Data("import Glibc\nprint(\"uid \\(getuid())\")\n".utf8).write(
            to: URL(fileURLWithPath: scratch + "/class/ada/main.swift"))
        func studentUser() throws -> String {
            let result = try TestSupport.runLesson([
                "grade", "--lesson", "Fixtures/grading/scenario-exercise.md", "--exercise", "tree-count",
                "--submissions", scratch + "/class", "--output", scratch + "/results", "--uid-base", "62000",
                "--uid-count", "4",
            ])
            XCTAssertEqual(result.status, 0, result.standardError)
            let results = try String(contentsOfFile: scratch + "/results/ada/results.json", encoding: .utf8)
            return results.range(of: "uid 620[0-9][0-9]", options: .regularExpression).map { String(results[$0]) }
                ?? results
        }
        let held = open(
            ScratchFolder.uidLockFolder(fallback: scratch) + "/student-uid-62000.lock", O_RDWR | O_CREAT | O_CLOEXEC,
            0o600)
        XCTAssertGreaterThanOrEqual(held, 0)
        XCTAssertEqual(flock(held, LOCK_EX | LOCK_NB), 0)
        XCTAssertEqual(try studentUser(), "uid 62001")
        close(held)
        XCTAssertEqual(try studentUser(), "uid 62000")
    }

    /// Where the launcher cannot run, a shell script under `unshare` builds the same namespace: a private
    /// `/tmp` with only the working folder and the program, owned by the run's user.
    func testWithoutTheLauncherAShellBuildsTheNamespace() throws {
        try XCTSkipUnless(getuid() == 0, "namespaces need root")
        let sandbox = Sandbox.detect(policy: SandboxPolicy())
        try XCTSkipUnless(sandbox.usesNamespaces && sandbox.launcher == nil, "no namespaces here")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shell-ns-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let program = folder + "/program.sh"
        try "#!/bin/sh\nls -n /tmp /tmp/work | tr -s ' ' | cut -d' ' -f3,9\n".write(
            toFile: program, atomically: true, encoding: .utf8)
        chmod(program, 0o755)
        let result = try ScenarioRunner(limits: ProcessLimits(timeout: 10, outputLimit: 1 << 16), sandbox: sandbox)
            .run(program)
        XCTAssertEqual(result.termination, .exited(0), String(decoding: result.standardError, as: UTF8.self))
        let owner = sandbox.usesSeparateUser ? "6100" : "0"
        let lines = String(decoding: result.standardOutput, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 8, "\(lines)")
        XCTAssertEqual(Array(lines.prefix(2)), ["/tmp:", ""])
        XCTAssertTrue(lines[2].hasPrefix(owner) && lines[2].hasSuffix(" work"), "\(lines)")
        XCTAssertTrue(lines[6].hasPrefix(owner) && lines[6].hasSuffix(" " + ScenarioRunner.programName), "\(lines)")
    }

    /// Where a mechanism is refused, the protections say so, with the reason, and claim nothing it did not do.
    func testARefusedMechanismIsNamedWithItsReason() {
        let refused = Availability.unavailable(reason: "unshare: Operation not permitted")
        let probe = SandboxProbe(
            namespaces: refused, separateUser: .unavailable(reason: "the grader is not root"),
            resourceLimits: .available, scratch: "/tmp/lesson-sandbox-1000")
        let sandbox = Sandbox(policy: SandboxPolicy(), probe: probe, tools: SandboxProbe.Tools.find())
        XCTAssertEqual(
            sandbox.protections(timeout: 5, outputLimit: 1 << 20),
            [
                "time: wall-clock limit 5 s", "output: cap 1 MiB",
                "session: its own, no terminal, only descriptors 0-2",
                "user: the grader's own (the grader is not root)",
                "network: not isolated (unshare: Operation not permitted)",
                "processes: ended by session and process group only, not by a PID namespace (unshare: Operation not permitted)",
                "shared memory: not isolated (unshare: Operation not permitted)",
                "instructor files: not hidden (unshare: Operation not permitted)",
                "landlock: not in force (the containment launcher was not given)",
                "seccomp: not in force (the containment launcher was not given)",
                "limits: memory 512 MiB, CPU 5 s, 576 processes, file size 16 MiB, no core dumps",
                "whole tree: limits hold per process only (the containment launcher was not given)",
                "compiler: builds as the grader's user (the containment launcher was not given)",
                "working folder: empty, its own, under /tmp/lesson-sandbox-1000",
            ])
        // Where the launcher's layers are in force, they keep the promises the namespaces cannot.
        let launcher = ContainmentLauncher(
            path: "/usr/local/bin/lesson", landlock: .available, landlockABI: 7, seccomp: .available)
        let layered = Sandbox(
            policy: SandboxPolicy(), probe: probe, tools: SandboxProbe.Tools.find(), launcher: launcher)
        XCTAssertEqual(
            Array(layered.protections(timeout: 5, outputLimit: 1 << 20)[4...9]),
            [
                "network: no IPv4, IPv6, netlink or packet socket (seccomp; no network namespace: unshare: Operation not permitted)",
                "processes: a reaper ends everything it starts (no PID namespace: unshare: Operation not permitted)",
                "shared memory: System V IPC refused by seccomp, /dev/shm out of reach by Landlock (no IPC namespace: unshare: Operation not permitted)",
                "instructor files: out of reach by Landlock (no mount namespace: unshare: Operation not permitted)",
                "landlock: ABI 7: only the system's folders, the toolchain's libraries and its own folders; no TCP bind or connect; abstract Unix sockets and signals kept inside",
                "seccomp: refuses network sockets, ptrace, TIOCSTI, mounts, namespaces, keys, BPF and System V IPC",
            ])
        // The reaper bounds the whole tree, and in a class keeps it to its share of the cores.
        var shared = layered
        shared.policy.cpuShare = 0.5
        XCTAssertTrue(
            shared.protections(timeout: 5, outputLimit: 1 << 20).contains(
                "whole tree: memory 512 MiB and CPU 5 s for all its processes together, at most 0.50 CPU cores at "
                    + "once (measured every 10 ms by its reaper; no cgroup)"))
        XCTAssertEqual(
            SandboxProbe.complaint("unshare: unshare failed: Operation not permitted\n", tool: "unshare"),
            "unshare: Operation not permitted")
    }
}
