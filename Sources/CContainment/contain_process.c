#ifdef __linux__

#define _GNU_SOURCE

#include "contain_internal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Gives up the controlling terminal, for a process setsid() refuses (it already leads a process group).
/// A session leader that gives it up sends SIGHUP to the terminal's foreground group, its own: ignored here.
static int detach_terminal(void) {
    int terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (terminal < 0) return errno == ENXIO ? 0 : -1;
    struct sigaction ignore = {.sa_handler = SIG_IGN}, previous;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGHUP, &ignore, &previous);
    int detached = ioctl(terminal, TIOCNOTTY);
    close(terminal);
    sigaction(SIGHUP, &previous, NULL);
    if (detached != 0) return -1;
    int again = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (again >= 0) return close(again), errno = EPERM, -1;
    return errno == ENXIO ? 0 : -1;
}

int contain_new_session(void) {
    if (setsid() >= 0) return 0;
    if (errno == EPERM && detach_terminal() == 0) return 0;
    return contain_fail("start a new session");
}

/// Closes the descriptors listed in /proc/self/fd above 2: for kernels without close_range.
static int close_listed_descriptors(int keep) {
    DIR *directory = opendir("/proc/self/fd");
    if (directory == NULL) return -1;
    int own = dirfd(directory);
    int *found = NULL;
    size_t count = 0, capacity = 0;
    for (struct dirent *entry; (entry = readdir(directory)) != NULL;) {
        int descriptor = atoi(entry->d_name);
        if (descriptor <= 2 || descriptor == own || descriptor == keep) continue;
        if (count == capacity) {
            capacity = capacity == 0 ? 64 : capacity * 2;
            int *grown = realloc(found, capacity * sizeof *found);
            if (grown == NULL) return closedir(directory), free(found), -1;
            found = grown;
        }
        found[count++] = descriptor;
    }
    closedir(directory);
    for (size_t index = 0; index < count; index++) close(found[index]);
    free(found);
    return 0;
}

/// Closes every descriptor above 2 but `keep` (-1: none), the reaper's status descriptor.
int contain_close_inherited_descriptors(int keep) {
#ifdef SYS_close_range
    if (keep < 0 && syscall(SYS_close_range, 3U, ~0U, 0U) == 0) return 0;
    if (keep >= 3 && (keep == 3 || syscall(SYS_close_range, 3U, (unsigned)keep - 1, 0U) == 0) &&
        syscall(SYS_close_range, (unsigned)keep + 1, ~0U, 0U) == 0)
        return 0;
#endif
    if (close_listed_descriptors(keep) == 0) return 0;
    return contain_fail("close inherited descriptors");
}

/// Sets one limit to `soft` (hard: `hard`), never above a hard limit the process already has.
static int set_limit(int resource, rlim_t soft, rlim_t hard, const char *step) {
    struct rlimit current;
    if (getrlimit(resource, &current) != 0) return contain_fail(step);
    if (hard > current.rlim_max) hard = current.rlim_max;
    if (soft > hard) soft = hard;
    struct rlimit limit = {.rlim_cur = soft, .rlim_max = hard};
    return setrlimit(resource, &limit) == 0 ? 0 : contain_fail(step);
}

int contain_set_limits(const struct contain_options *options) {
    const struct contain_limit *cpu = &options->cpu_seconds;
    if (options->address_space.is_set &&
        set_limit(RLIMIT_AS, options->address_space.value, options->address_space.value, "set RLIMIT_AS") != 0)
        return -1;
    // One second between the soft limit (SIGXCPU) and the hard one (SIGKILL), for a program that catches it.
    if (cpu->is_set && set_limit(RLIMIT_CPU, cpu->value, cpu->value + 1, "set RLIMIT_CPU") != 0) return -1;
    if (options->processes.is_set &&
        set_limit(RLIMIT_NPROC, options->processes.value, options->processes.value, "set RLIMIT_NPROC") != 0)
        return -1;
    if (options->file_size.is_set &&
        set_limit(RLIMIT_FSIZE, options->file_size.value, options->file_size.value, "set RLIMIT_FSIZE") != 0)
        return -1;
    if (options->core_size.is_set &&
        set_limit(RLIMIT_CORE, options->core_size.value, options->core_size.value, "set RLIMIT_CORE") != 0)
        return -1;
    // Open descriptors bound the sockets and pipes a process holds, and those it sends away in flight.
    if (options->open_files.is_set &&
        set_limit(RLIMIT_NOFILE, options->open_files.value, options->open_files.value, "set RLIMIT_NOFILE") != 0)
        return -1;
    return 0;
}

#endif
