#if os(Linux)
    import Foundation
    import Glibc
    import XCTest

    @testable import LessonKit

    /// The launcher's reaper, accounting the program's whole tree: what per-process limits let a program
    /// that forks take once per process, the tree's limits hold for all its processes together.
    final class TreeAccountingTests: XCTestCase {
        nonisolated(unsafe) private static var harness: Result<LauncherHarness, any Error>?

        override class func setUp() {
            super.setUp()
            harness = Result { try LauncherHarness() }
        }

        override class func tearDown() {
            if case .success(let harness) = harness { harness.remove() }
            harness = nil
            super.tearDown()
        }

        private func setUpHarness() throws -> LauncherHarness {
            try XCTSkipUnless(getuid() == 0, "the launcher's tests run as root")
            return try XCTUnwrap(Self.harness).get()
        }

        /// The reaper accounts the program's whole tree: processes that each keep under a per-process limit,
        /// in sessions of their own, are ended together when their sum goes over the tree's, and the end
        /// is reported on the status descriptor.
        func testTheReaperBoundsTheWholeTree() throws {
            let harness = try setUpHarness()
            func contained(_ options: [String], _ program: [String]) throws -> ProcessResult {
                try Subprocess.run(
                    harness.lesson,
                    arguments: ["__contain", "--reap", "--status-fd", "3"] + options + ["--"] + program,
                    environment: ["PATH": "/usr/bin:/bin"], limits: ProcessLimits(timeout: 60, outputLimit: 1 << 20),
                    statusDescriptor: true)
            }
            // Eight processes of 96 MiB each: 768 MiB in all, against a tree limit of 256 MiB.
            let memory = try contained(
                ["--as", String(512 << 20), "--tree-memory", String(256 << 20)],
                [harness.hostile, "fork-memory", "8", String(96 << 20)])
            XCTAssertEqual(memory.reportedEnd, .stopped(.memory(bytes: 256 << 20)))
            // Four busy processes: two CPU-seconds in all, whatever each one used.
            let cpu = try contained(["--tree-cpu", "2"], [harness.hostile, "fork-cpu", "4"])
            XCTAssertEqual(cpu.reportedEnd, .stopped(.cpuTime(seconds: 2)))
            let listing = try Subprocess.run(
                "/bin/ps", arguments: ["-eo", "args="], environment: ["PATH": "/usr/bin:/bin"],
                limits: ProcessLimits(timeout: 30, outputLimit: 16 << 20))
            let survivors = String(decoding: listing.standardOutput, as: UTF8.self).split(separator: "\n")
                .filter { $0.hasPrefix(harness.hostile) }
            XCTAssertEqual(survivors, [], "a process of the tree survived")
        }

        /// A share of the cores holds for the tree however many busy processes it starts: four busy
        /// processes under a quarter of one core for two seconds use about half a CPU-second, where they
        /// would take both cores whole (four CPU-seconds) without it.
        func testAShareOfTheCoresHoldsForTheWholeTree() throws {
            let harness = try setUpHarness()
            var usage = rusage()
            getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
            let before =
                Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
            let result = try Subprocess.run(
                harness.lesson,
                arguments: [
                    "__contain", "--reap", "--status-fd", "3", "--cpu-share", "25", "--", harness.hostile, "fork-cpu",
                    "4",
                ],
                environment: ["PATH": "/usr/bin:/bin"], limits: ProcessLimits(timeout: 2, outputLimit: 1 << 20),
                statusDescriptor: true)
            XCTAssertEqual(result.termination, .timedOut)
            getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
            let after =
                Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
            // The runner kills the launcher's whole group, and the reaper's tree with it; what this process
            // collected is the launcher's, the reaper's and, through them, the tree's CPU.
            XCTAssertLessThan(after - before, 1.5, "the tree used more than its share")
        }
    }
#endif
