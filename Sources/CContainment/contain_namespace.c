#ifdef __linux__

#define _GNU_SOURCE

#include "contain_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/// Prints "lesson sandbox: cannot <step> <path>: <strerror(errno)>" and returns -1.
static int fail_at(const char *step, const char *path) {
    fprintf(stderr, "lesson sandbox: cannot %s %s: %s\n", step, path, strerror(errno));
    return -1;
}

/// Copies the program into the namespace's own file system, executable by its owner only.
static int copy_file(const char *source, const char *target, uid_t owner) {
    int input = open(source, O_RDONLY | O_CLOEXEC);
    if (input < 0) return fail_at("read", source);
    struct stat info;
    int output = fstat(input, &info) == 0 ? open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0700) : -1;
    if (output < 0) return close(input), fail_at("create", target);
    for (off_t left = info.st_size; left > 0;) {
        ssize_t copied = sendfile(output, input, NULL, (size_t)left);
        if (copied <= 0) {
            if (copied < 0 && errno == EINTR) continue;
            if (copied == 0) errno = EIO;
            return close(input), close(output), fail_at("copy to", target);
        }
        left -= copied;
    }
    close(input);
    if (fchown(output, owner, owner) != 0) return close(output), fail_at("give away", target);
    return close(output) == 0 ? 0 : fail_at("write", target);
}

static int apply(const struct contain_mount_step *step, uid_t owner) {
    switch (step->kind) {
    case CONTAIN_TMPFS:
        if (mount(step->name, step->target, "tmpfs", MS_NOSUID | MS_NODEV, step->options) != 0)
            return fail_at("mount a file system on", step->target);
        return 0;
    case CONTAIN_BIND:
        if (mount(step->source, step->target, NULL, MS_BIND, NULL) != 0) return fail_at("bind over", step->target);
        return 0;
    case CONTAIN_MKDIR:
        return mkdir(step->target, 0755) == 0 ? 0 : fail_at("make the folder", step->target);
    case CONTAIN_COPY:
        return copy_file(step->source, step->target, owner);
    case CONTAIN_MOVE:
        if (mount(step->source, step->target, NULL, MS_MOVE, NULL) != 0) return fail_at("move a mount to", step->target);
        return 0;
    }
    return errno = EINVAL, fail_at("apply a step to", step->target);
}

/// Waits for `child` and ends as it ended: its status, or 128 + its signal, as a shell reports a child
/// killed by one.
static void end_as(pid_t child) {
    int status;
    while (waitpid(child, &status, 0) < 0) {
        if (errno != EINTR) _exit(CONTAIN_SETUP_FAILURE);
    }
    if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
    _exit(128 + WTERMSIG(status));
}

int contain_enter_namespaces(const struct contain_options *options) {
    if (unshare(CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWPID | CLONE_NEWIPC) != 0)
        return contain_fail("make the namespaces");
    pid_t child = fork();
    if (child < 0) return contain_fail("start the namespaces' first process");
    if (child > 0) end_as(child);
    // The first process of the PID namespace: when it ends, the kernel ends every process in it.
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) return contain_fail("set the parent-death signal");
    // Nothing mounted here reaches the grader's namespace, and /proc shows this namespace's processes.
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) return contain_fail("make the mounts private");
    if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0)
        return contain_fail("mount /proc");
    for (size_t index = 0; index < options->step_count; index++) {
        if (apply(&options->steps[index], options->owner) != 0) return -1;
    }
    // The first process stays as it is and waits, as a shell would: the reaper and the program below it
    // take the run's user, and a process of that user never is the namespace's first, whose end (a zombie
    // until the process outside reaps it) would outlive the run under the run's user.
    pid_t run = fork();
    if (run < 0) return contain_fail("start the run in the namespaces");
    if (run > 0) end_as(run);
    return 0;
}

#endif
