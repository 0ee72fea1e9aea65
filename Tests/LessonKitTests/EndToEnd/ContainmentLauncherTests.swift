#if os(Linux)
    import Foundation
    import Glibc
    import XCTest

    @testable import LessonKit

    /// `lesson __contain`, as root: each layer refuses what it promises to (and, run without it, the same
    /// hostile attempt succeeds, so each test can fail), and a correct Foundation program still runs.
    final class ContainmentLauncherTests: XCTestCase {
        private let sandboxUID: uid_t = 61_998

        private func setUpHarness() throws -> LauncherHarness {
            try XCTSkipUnless(getuid() == 0, "the launcher's tests run as root (they switch users)")
            return try LauncherHarness.shared.get()
        }

        // MARK: The command line

        func testProbePrintsOneLinePerMechanism() throws {
            let harness = try setUpHarness()
            let result = try LauncherHarness.run(harness.lesson, ["__contain", "--probe"])
            XCTAssertEqual(result.exitStatus, 0)
            let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(lines.count, 4, result.description)
            XCTAssertNotNil(
                lines[0].wholeMatch(of: /landlock: (abi [1-9][0-9]*|unavailable \(.+\))/), String(lines[0]))
            XCTAssertEqual(lines[1], "seccomp: available")
            XCTAssertEqual(lines[2], "setuid: available")
            XCTAssertEqual(lines[3], "")
        }

        /// `lesson-contain`, built beside `lesson` (which runs it rather than its own `__contain`, to start
        /// faster), is the same launcher: the same probe, the same limits applied.
        func testTheLauncherExecutableBesideLessonIsTheSameLauncher() throws {
            let harness = try setUpHarness()
            let beside = (TestSupport.lessonExecutable as NSString).deletingLastPathComponent + "/lesson-contain"
            XCTAssertTrue(FileManager.default.isExecutableFile(atPath: beside), beside)
            let own = try LauncherHarness.run(harness.lesson, ["__contain", "--probe"])
            let separate = try LauncherHarness.run(beside, ["__contain", "--probe"])
            XCTAssertEqual(separate, own)
            let limited = try LauncherHarness.run(
                beside, ["__contain", "--reap", "--cpu", "7", "--", "/bin/sh", "-c", "ulimit -t"])
            XCTAssertEqual(limited, RunOutcome(exitStatus: 0, signal: nil, standardOutput: "7\n", standardError: ""))
            let failed = try LauncherHarness.run(beside, ["__contain", "--", "/nonexistent/program"])
            XCTAssertEqual(failed.exitStatus, 125)
            XCTAssertEqual(
                failed.standardError, "lesson sandbox: cannot execute the program: No such file or directory\n")
        }

        /// The reaper waits with SIGTERM and SIGCHLD blocked; the program starts with neither blocked, so a
        /// program that is told to end ends, and one that waits for its children hears of them.
        func testTheProgramUnderAReaperStartsWithNoSignalBlocked() throws {
            let harness = try setUpHarness()
            let result = try harness.contain(["--reap", "--pdeathsig"], ["/bin/grep", "SigBlk", "/proc/self/status"])
            XCTAssertEqual(result.exitStatus, 0, result.description)
            XCTAssertEqual(result.standardOutput, "SigBlk:\t0000000000000000\n")
        }

        func testSetUpFailuresSayWhichStepAndEndWith125() throws {
            let harness = try setUpHarness()
            let unknown = try harness.contain(["--bogus"], [harness.hostile, "uid"])
            XCTAssertEqual(unknown.exitStatus, 125)
            XCTAssertEqual(
                unknown.standardError, "lesson sandbox: cannot read the command line: unknown option --bogus\n")
            let noProgram = try LauncherHarness.run(harness.lesson, ["__contain", "--landlock", "--"])
            XCTAssertEqual(noProgram.exitStatus, 125)
            XCTAssertEqual(
                noProgram.standardError, "lesson sandbox: cannot read the command line: no program after --\n")
            let badNumber = try harness.contain(["--as", "12k"], [harness.hostile, "uid"])
            XCTAssertEqual(badNumber.standardError, "lesson sandbox: cannot read the command line: not a number: 12k\n")
            let missing = try harness.contain(["--seccomp"], [harness.folder + "/bin/missing"])
            XCTAssertEqual(missing.exitStatus, 125)
            XCTAssertEqual(
                missing.standardError, "lesson sandbox: cannot execute the program: No such file or directory\n")
            XCTAssertEqual(missing.standardOutput, "")
        }

        /// `--namespaces` builds the run's file system with system calls, in the order given: a private /tmp
        /// holding only the working folder and the copied program (owned by `--ns-owner`), its own PID
        /// namespace, where the program is neither PID 1 nor the reaper's parent; a step that fails says
        /// which and where, and ends with 125.
        func testNamespacesAreBuiltByTheLauncherItself() throws {
            let harness = try setUpHarness()
            let probe = try LauncherHarness.run("/usr/bin/unshare", ["--mount", "/bin/true"])
            try XCTSkipUnless(probe.exitStatus == 0, "no namespaces here: \(probe.standardError)")
            let run = harness.folder + "/ns-run"
            try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: false)
            defer { try? FileManager.default.removeItem(atPath: run) }
            let steps = [
                "--namespaces", "--ns-owner", "61000", "--ns-tmpfs", "lesson-scratch", "size=1m,mode=1777", run,
                "--ns-mkdir", run + "/work", "--ns-tmpfs", "lesson-work", "size=1m,mode=700,uid=61000,gid=61000",
                run + "/work", "--ns-copy", "/bin/sh", run + "/work/program", "--ns-move", run, "/tmp", "--chdir",
                "/tmp/work", "--uid", "61000", "--reap",
            ]
            let script = "ls -n /tmp /tmp/work | tr -s ' ' | cut -d' ' -f3,9; echo pid $$; cat /proc/$$/stat"
            let result = try harness.contain(steps, ["./program", "-c", script])
            XCTAssertEqual(result.exitStatus, 0, result.description)
            let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(Array(lines.prefix(7)), ["/tmp:", "", "61000 work", "", "/tmp/work:", "", "61000 program"])
            // The program is PID 3: below the namespace's first process (root, waiting) and the reaper.
            XCTAssertEqual(lines[7], "pid 3")
            XCTAssertEqual(lines[8].split(separator: " ")[3], "2", "its parent is the reaper, PID 2")

            let missing = try harness.contain(
                ["--namespaces", "--ns-bind", "/dev/null", "/nonexistent/file"], ["/bin/true"])
            XCTAssertEqual(missing.exitStatus, 125)
            XCTAssertEqual(
                missing.standardError, "lesson sandbox: cannot bind over /nonexistent/file: No such file or directory\n"
            )
            let unasked = try harness.contain(["--ns-mkdir", "/tmp/x"], ["/bin/true"])
            XCTAssertEqual(
                unasked.standardError, "lesson sandbox: cannot read the command line: --ns-* steps need --namespaces\n")
        }

        // MARK: Descriptors and the terminal

        func testDescriptorsOfTheCallerDoNotReachTheProgram() throws {
            let harness = try setUpHarness()
            // The caller holds two secret files open as 7 and 8, as `exec 7< hidden.md` would.
            let shell = "exec 7<\"$1\" 8<\"$1\"; shift; exec \"$@\""
            func run(_ command: [String]) throws -> RunOutcome {
                try LauncherHarness.run("/bin/sh", ["-c", shell, "sh", harness.secret] + command)
            }
            let bare = try run([harness.hostile, "fds"])
            // (The test process may leak a descriptor of its own too: the launcher closes that one as well.)
            XCTAssertTrue(bare.standardOutput.hasPrefix("fds: 0 1 2 7 8"), "a bare program gets them: \(bare)")
            let bareRead = try run([harness.hostile, "read-fd", "7"])
            XCTAssertEqual(bareRead.standardOutput, "read-fd: \(harness.secretText)\n")

            let contained = try run([harness.lesson, "__contain", "--", harness.hostile, "fds"])
            XCTAssertEqual(contained.standardOutput, "fds: 0 1 2\n", contained.description)
            let containedRead = try run([harness.lesson, "__contain", "--", harness.hostile, "read-fd", "7"])
            XCTAssertEqual(containedRead.standardOutput, "read-fd: read: Bad file descriptor\n")
        }

        /// Runs `command` in a pseudo-terminal, then reads one line from the terminal for a second: what the
        /// program pushed into the terminal's input arrives there.
        private func runInTerminal(_ command: String, thenRead: Bool = true) throws -> String {
            for tool in ["/usr/bin/script", "/bin/bash"] {
                try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: tool), "no \(tool) for a terminal")
            }
            let script = command + (thenRead ? "; IFS= read -r -t 1 line; echo \"arrived:[$line]\"" : "")
            let result = try LauncherHarness.run(
                "/usr/bin/script", ["-qec", script, "/dev/null"],
                environment: ["SHELL": "/bin/bash", "PATH": "/usr/bin:/bin"], openInput: true)
            return result.standardOutput
        }

        func testANewSessionLeavesNoControllingTerminalToTypeInto() throws {
            let harness = try setUpHarness()
            let bare = try runInTerminal("'\(harness.hostile)' tty-inject 'echo PWNED\n'")
            XCTAssertTrue(bare.contains("tty-inject: injected\r\narrived:[echo PWNED]\r\n"), bare.debugDescription)

            let contained = try runInTerminal(
                "'\(harness.lesson)' __contain -- '\(harness.hostile)' tty-inject 'echo PWNED\n'")
            XCTAssertEqual(contained, "tty-inject: open /dev/tty: No such device or address\r\narrived:[]\r\n")
        }

        func testASessionLeaderGivesUpItsTerminal() throws {
            let harness = try setUpHarness()
            // `exec`: the launcher replaces the shell that leads the terminal's session, so setsid() is refused.
            let leader = try runInTerminal("exec '\(harness.hostile)' tty-inject 'echo PWNED\n'", thenRead: false)
            XCTAssertEqual(leader, "echo PWNED\r\ntty-inject: injected\r\n")
            let contained = try runInTerminal(
                "exec '\(harness.lesson)' __contain -- '\(harness.hostile)' tty-inject 'echo PWNED\n'", thenRead: false)
            XCTAssertEqual(contained, "tty-inject: open /dev/tty: No such device or address\r\n")
        }

        func testSeccompRefusesTIOCSTIOnATerminalTheProgramHolds() throws {
            let harness = try setUpHarness()
            // Its stdin is the terminal: after setsid it is no longer the controlling one, but root may still type.
            let sessionOnly = try runInTerminal(
                "'\(harness.lesson)' __contain -- '\(harness.hostile)' stdin-inject 'echo PWNED\n'")
            XCTAssertTrue(
                sessionOnly.contains("stdin-inject: injected\r\narrived:[echo PWNED]\r\n"), sessionOnly.debugDescription
            )

            let filtered = try runInTerminal(
                "'\(harness.lesson)' __contain --seccomp -- '\(harness.hostile)' stdin-inject 'echo PWNED\n'")
            XCTAssertEqual(filtered, "stdin-inject: ioctl TIOCSTI: Operation not permitted\r\narrived:[]\r\n")
        }

        // MARK: The network

        func testSeccompRefusesTCPAndUDP() throws {
            let harness = try setUpHarness()
            let tcp = try LoopbackTCPListener()
            let udp = try LoopbackUDPReceiver()
            let bareTCP = try LauncherHarness.run(harness.hostile, ["tcp", String(tcp.port)])
            XCTAssertEqual(bareTCP.standardOutput, "tcp: connected\n")
            XCTAssertEqual(tcp.acceptedConnections(), 1)
            let bareUDP = try LauncherHarness.run(harness.hostile, ["udp", String(udp.port)])
            XCTAssertEqual(bareUDP.standardOutput, "udp: sent\n")
            XCTAssertEqual(udp.receivedDatagrams(), ["stolen"])

            let containedTCP = try harness.contain(["--seccomp"], [harness.hostile, "tcp", String(tcp.port)])
            XCTAssertEqual(containedTCP.standardOutput, "tcp: socket: Operation not permitted\n")
            let containedUDP = try harness.contain(["--seccomp"], [harness.hostile, "udp", String(udp.port)])
            XCTAssertEqual(containedUDP.standardOutput, "udp: socket: Operation not permitted\n")
            XCTAssertEqual(tcp.acceptedConnections(), 0)
            XCTAssertEqual(udp.receivedDatagrams(), [])
        }

        func testLandlockAloneRefusesTCPConnect() throws {
            let harness = try setUpHarness()
            try harness.requireLandlock(abi: 4, for: "TCP connect refused by Landlock")
            let tcp = try LoopbackTCPListener()
            let program = [harness.hostile, "tcp", String(tcp.port)]
            let contained = try harness.contain(
                ["--landlock"] + harness.broadReadSet(program: harness.hostile), program)
            XCTAssertEqual(contained.standardOutput, "tcp: connect: Permission denied\n", contained.description)
            XCTAssertEqual(tcp.acceptedConnections(), 0)
        }

        // MARK: Files

        func testLandlockRefusesAWorldReadableFileOutsideTheReadSet() throws {
            let harness = try setUpHarness()
            try harness.requireLandlock(abi: 1, for: "file access rules")
            let program = [harness.hostile, "read", harness.secret]
            let readSet = harness.broadReadSet(program: harness.hostile)
            let bare = try harness.contain(["--uid", String(sandboxUID)], program)
            XCTAssertEqual(bare.standardOutput, "read: \(harness.secretText)\n", "another user alone reads a 0644 file")
            let contained = try harness.contain(["--uid", String(sandboxUID), "--landlock"] + readSet, program)
            XCTAssertEqual(contained.standardOutput, "read: open: Permission denied\n", contained.description)
        }

        func testTheMinimalReadSetRunsAFoundationProgramWithItsArguments() throws {
            let harness = try setUpHarness()
            try harness.requireLandlock(abi: 1, for: "the minimal read set")
            let work = try harness.workFolder(owner: sandboxUID)
            let options = ["--uid", String(sandboxUID), "--landlock", "--seccomp", "--write", work, "--chdir", work]
            let ordinary = try harness.contain(
                options + harness.minimalReadSet(program: harness.ordinary), [harness.ordinary])
            XCTAssertEqual(ordinary.standardOutput, LauncherHarness.ordinaryOutput, ordinary.description)
            XCTAssertEqual(ordinary.standardError, "")
            let arguments = try harness.contain(
                options + harness.minimalReadSet(program: harness.hostile), [harness.hostile, "uid"])
            XCTAssertEqual(arguments.standardOutput, "uid: uid 61998 euid 61998 gid 61998 groups 0\n")
            // Without its /proc entry, the Swift runtime cannot find the program's arguments.
            let withoutProc = LauncherHarness.readOptions(
                harness.minimalReadPaths(program: harness.hostile).filter { $0 != "/proc/self" })
            let blind = try harness.contain(options + withoutProc, [harness.hostile, "uid"])
            XCTAssertTrue(blind.standardOutput.hasPrefix("usage: "), blind.description)
        }

        // MARK: Sockets and signals of other processes

        func testLandlockScopesAbstractUnixSocketsAndSignals() throws {
            let harness = try setUpHarness()
            try harness.requireLandlock(abi: 6, for: "abstract Unix socket and signal scoping")
            let listener = try AbstractSocketListener()
            let readSet = harness.broadReadSet(program: harness.hostile)
            let bare = try harness.contain(["--seccomp"], [harness.hostile, "abstract", listener.name])
            XCTAssertEqual(bare.standardOutput, "abstract: connected\n", "seccomp leaves Unix sockets alone")
            XCTAssertEqual(listener.acceptedConnections(), 1)
            let contained = try harness.contain(["--landlock"] + readSet, [harness.hostile, "abstract", listener.name])
            XCTAssertEqual(
                contained.standardOutput, "abstract: connect: Operation not permitted\n", contained.description)
            XCTAssertEqual(listener.acceptedConnections(), 0)

            let bystander = Process()
            bystander.executableURL = URL(fileURLWithPath: "/bin/sleep")
            bystander.arguments = ["30"]
            try bystander.run()
            defer { bystander.terminate() }
            let pid = String(bystander.processIdentifier)
            XCTAssertEqual(
                try harness.contain([], [harness.hostile, "signal", pid]).standardOutput, "signal: delivered\n")
            let scoped = try harness.contain(["--landlock"] + readSet, [harness.hostile, "signal", pid])
            XCTAssertEqual(scoped.standardOutput, "signal: kill: Operation not permitted\n")
        }

        // MARK: Other kernel surfaces

        func testSeccompRefusesPtraceOfAChild() throws {
            let harness = try setUpHarness()
            XCTAssertEqual(try LauncherHarness.run(harness.hostile, ["ptrace"]).standardOutput, "ptrace: attached\n")
            let contained = try harness.contain(["--seccomp"], [harness.hostile, "ptrace"])
            XCTAssertEqual(contained.standardOutput, "ptrace: ptrace: Operation not permitted\n", contained.description)
        }

        func testSeccompRefusesKernelSurfacesAndNamespaceClones() throws {
            let harness = try setUpHarness()
            let calls = [
                "process_vm_readv", "process_vm_writev", "keyctl", "add_key", "request_key", "bpf", "userfaultfd",
                "perf_event_open", "mount", "umount2", "pivot_root", "unshare", "setns", "open_by_handle_at",
                "io_uring_setup",
            ]
            let bare = try LauncherHarness.run(harness.hostile, ["syscalls"])
            XCTAssertEqual(
                bare.standardOutput.split(separator: "\n").map { $0.prefix { $0 != ":" } },
                calls[...].map { Substring($0) })
            XCTAssertFalse(
                bare.standardOutput.contains("Operation not permitted"), "root reaches each of them: \(bare)")
            let filtered = try harness.contain(["--seccomp"], [harness.hostile, "syscalls"])
            XCTAssertEqual(filtered.standardOutput, calls.map { "\($0): Operation not permitted\n" }.joined())

            XCTAssertEqual(
                try LauncherHarness.run(harness.hostile, ["clone-namespace"]).standardOutput,
                "clone-namespace: created\n")
            let clone = try harness.contain(["--seccomp"], [harness.hostile, "clone-namespace"])
            XCTAssertEqual(clone.standardOutput, "clone-namespace: clone: Operation not permitted\n")
        }

        /// An anonymous file's pages are mapped by no one, so no address-space limit counts them: seccomp
        /// refuses `memfd_create` to a contained program.
        func testSeccompRefusesAnonymousFiles() throws {
            let harness = try setUpHarness()
            XCTAssertEqual(
                try LauncherHarness.run(harness.hostile, ["memfd", "1048576"]).standardOutput,
                "memfd: held 1048576 bytes\n")
            let contained = try harness.contain(["--seccomp"], [harness.hostile, "memfd", "1048576"])
            XCTAssertEqual(contained.standardOutput, "memfd: memfd_create: Operation not permitted\n")
        }

        func testSeccompRefusesNewNamespaces() throws {
            let harness = try setUpHarness()
            let unshare = "/usr/bin/unshare"
            try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: unshare), "no unshare (util-linux)")
            XCTAssertEqual(try LauncherHarness.run(unshare, ["--net", "/bin/true"]).exitStatus, 0)
            let contained = try harness.contain(["--seccomp"], [unshare, "--net", "/bin/true"])
            XCTAssertEqual(contained.exitStatus, 1)
            XCTAssertEqual(contained.standardError, "unshare: unshare failed: Operation not permitted\n")
        }

        // MARK: Limits and the user

        func testLimitsStopTheProgram() throws {
            let harness = try setUpHarness()
            let gigabyte = String(1 << 30)
            XCTAssertEqual(
                try LauncherHarness.run(harness.hostile, ["memory", gigabyte]).standardOutput,
                "memory: mapped 1073741824 bytes\n")
            let memory = try harness.contain(["--as", String(512 << 20)], [harness.hostile, "memory", gigabyte])
            XCTAssertEqual(memory.standardOutput, "memory: mmap: Cannot allocate memory\n")

            let work = try harness.workFolder(owner: 0)
            let bigFile = [harness.hostile, "file-size", String(4 << 20), work + "/big"]
            XCTAssertEqual(
                try LauncherHarness.run(bigFile[0], Array(bigFile.dropFirst())).standardOutput,
                "file-size: wrote 4194304 bytes\n")
            let fileSize = try harness.contain(["--fsize", String(1 << 20)], bigFile)
            XCTAssertEqual(fileSize.signal, SIGXFSZ, fileSize.description)
            XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: work + "/big")[.size] as? Int, 1 << 20)

            let cpu = try harness.contain(["--cpu", "1"], [harness.hostile, "cpu"])
            XCTAssertEqual(cpu.signal, SIGXCPU, cpu.description)
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

        func testUidSwitchesUserAndDropsGroups() throws {
            let harness = try setUpHarness()
            XCTAssertEqual(
                try harness.contain([], [harness.hostile, "uid"]).standardOutput, "uid: uid 0 euid 0 gid 0 groups 0\n")
            let switched = try harness.contain(["--uid", "61998"], [harness.hostile, "uid"])
            XCTAssertEqual(switched.standardOutput, "uid: uid 61998 euid 61998 gid 61998 groups 0\n")
            let ownGroup = try harness.contain(["--uid", "61998", "--gid", "61997"], [harness.hostile, "uid"])
            XCTAssertEqual(ownGroup.standardOutput, "uid: uid 61998 euid 61998 gid 61997 groups 0\n")
        }

        /// A shell starts the launcher in the background and ends at once; the program would sleep 10 s.
        private func orphanedSleeper(_ harness: LauncherHarness, options: [String]) throws -> pid_t {
            let shell = "\"$0\" __contain \"$@\" >/dev/null 2>&1 & echo $!"
            let started = try LauncherHarness.run(
                "/bin/sh", ["-c", shell, harness.lesson] + options + ["--", harness.hostile, "sleep"])
            return try XCTUnwrap(pid_t(started.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)))
        }

        /// Whether the process runs (a zombie no longer does), waiting up to five seconds for it to end.
        private func isRunning(_ pid: pid_t, waitingForItToEnd: Bool) -> Bool {
            for _ in 0..<(waitingForItToEnd ? 50 : 1) {
                let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?
                    .split(separator: ")").last?.split(separator: " ").first
                if state == nil || state == "Z" { return false }
                if waitingForItToEnd { usleep(100_000) }
            }
            return true
        }

        func testPdeathsigEndsTheProgramWithItsParent() throws {
            let harness = try setUpHarness()
            let survivor = try orphanedSleeper(harness, options: [])
            defer { kill(survivor, SIGKILL) }
            XCTAssertTrue(
                isRunning(survivor, waitingForItToEnd: false), "without --pdeathsig, the program outlives its parent")
            let orphan = try orphanedSleeper(harness, options: ["--pdeathsig"])
            defer { kill(orphan, SIGKILL) }
            XCTAssertFalse(isRunning(orphan, waitingForItToEnd: true), "with --pdeathsig, it ends with its parent")
        }

        // MARK: A correct program

        func testACorrectProgramRunsUnderEveryLayerAtOnce() throws {
            let harness = try setUpHarness()
            try harness.requireLandlock(abi: 1, for: "a correct program under Landlock")
            let work = try harness.workFolder(owner: sandboxUID)
            let options = [
                "--uid", String(sandboxUID), "--as", String(512 << 20), "--cpu", "10", "--nproc", "64", "--fsize",
                String(16 << 20), "--core", "0", "--landlock", "--seccomp", "--pdeathsig", "--write", work, "--chdir",
                work,
            ]
            let result = try harness.contain(
                options + harness.broadReadSet(program: harness.ordinary), [harness.ordinary])
            XCTAssertEqual(result.exitStatus, 0, result.description)
            XCTAssertEqual(result.standardOutput, LauncherHarness.ordinaryOutput)
            XCTAssertEqual(result.standardError, "")
            XCTAssertEqual(try String(contentsOfFile: work + "/notes.txt", encoding: .utf8), "kept notes\n")
        }
    }
#endif
