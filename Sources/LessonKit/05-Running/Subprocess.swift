import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a process ended.
package enum Termination: Hashable, Sendable, Codable {
    case exited(Int32)
    /// Killed by a signal it raised or received (a Swift trap is SIGILL on x86_64, SIGTRAP on arm64).
    case signaled(Int32)
    /// Still running at the wall-clock limit; its process group was killed.
    case timedOut
    /// Wrote more than the output cap; its process group was killed.
    case outputLimitExceeded
    /// Stopped by a resource limit of its sandbox.
    case stopped(ResourceLimit)
}

/// What a finished process printed and how it ended.
package struct ProcessResult: Sendable, Codable {
    package var termination: Termination
    package var standardOutput: [UInt8]
    package var standardError: [UInt8]
    package var seconds: Double
    /// How the program really ended, as the containment launcher's reaper reported it on the status
    /// descriptor (a shell in between reports a signal N and an exit status 128 + N alike); nil when nothing
    /// reported it.
    package var reportedEnd: Termination?

    package init(
        termination: Termination, standardOutput: [UInt8], standardError: [UInt8], seconds: Double,
        reportedEnd: Termination? = nil
    ) {
        self.termination = termination
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.seconds = seconds
        self.reportedEnd = reportedEnd
    }

    private enum CodingKeys: String, CodingKey {
        case termination, standardOutput, standardError, seconds, reportedEnd
    }

    // The outputs are kept as `Data`, which JSON holds as one base64 string: as arrays of numbers, encoding
    // a cold check's results for the cache cost more than writing them.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        termination = try container.decode(Termination.self, forKey: .termination)
        standardOutput = [UInt8](try container.decode(Data.self, forKey: .standardOutput))
        standardError = [UInt8](try container.decode(Data.self, forKey: .standardError))
        seconds = try container.decode(Double.self, forKey: .seconds)
        reportedEnd = try container.decodeIfPresent(Termination.self, forKey: .reportedEnd)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(termination, forKey: .termination)
        try container.encode(Data(standardOutput), forKey: .standardOutput)
        try container.encode(Data(standardError), forKey: .standardError)
        try container.encode(seconds, forKey: .seconds)
        try container.encodeIfPresent(reportedEnd, forKey: .reportedEnd)
    }
}

/// The limits a child process runs under.
package struct ProcessLimits: Sendable {
    /// Wall-clock seconds.
    package var timeout: Double
    /// Bytes of stdout and stderr together, enforced while reading.
    package var outputLimit: Int
    /// A moment (seconds of `Uptime`) no run may outlast, whatever its timeout: a grading budget.
    package var deadline: Double?

    package init(timeout: Double, outputLimit: Int, deadline: Double? = nil) {
        self.timeout = timeout
        self.outputLimit = outputLimit
        self.deadline = deadline
    }
}

