#ifdef __linux__

#define _GNU_SOURCE

#include "contain_internal.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/// Kills every child of this process; returns how many there were. As a child subreaper, this process is
/// the parent of every orphan below it, `setsid` ones included.
static int kill_children(void) {
    DIR *proc = opendir("/proc");
    if (proc == NULL) return 0;
    int count = 0;
    pid_t self = getpid();
    for (struct dirent *entry; (entry = readdir(proc)) != NULL;) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
        if (contain_parent_of(entry->d_name) == self) {
            kill((pid_t)atoi(entry->d_name), SIGKILL);
            count++;
        }
    }
    closedir(proc);
    return count;
}

/// Set by SIGTERM: the caller (or, under --pdeathsig, the caller's death) asks for everything to end.
static volatile sig_atomic_t told_to_end = 0;

static void note_end(int signal) {
    (void)signal;
    told_to_end = 1;
}

/// Waits for the program, then ends everything it left running, then ends as the program did: with its
/// exit status, or killed by its signal, so the caller reads the program's end. A SIGTERM ends the program
/// and everything below it at once (processes in other process groups too, which a group kill misses).
/// Kills the program and everything below it, and collects them.
static void end_tree(pid_t program) {
    kill(program, SIGKILL);
    while (kill_children() > 0) {
        while (waitpid(-1, NULL, WNOHANG) > 0) {}
        usleep(1000);
    }
}

/// Reports a limit of the tree's accounting on the status descriptor, and ends as a killed program.
static void end_over_limit(pid_t program, int status_fd, const char *name, unsigned long long limit) {
    contain_accounting_release();
    end_tree(program);
    if (status_fd >= 0) {
        char line[64];
        int length = snprintf(line, sizeof line, "%s %llu\n", name, limit);
        ssize_t written = write(status_fd, line, (size_t)length);
        (void)written;
        close(status_fd);
    }
    signal(SIGKILL, SIG_DFL);
    kill(getpid(), SIGKILL);
    _exit(128 + SIGKILL);
}

static void reap(pid_t program, int status_fd, const sigset_t *waited, struct contain_accounting *accounting) {
    int status = 0;
    // The tree is measured every 10 ms when it is accounted: a fork bomb of allocating processes gains at
    // most what two cores allocate in that time beyond its limit.
    int accounts = contain_accounting_enabled(accounting);
    // SIGCHLD and SIGTERM are blocked since before the fork, so neither is lost between a check and the
    // wait: each stays pending until sigtimedwait takes it. The reaper wakes the moment the program (or
    // anything below it) ends, or it is told to end; the timeout is only a safety net, or the accounting's
    // period.
    for (;;) {
        pid_t ended = waitpid(program, &status, WNOHANG);
        if (ended == program || (ended < 0 && errno != EINTR)) break;
        if (ended == 0 && !told_to_end) {
            struct timespec limit = {0, (accounts ? 10 : 100) * 1000 * 1000};
            if (sigtimedwait(waited, NULL, &limit) == SIGTERM) told_to_end = 1;
            unsigned long long value = 0;
            const char *exceeded = accounts && !told_to_end ? contain_account(accounting, &value) : NULL;
            if (exceeded != NULL) end_over_limit(program, status_fd, exceeded, value);
            continue;
        }
        if (told_to_end) {
            if (accounts) contain_accounting_release();
            end_tree(program);
            _exit(128 + SIGTERM);
        }
    }
    if (accounts) contain_accounting_release();
    // Children killed reparent their own children to this process: repeat until none is left.
    while (kill_children() > 0) {
        while (waitpid(-1, NULL, WNOHANG) > 0) {}
        usleep(1000);
    }
    while (waitpid(-1, NULL, WNOHANG) > 0) {}
    // How the program really ended, where the program cannot write: a shell between the grader and the
    // program reports a signal N and an exit status 128 + N alike.
    if (status_fd >= 0) {
        char line[32];
        int length = WIFSIGNALED(status) ? snprintf(line, sizeof line, "signal %d\n", WTERMSIG(status))
                                         : snprintf(line, sizeof line, "exit %d\n", WEXITSTATUS(status));
        ssize_t written = write(status_fd, line, (size_t)length);
        (void)written;
        close(status_fd);
    }
    if (WIFSIGNALED(status)) {
        int number = WTERMSIG(status);
        signal(number, SIG_DFL);
        struct rlimit none = {0, 0};
        setrlimit(RLIMIT_CORE, &none);
        kill(getpid(), number);
    }
    _exit(WIFEXITED(status) ? WEXITSTATUS(status) : CONTAIN_SETUP_FAILURE);
}

int contain_become_reaper(int status_fd, struct contain_accounting *accounting) {
    if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0) return contain_fail("become a child subreaper");
    // Its /proc entries (its descriptors among them) belong to root from now on: the program, which runs
    // as the same user, cannot reach the status descriptor through /proc/PID/fd.
    if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) return contain_fail("make the reaper undumpable");
    // SIGCHLD at its default, so that waitpid reports the program's end even if the caller ignored it.
    signal(SIGCHLD, SIG_DFL);
    // SIGTERM and SIGCHLD are blocked from before the fork, and waited for: one that comes while the reaper
    // starts is not lost. (A SIGTERM before the blocking, under --pdeathsig, is caught by the handler.)
    struct sigaction action = {.sa_handler = note_end};
    sigemptyset(&action.sa_mask);
    sigaction(SIGTERM, &action, NULL);
    sigset_t waited, previous;
    sigemptyset(&waited);
    sigaddset(&waited, SIGTERM);
    sigaddset(&waited, SIGCHLD);
    sigprocmask(SIG_BLOCK, &waited, &previous);
    fflush(NULL);
    pid_t reaper = getpid();
    pid_t program = fork();
    if (program < 0) return contain_fail("start the program's process");
    if (program > 0) reap(program, status_fd, &waited, accounting);
    if (status_fd >= 0) close(status_fd);
    // The program starts with the signal mask and SIGTERM handling its caller gave the launcher.
    signal(SIGTERM, SIG_DFL);
    sigprocmask(SIG_SETMASK, &previous, NULL);
    // The program's process dies with its reaper (which dies with its caller under --pdeathsig); a reaper
    // already gone left it to another parent. (In a PID namespace of its own, the reaper is PID 1.)
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0 || getppid() != reaper)
        return contain_fail("tie the program to its reaper");
    return 0;
}

#endif
