#if os(Linux)
    import Foundation
    import Glibc
    import XCTest

    @testable import LessonKit

    struct HarnessError: Error, CustomStringConvertible {
        var description: String
    }

    /// How a run of the launcher ended, and what it printed.
    struct RunOutcome: Equatable, CustomStringConvertible {
        var exitStatus: Int32?
        var signal: Int32?
        var standardOutput: String
        var standardError: String

        var description: String {
            "exit \(exitStatus.map(String.init) ?? "-") signal \(signal.map(String.init) ?? "-") "
                + "stdout \(standardOutput.debugDescription) stderr \(standardError.debugDescription)"
        }
    }

    /// The containment launcher (`lesson __contain`) and the fixture programs of `Fixtures/containment`,
    /// compiled and copied into a fresh folder that every user may read and run: the tests run the launcher
    /// as root, with Docker's default capabilities, and as an unprivileged user.
    final class LauncherHarness: Sendable {
        /// The one harness of this test process, made by the first class that asks for it (compiling its two
        /// programs takes seconds) and removed when the process exits; no test changes what it holds.
        static let shared: Result<LauncherHarness, any Error> = {
            let made = Result { try LauncherHarness() }
            if case .success = made { atexit { LauncherHarness.removeShared() } }
            return made
        }()

        private static func removeShared() {
            if case .success(let harness) = shared { harness.remove() }
        }

        let folder: String
        let lesson: String
        let hostile: String
        let ordinary: String
        /// A world-readable file (mode 0644) outside every path a contained program may read: hidden tests.
        let secret: String
        let secretText = "hidden test: expected output 42\n"
        /// The folder of libswiftCore.so, beside the `swiftc` that compiled the fixtures.
        let runtimeLibraries: String
        /// `lesson __contain --probe`, mechanism → what it said.
        let probe: [String: String]

        /// What `Fixtures/containment/Ordinary.swift` prints.
        static let ordinaryOutput = """
            hello from a contained program
            sum: 5050
            json: {"name":"lesson","points":[1,2,3]}
            thread: 42
            concurrent: 28
            file: written and read back (11 bytes)
            a child process
            process: spawn succeeded, wait status 0
            date: 0.0

            """

        init() throws {
            folder = "/tmp/lesson-launcher-\(UUID().uuidString)"
            for subfolder in ["", "/bin", "/secret"] {
                try FileManager.default.createDirectory(
                    atPath: folder + subfolder, withIntermediateDirectories: false,
                    attributes: [.posixPermissions: 0o755])
            }
            lesson = folder + "/bin/lesson"
            try FileManager.default.copyItem(atPath: TestSupport.lessonExecutable, toPath: lesson)
            let swiftc = try TestSupport.toolchain().swiftc
            runtimeLibraries =
                URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("lib/swift/linux").path
            let binaries = folder + "/bin"
            let programs = try TestSupport.atOnce(["Hostile", "Ordinary"], jobs: 2) { name in
                try Self.compile(name, swiftc: swiftc, into: binaries)
            }
            (hostile, ordinary) = (programs[0], programs[1])
            secret = folder + "/secret/hidden-tests.md"
            _ = FileManager.default.createFile(
                atPath: secret, contents: Data(secretText.utf8), attributes: [.posixPermissions: 0o644])
            probe = try Self.readProbe(lesson: lesson)
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: folder)
        }

        private static func compile(_ name: String, swiftc: String, into binaries: String) throws -> String {
            let source = TestSupport.packageRoot + "/Fixtures/containment/\(name).swift"
            let output = binaries + "/" + name
            let result = try run(swiftc, ["-swift-version", "6", "-O", source, "-o", output])
            guard result.exitStatus == 0 else { throw HarnessError(description: "cannot compile \(name): \(result)") }
            return output
        }

        private static func readProbe(lesson: String) throws -> [String: String] {
            let result = try run(lesson, ["__contain", "--probe"])
            guard result.exitStatus == 0 else { throw HarnessError(description: "probe failed: \(result)") }
            var states: [String: String] = [:]
            for line in result.standardOutput.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2 { states[parts[0]] = parts[1] }
            }
            return states
        }

        /// The kernel's Landlock ABI, as the launcher reports it; nil when the kernel has no Landlock.
        var landlockABI: Int? {
            guard let state = probe["landlock"], state.hasPrefix("abi ") else { return nil }
            return Int(state.dropFirst(4))
        }

        /// Skips the test, saying why, when the kernel's Landlock is missing or older than `minimum`.
        func requireLandlock(abi minimum: Int, for purpose: String) throws {
            guard let abi = landlockABI else {
                throw XCTSkip("Landlock is unavailable (\(probe["landlock"] ?? "no probe line")): \(purpose) untested")
            }
            if abi < minimum {
                throw XCTSkip("Landlock ABI \(abi) < \(minimum): \(purpose) untested")
            }
        }

        /// A new folder the contained program may write in, owned by `owner`.
        func workFolder(owner: uid_t) throws -> String {
            let path = folder + "/work-\(UUID().uuidString)"
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            guard chown(path, owner, gid_t(owner)) == 0 else {
                throw HarnessError(description: "cannot give \(path) to \(owner)")
            }
            return path
        }

        /// The read set a grader can pass whatever the machine: the runtime libraries, the system's
        /// folders, the devices a program may open, and the program.
        func broadReadSet(program: String) -> [String] {
            Self.readOptions([
                runtimeLibraries, "/usr", "/lib", "/lib64", "/etc", "/proc", "/dev/null", "/dev/urandom", program,
            ])
        }

        /// The smallest read set a Foundation program runs with: the runtime libraries, the C libraries and
        /// the dynamic loader, its own /proc entry (without it CommandLine.arguments is empty; a process it
        /// starts has another PID, so it gets no /proc entry and no arguments), the program.
        func minimalReadPaths(program: String) -> [String] {
            [runtimeLibraries, "/usr/lib", "/lib", "/lib64", "/proc/self", program]
        }

        func minimalReadSet(program: String) -> [String] {
            Self.readOptions(minimalReadPaths(program: program))
        }

        static func readOptions(_ paths: [String]) -> [String] {
            paths.flatMap { ["--read", $0] }
        }

        /// Runs `lesson __contain OPTIONS -- PROGRAM...`, behind `prefix` (a `setpriv` that sets the
        /// environment) when given.
        func contain(_ options: [String], _ program: [String], behind prefix: [String] = []) throws -> RunOutcome {
            let command = prefix + [lesson, "__contain"] + options + ["--"] + program
            return try Self.run(command[0], Array(command.dropFirst()))
        }

        /// Runs a program with stdin from /dev/null (or, with `openInput`, from a pipe that stays open and
        /// silent while it runs: `script` would type an end-of-file into its terminal at the end of /dev/null),
        /// ending it after a minute if it is still running.
        static func run(
            _ executable: String, _ arguments: [String], environment: [String: String]? = nil, openInput: Bool = false
        ) throws -> RunOutcome {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            if let environment { process.environment = environment }
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: output.path + ".out", contents: nil)
            _ = FileManager.default.createFile(atPath: output.path + ".err", contents: nil)
            defer {
                try? FileManager.default.removeItem(atPath: output.path + ".out")
                try? FileManager.default.removeItem(atPath: output.path + ".err")
            }
            let input = Pipe()
            defer { try? input.fileHandleForWriting.close() }
            process.standardInput = openInput ? input : FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output.path + ".out"))
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: output.path + ".err"))
            try process.run()
            let deadline = DispatchWorkItem { if process.isRunning { process.terminate() } }
            DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: deadline)
            process.waitUntilExit()
            deadline.cancel()
            let signaled = process.terminationReason == .uncaughtSignal
            return RunOutcome(
                exitStatus: signaled ? nil : process.terminationStatus,
                signal: signaled ? process.terminationStatus : nil,
                standardOutput: try String(contentsOfFile: output.path + ".out", encoding: .utf8),
                standardError: try String(contentsOfFile: output.path + ".err", encoding: .utf8))
        }
    }
#endif