/// Runs a program in a session and process group of its own with stdin from /dev/null and no descriptor
/// above 2, capturing stdout and stderr under a
/// wall-clock limit and an output cap, and kills the whole group when it ends, so nothing it started
/// outlives it.
package enum Subprocess {
    package static func run(
        _ executable: String, arguments: [String], environment: [String: String], workingDirectory: String? = nil,
        limits: ProcessLimits, statusDescriptor: Bool = false, inheriting inherited: Int32? = nil
    ) throws -> ProcessResult {
        let start = Uptime.now
        let (outPipe, errPipe) = try outputPipes()
        // With `statusDescriptor`, descriptor 3 of the child is a pipe the launcher's reaper reports on;
        // with `inherited`, it is that descriptor (a student's folder, opened once by the batch).
        let statusPipe = statusDescriptor ? try StatusPipe() : nil
        defer { statusPipe?.close() }

        // dup2 onto itself would keep close-on-exec set: a descriptor that is already 3 is copied first.
        var third = statusPipe?.writeEnd ?? inherited
        let copied = third == 3 ? fcntl(3, F_DUPFD_CLOEXEC, 10) : -1
        if copied >= 0 { third = copied }
        defer { if copied >= 0 { close(copied) } }
        // Started and registered at once: an orphan sweep meanwhile must not take it for an orphan.
        let spawned = Cleanup.shared.startLock.withLock {
            spawn(
                executable, arguments: arguments, environment: environment, workingDirectory: workingDirectory,
                output: outPipe[1], errors: errPipe[1], third: third
            ).map { Cleanup.shared.registered(program: $0) }
        }
        close(outPipe[1])
        close(errPipe[1])
        statusPipe?.closeWriteEnd()
        let pid: pid_t
        switch spawned {
        case .success(let started): pid = started
        case .failure(let error):
            close(outPipe[0])
            close(errPipe[0])
            throw error
        }
        defer { Cleanup.shared.unregister(program: pid) }
        var reader = OutputReader(outFD: outPipe[0], errFD: errPipe[0], limit: limits.outputLimit)
        let deadline = min(start + limits.timeout, limits.deadline ?? .infinity)
        let stop = waitForEnd(pid, reading: &reader, deadline: deadline)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        close(outPipe[0])
        close(errPipe[0])
        Orphans.reapEnded()
        let termination: Termination
        switch stop {
        case .timedOut: termination = .timedOut
        case .outputLimitExceeded: termination = .outputLimitExceeded
        case .closed: termination = decode(status)
        }
        let seconds = Uptime.seconds(since: start)
        return ProcessResult(
            termination: termination, standardOutput: reader.out, standardError: reader.err, seconds: seconds,
            reportedEnd: statusPipe?.reportedEnd())
    }

    /// The pipes of a program's stdout and stderr, close-on-exec at once, so that a program another thread
    /// starts meanwhile cannot inherit them.
    private static func outputPipes() throws -> (out: [Int32], err: [Int32]) {
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
            let reason = String(cString: strerror(errno))
            for fd in outPipe + errPipe where fd >= 0 { close(fd) }
            throw LessonError(.system, "cannot create a pipe: \(reason)")
        }
        for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (outPipe, errPipe)
    }

    /// Starts the program in a session of its own with stdin from /dev/null, stdout and stderr on the given
    /// pipe ends and, when given, `third` (the launcher's status pipe, or a folder) as descriptor 3; nothing
    /// else is inherited.
    private static func spawn(
        _ executable: String, arguments: [String], environment: [String: String], workingDirectory: String?,
        output: Int32, errors: Int32, third: Int32?
    ) -> Result<pid_t, LessonError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        posix_spawn_file_actions_addclose(&actions, output)
        posix_spawn_file_actions_addclose(&actions, errors)
        if let third { posix_spawn_file_actions_adddup2(&actions, third, 3) }
        // Only 0, 1 and 2 reach the program (and descriptor 3 when given): nothing the checker or
        // its caller opened (`exec 7< secret`).
        SpawnCloseFrom.function.map { _ = $0(&actions, third == nil ? 3 : 4) }
        if let workingDirectory {
            guard let addChdir = SpawnChdir.function, addChdir(&actions, workingDirectory) == 0 else {
                return .failure(LessonError(.system, "this system cannot start a process in \(workingDirectory)"))
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A session of its own: no controlling terminal (no `/dev/tty`, so no keystrokes pushed into the
        // caller's shell), and a process group of its own, which the runner kills as a whole.
        posix_spawnattr_setflags(&attributes, Int16(SpawnSession.flag))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            return .failure(LessonError(.system, "cannot run \(executable): \(String(cString: strerror(spawned)))"))
        }
        return .success(pid)
    }

    /// Reads the program's output until it ends, the deadline passes or the output cap is reached; then
    /// ends everything it started.
    fileprivate static func waitForEnd(_ pid: pid_t, reading reader: inout OutputReader, deadline: Double)
        -> OutputReader.Stop
    {
        var stop = reader.readUntilClosed(pid: pid, deadline: deadline)
        // A program may close its output and go on running: it still has until the deadline to end.
        while stop == .closed && !reader.hasExited(pid) {
            if Uptime.now >= deadline {
                stop = .timedOut
                break
            }
            usleep(5_000)
        }
        // Everything the program started goes with it; a program stopped early may have started processes
        // outside its group (the compiler driver does), which are found by their ancestry.
        if stop == .closed { kill(-pid, SIGKILL) } else { ProcessTree.killAll(from: pid) }
        return stop
    }

    private static func decode(_ status: Int32) -> Termination {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }
}

