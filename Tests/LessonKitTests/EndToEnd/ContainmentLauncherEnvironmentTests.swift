#if os(Linux)
    import Foundation
    import Glibc
    import XCTest

    /// `lesson __contain` where namespaces are refused: with Docker's default capability set, and as a
    /// non-root user. Landlock and seccomp alone must still refuse the network and a world-readable
    /// hidden-tests file, and a correct program must still run.
    final class ContainmentLauncherEnvironmentTests: XCTestCase {
        private static let setpriv = "/usr/bin/setpriv"
        /// The capabilities a Docker container keeps by default (no CAP_SYS_ADMIN: no namespaces).
        private static let dockerCapabilities =
            "-all,+chown,+dac_override,+fsetid,+fowner,+mknod,+net_raw,+setgid,+setuid,+setfcap,+setpcap,"
            + "+net_bind_service,+sys_chroot,+kill,+audit_write"
        private let docker = [setpriv, "--bounding-set=" + dockerCapabilities, "--"]
        private let nonRoot = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--"]

        private func setUpHarness() throws -> LauncherHarness {
            try XCTSkipUnless(getuid() == 0, "these environments are made from root with setpriv")
            try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Self.setpriv), "no setpriv (util-linux)")
            return try LauncherHarness.shared.get()
        }

        func testDockerDefaultCapabilitySet() throws {
            let harness = try setUpHarness()
            // The environment is the intended one: Docker's capabilities in effect, and no namespace allowed.
            let capabilities = try LauncherHarness.run(
                docker[0], Array(docker.dropFirst()) + ["/bin/grep", "^CapEff", "/proc/self/status"])
            XCTAssertEqual(capabilities.standardOutput, "CapEff:\t00000000a80425fb\n")
            let namespace = try LauncherHarness.run(
                docker[0], Array(docker.dropFirst()) + ["/usr/bin/unshare", "--net", "/bin/true"])
            XCTAssertEqual(namespace.exitStatus, 1, namespace.description)

            try assertContained(harness, behind: docker, user: 61_998)
        }

        func testNonRootUser() throws {
            let harness = try setUpHarness()
            let identity = try harness.contain([], [harness.hostile, "uid"], behind: nonRoot)
            XCTAssertEqual(identity.standardOutput, "uid: uid 65534 euid 65534 gid 65534 groups 0\n")
            let probed = try LauncherHarness.run(
                nonRoot[0], Array(nonRoot.dropFirst()) + [harness.lesson, "__contain", "--probe"])
            XCTAssertEqual(
                probed.standardOutput.split(separator: "\n").dropFirst(),
                ["seccomp: available", "setuid: unavailable (setgroups: Operation not permitted)"])
            // That user may read the 0644 file and connect, when nothing contains it.
            let bare = try LauncherHarness.run(
                nonRoot[0], Array(nonRoot.dropFirst()) + [harness.hostile, "read", harness.secret])
            XCTAssertEqual(bare.standardOutput, "read: \(harness.secretText)\n")

            try assertContained(harness, behind: nonRoot, user: nil)
        }

        func testNonRootLandlockKeepsOtherProcessesEnvironmentClosed() throws {
            let harness = try setUpHarness()
            try harness.requireLandlock(abi: 1, for: "/proc of other processes")
            let bystander = Process()
            bystander.executableURL = URL(fileURLWithPath: Self.setpriv)
            bystander.arguments =
                Array(nonRoot.dropFirst()) + ["/usr/bin/env", "GRADER_TOKEN=hunter2", "/bin/sleep", "30"]
            try bystander.run()
            defer { bystander.terminate() }
            let environ = "/proc/\(bystander.processIdentifier)/environ"
            var bare = RunOutcome(exitStatus: nil, signal: nil, standardOutput: "", standardError: "")
            for _ in 0..<50 where !bare.standardOutput.contains("GRADER_TOKEN=hunter2") {
                usleep(100_000)  // until setpriv and env have become the sleeping process
                bare = try harness.contain([], [harness.hostile, "read", environ], behind: nonRoot)
            }
            XCTAssertTrue(bare.standardOutput.contains("GRADER_TOKEN=hunter2"), "the same user reads it: \(bare)")
            // /proc is in the broad read set; Landlock still refuses what ptrace rules guard.
            let readSet = harness.broadReadSet(program: harness.hostile)
            let contained = try harness.contain(
                ["--landlock"] + readSet, [harness.hostile, "read", environ], behind: nonRoot)
            XCTAssertEqual(contained.standardOutput, "read: open: Permission denied\n", contained.description)
        }

        /// Seccomp refuses TCP and UDP; Landlock refuses the TCP connect and the hidden-tests file; with every
        /// layer the correct program prints exactly what it should.
        private func assertContained(_ harness: LauncherHarness, behind prefix: [String], user: uid_t?) throws {
            let tcp = try LoopbackTCPListener()
            let udp = try LoopbackUDPReceiver()
            let bareTCP = try harness.contain([], [harness.hostile, "tcp", String(tcp.port)], behind: prefix)
            XCTAssertEqual(bareTCP.standardOutput, "tcp: connected\n", "uncontained, the connection is made")
            XCTAssertEqual(tcp.acceptedConnections(), 1)

            let filteredTCP = try harness.contain(
                ["--seccomp"], [harness.hostile, "tcp", String(tcp.port)], behind: prefix)
            XCTAssertEqual(
                filteredTCP.standardOutput, "tcp: socket: Operation not permitted\n", filteredTCP.description)
            let filteredUDP = try harness.contain(
                ["--seccomp"], [harness.hostile, "udp", String(udp.port)], behind: prefix)
            XCTAssertEqual(
                filteredUDP.standardOutput, "udp: socket: Operation not permitted\n", filteredUDP.description)
            XCTAssertEqual(udp.receivedDatagrams(), [])

            try harness.requireLandlock(abi: 4, for: "Landlock in this environment")
            let userOptions = user.map { ["--uid", String($0)] } ?? []
            let readSet = harness.broadReadSet(program: harness.hostile)
            let landlockedTCP = try harness.contain(
                userOptions + ["--landlock"] + readSet, [harness.hostile, "tcp", String(tcp.port)], behind: prefix)
            XCTAssertEqual(landlockedTCP.standardOutput, "tcp: connect: Permission denied\n", landlockedTCP.description)
            XCTAssertEqual(tcp.acceptedConnections(), 0)
            let secret = try harness.contain(
                userOptions + ["--landlock"] + readSet, [harness.hostile, "read", harness.secret], behind: prefix)
            XCTAssertEqual(secret.standardOutput, "read: open: Permission denied\n", secret.description)

            let work = try harness.workFolder(owner: user ?? 65_534)
            let everyLayer =
                userOptions + [
                    "--as", String(512 << 20), "--cpu", "10", "--nproc", "64", "--fsize", String(16 << 20), "--core",
                    "0",
                    "--landlock", "--seccomp", "--pdeathsig", "--write", work, "--chdir", work,
                ] + harness.broadReadSet(program: harness.ordinary)
            let ordinary = try harness.contain(everyLayer, [harness.ordinary], behind: prefix)
            XCTAssertEqual(ordinary.exitStatus, 0, ordinary.description)
            XCTAssertEqual(ordinary.standardOutput, LauncherHarness.ordinaryOutput)
            XCTAssertEqual(ordinary.standardError, "")
        }
    }
#endif