/// Reads a child's stdout and stderr together with poll(2), enforcing the cap as bytes arrive.
private struct OutputReader {
    enum Stop { case closed, timedOut, outputLimitExceeded }

    let outFD: Int32
    let errFD: Int32
    let limit: Int
    var out: [UInt8] = []
    var err: [UInt8] = []

    init(outFD: Int32, errFD: Int32, limit: Int) {
        self.outFD = outFD
        self.errFD = errFD
        self.limit = limit
    }

    mutating func readUntilClosed(pid: pid_t, deadline: Double) -> OutputReader.Stop {
        var open: [Int32] = [outFD, errFD]
        var buffer = [UInt8](repeating: 0, count: 65536)
        var childExited = false
        var drainDeadline = deadline
        while !open.isEmpty {
            let now = Uptime.now
            if now >= deadline { return .timedOut }
            // A descendant that left the process group may hold the pipes open after the child exits:
            // read what is there, briefly, then stop.
            if childExited && now >= drainDeadline { return .closed }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let wait = min(max(0, min(deadline, drainDeadline) - now), 0.1)
            let ready = poll(&fds, nfds_t(fds.count), Int32(wait * 1000) + 1)
            if ready < 0 && errno != EINTR { return .closed }
            if ready <= 0 {
                if !childExited && hasExited(pid) {
                    childExited = true
                    kill(-pid, SIGKILL)
                    drainDeadline = now + 1
                }
                continue
            }
            for descriptor in fds where descriptor.revents != 0 {
                let count = read(descriptor.fd, &buffer, buffer.count)
                if count <= 0 {
                    if count == 0 || (errno != EINTR && errno != EAGAIN) { open.removeAll { $0 == descriptor.fd } }
                    continue
                }
                if descriptor.fd == outFD {
                    out.append(contentsOf: buffer[0..<count])
                } else {
                    err.append(contentsOf: buffer[0..<count])
                }
                if out.count + err.count > limit {
                    // Keep exactly the cap, whatever the size of the last read, so the result is the same
                    // every time.
                    out.removeLast(min(out.count, out.count + err.count - limit))
                    if out.count + err.count > limit { err.removeLast(out.count + err.count - limit) }
                    return .outputLimitExceeded
                }
            }
        }
        return .closed
    }

    /// Whether the child has exited, without reaping it (the caller waits for it).
    func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return false }
        #if canImport(Glibc)
            return info._sifields._sigchld.si_pid == pid
        #else
            return info.si_pid == pid
        #endif
    }
}

/// `posix_spawn_file_actions_addchdir_np` (glibc 2.29, macOS 10.15), which Swift's Glibc module does not
/// import: looked up once at run time.
private enum SpawnChdir {
    typealias Function =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) ->
        Int32

    static let function: Function? = {
        guard let handle = dlopen(nil, RTLD_NOW),
            let symbol = dlsym(handle, "posix_spawn_file_actions_addchdir_np")
        else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()
}

/// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34), which Swift's Glibc module does not import:
/// looked up once at run time. Without it, every descriptor the checker opens is close-on-exec anyway.
private enum SpawnCloseFrom {
    typealias Function = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    static let function: Function? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "posix_spawn_file_actions_addclosefrom_np")
        else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()
}

/// `POSIX_SPAWN_SETSID`, hidden behind `_GNU_SOURCE` in glibc's headers: the child calls `setsid()`, which
/// also makes it the leader of a process group of its own.
enum SpawnSession {
    #if canImport(Glibc)
        static let flag: Int32 = 0x80
    #else
        static let flag: Int32 = 0x0400
    #endif
}
