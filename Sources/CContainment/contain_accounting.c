#ifdef __linux__

#define _GNU_SOURCE

#include "contain_internal.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/// One process of /proc: its parent, the CPU it used (its own, and its waited-for children's), its
/// resident memory.
struct process_sample {
    pid_t pid, parent;
    unsigned long long own_ticks, children_ticks;
    unsigned long long resident_pages;
};

static int by_pid(const void *left, const void *right) {
    pid_t a = ((const struct process_sample *)left)->pid, b = ((const struct process_sample *)right)->pid;
    return (a > b) - (a < b);
}

/// Reads /proc/PID/stat: fields after the command name's closing parenthesis (which may hold anything).
static int read_sample(const char *pid, struct process_sample *sample) {
    char path[64], buffer[1024];
    snprintf(path, sizeof path, "/proc/%s/stat", pid);
    FILE *file = fopen(path, "re");
    if (file == NULL) return -1;
    size_t length = fread(buffer, 1, sizeof buffer - 1, file);
    fclose(file);
    buffer[length] = '\0';
    char *close = strrchr(buffer, ')');
    if (close == NULL) return -1;
    char state;
    int parent;
    unsigned long long user, system, children_user, children_system, resident;
    // state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
    // priority nice threads itrealvalue starttime vsize rss
    int read = sscanf(
        close + 1, " %c %d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu %*d %*d %*d %*d %*u %*u %llu",
        &state, &parent, &user, &system, &children_user, &children_system, &resident);
    if (read != 7) return -1;
    sample->pid = (pid_t)atoi(pid);
    sample->parent = (pid_t)parent;
    sample->own_ticks = user + system;
    sample->children_ticks = children_user + children_system;
    // A zombie holds no memory; its CPU is still its parent's to collect.
    sample->resident_pages = state == 'Z' ? 0 : resident;
    return 0;
}

pid_t contain_parent_of(const char *pid) {
    struct process_sample sample;
    return read_sample(pid, &sample) == 0 ? sample.parent : -1;
}

/// Every process this one can see, sorted by PID; NULL when /proc cannot be read.
static struct process_sample *sample_processes(size_t *count) {
    DIR *proc = opendir("/proc");
    if (proc == NULL) return NULL;
    size_t capacity = 256, used = 0;
    struct process_sample *samples = malloc(capacity * sizeof *samples);
    for (struct dirent *entry; samples != NULL && (entry = readdir(proc)) != NULL;) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
        if (used == capacity) {
            struct process_sample *grown = realloc(samples, 2 * capacity * sizeof *samples);
            if (grown == NULL) break;
            samples = grown;
            capacity *= 2;
        }
        if (read_sample(entry->d_name, &samples[used]) == 0) used++;
    }
    closedir(proc);
    if (samples != NULL) qsort(samples, used, sizeof *samples, by_pid);
    *count = used;
    return samples;
}

/// Whether `sample` descends from `ancestor`. Orphans below a child subreaper are re-parented to it, so
/// every process the program started (setsid ones too) descends from the reaper.
static int descends_from(const struct process_sample *samples, size_t count, const struct process_sample *sample,
                         pid_t ancestor) {
    for (int depth = 0; depth < 256 && sample != NULL; depth++) {
        if (sample->parent == ancestor) return 1;
        if (sample->parent <= 1) return 0;
        struct process_sample key = {.pid = sample->parent};
        sample = bsearch(&key, samples, count, sizeof *samples, by_pid);
    }
    return 0;
}

static double monotonic_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/// What the tree used up to now, and the processes in it.
struct tree_use {
    double cpu_seconds;
    unsigned long long resident_bytes;
    pid_t *members;
    size_t member_count;
};

/// A growing list of PIDs.
struct pid_list {
    pid_t *items;
    size_t count, capacity;
};

static void append_pid(struct pid_list *list, pid_t pid) {
    if (list->count == list->capacity) {
        size_t capacity = list->capacity == 0 ? 64 : 2 * list->capacity;
        pid_t *grown = realloc(list->items, capacity * sizeof(pid_t));
        if (grown == NULL) return;
        list->items = grown;
        list->capacity = capacity;
    }
    list->items[list->count++] = pid;
}

/// Appends the children of every thread of `pid`, from /proc/PID/task/TID/children; -1 when the kernel
/// does not offer that file.
static int append_children(struct pid_list *list, pid_t pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
    DIR *tasks = opendir(path);
    if (tasks == NULL) return 0;  // it ended meanwhile
    int offered = 0;
    for (struct dirent *task; (task = readdir(tasks)) != NULL;) {
        if (task->d_name[0] < '0' || task->d_name[0] > '9') continue;
        char children_path[96], buffer[4096];
        snprintf(children_path, sizeof children_path, "/proc/%d/task/%s/children", (int)pid, task->d_name);
        FILE *file = fopen(children_path, "re");
        if (file == NULL) continue;
        offered = 1;
        size_t length = fread(buffer, 1, sizeof buffer - 1, file);
        fclose(file);
        buffer[length] = '\0';
        for (char *cursor = buffer, *end; *cursor != '\0'; cursor = end) {
            long child = strtol(cursor, &end, 10);
            if (end == cursor) break;
            append_pid(list, (pid_t)child);
        }
    }
    closedir(tasks);
    return offered || pid != getpid() ? 0 : -1;
}

/// Every process below this one, by walking the children files down from it (which reads only the tree,
/// not every process of the machine); NULL and `*offered` 0 where the kernel has no children files.
static pid_t *list_descendants(size_t *count, int *offered) {
    struct pid_list list = {0};
    *offered = append_children(&list, getpid()) == 0;
    for (size_t index = 0; *offered && index < list.count && index < 65536; index++)
        append_children(&list, list.items[index]);
    *count = list.count;
    return list.items;
}

/// What one open socket or pipe is charged, its buffers full: a socket's send buffer at its default
/// (`net.core.wmem_default`, 208 KiB here; the filter keeps programs from growing it) and one message past
/// it, which the kernel lets through; a pipe's 16 pages (F_SETPIPE_SZ is refused too).
#define CONTAIN_SOCKET_CHARGE (320ull << 10)
#define CONTAIN_PIPE_PAGES 16ull

/// A growing list of inode numbers.
struct inode_list {
    unsigned long *items;
    size_t count, capacity;
};

static int by_inode(const void *left, const void *right) {
    unsigned long a = *(const unsigned long *)left, b = *(const unsigned long *)right;
    return (a > b) - (a < b);
}

/// Appends the sockets (kind 's') and pipes ('p') `pid` holds open, by inode, from /proc/PID/fd. A process
/// the reaper may not inspect is not counted: the filter refuses `prctl(PR_SET_DUMPABLE)`, by which a program
/// would hide its own (charging such processes in full stopped ordinary programs: a shell started through
/// `setsid` is one for a moment).
static void append_buffers(struct inode_list *sockets, struct inode_list *pipes, pid_t pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/fd", (int)pid);
    DIR *descriptors = opendir(path);
    if (descriptors == NULL) return;
    for (struct dirent *entry; (entry = readdir(descriptors)) != NULL;) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
        char link[96], target[64];
        snprintf(link, sizeof link, "/proc/%d/fd/%s", (int)pid, entry->d_name);
        ssize_t length = readlink(link, target, sizeof target - 1);
        if (length <= 0) continue;
        target[length] = '\0';
        struct inode_list *list = strncmp(target, "socket:[", 8) == 0 ? sockets
                                  : strncmp(target, "pipe:[", 6) == 0   ? pipes
                                                                        : NULL;
        if (list == NULL) continue;
        if (list->count == list->capacity) {
            size_t capacity = list->capacity == 0 ? 64 : 2 * list->capacity;
            unsigned long *grown = realloc(list->items, capacity * sizeof(unsigned long));
            if (grown == NULL) continue;
            list->items = grown;
            list->capacity = capacity;
        }
        list->items[list->count++] = strtoul(strchr(target, '[') + 1, NULL, 10);
    }
    closedir(descriptors);
}

/// How many distinct inodes `list` holds (sorting it).
static size_t distinct(struct inode_list *list) {
    if (list->count == 0) return 0;
    qsort(list->items, list->count, sizeof(unsigned long), by_inode);
    size_t count = 1;
    for (size_t index = 1; index < list->count; index++) count += list->items[index] != list->items[index - 1];
    return count;
}

/// The kernel memory the tree's sockets and pipes may hold, each counted once however many processes hold
/// it: no resident page shows what their buffers queue (131 socket pairs queued 1 GiB with 16 MB resident).
static unsigned long long buffer_bytes(const pid_t *members, size_t count, long page_size) {
    struct inode_list sockets = {0}, pipes = {0};
    for (size_t index = 0; index < count; index++) append_buffers(&sockets, &pipes, members[index]);
    unsigned long long bytes = distinct(&sockets) * CONTAIN_SOCKET_CHARGE +
                               distinct(&pipes) * CONTAIN_PIPE_PAGES * (unsigned long long)page_size;
    free(sockets.items);
    free(pipes.items);
    return bytes;
}

static int measure_tree(struct tree_use *use) {
    static long ticks_per_second = 0, page_size = 0;
    if (ticks_per_second == 0) ticks_per_second = sysconf(_SC_CLK_TCK), page_size = sysconf(_SC_PAGESIZE);
    unsigned long long ticks = 0, pages = 0;
    free(use->members);
    use->members = NULL;
    use->member_count = 0;
    int offered = 0;
    size_t count = 0;
    pid_t *descendants = list_descendants(&count, &offered);
    if (offered) {
        use->members = descendants;
        for (size_t index = 0; index < count; index++) {
            char pid[24];
            struct process_sample sample;
            snprintf(pid, sizeof pid, "%d", (int)descendants[index]);
            if (read_sample(pid, &sample) != 0) continue;
            ticks += sample.own_ticks + sample.children_ticks;
            pages += sample.resident_pages;
        }
        use->member_count = count;
    } else {
        // No children files: every process of /proc, kept when it descends from this one.
        free(descendants);
        struct process_sample *samples = sample_processes(&count);
        if (samples == NULL) return -1;
        pid_t self = getpid();
        use->members = malloc((count + 1) * sizeof(pid_t));
        for (size_t index = 0; index < count; index++) {
            if (!descends_from(samples, count, &samples[index], self)) continue;
            ticks += samples[index].own_ticks + samples[index].children_ticks;
            pages += samples[index].resident_pages;
            if (use->members != NULL) use->members[use->member_count++] = samples[index].pid;
        }
        free(samples);
    }
    // The processes that ended and were collected by this reaper.
    struct rusage collected;
    getrusage(RUSAGE_CHILDREN, &collected);
    use->cpu_seconds = (double)ticks / (double)ticks_per_second + (double)collected.ru_utime.tv_sec +
                       (double)collected.ru_utime.tv_usec / 1e6 + (double)collected.ru_stime.tv_sec +
                       (double)collected.ru_stime.tv_usec / 1e6;
    use->resident_bytes = pages * (unsigned long long)page_size;
    if (use->members != NULL) use->resident_bytes += buffer_bytes(use->members, use->member_count, page_size);
    return 0;
}

static void signal_tree(const struct tree_use *use, int number) {
    for (size_t index = 0; index < use->member_count; index++) kill(use->members[index], number);
}

const char *contain_account(struct contain_accounting *accounting, unsigned long long *limit) {
    static struct tree_use use = {0};
    if (measure_tree(&use) != 0) return NULL;
    if (accounting->memory_bytes > 0 && use.resident_bytes > accounting->memory_bytes) {
        *limit = accounting->memory_bytes;
        return "memory";
    }
    if (accounting->cpu_seconds > 0 && use.cpu_seconds >= (double)accounting->cpu_seconds) {
        *limit = accounting->cpu_seconds;
        return "cpu";
    }
    if (accounting->share_percent == 0) return NULL;
    // A token bucket: the tree earns `share` CPU-seconds per second of wall time and spends what it uses.
    // In debt it is stopped (SIGSTOP cannot be caught, and is sent again to what it started meanwhile)
    // until the debt is paid, then continued. Idle time earns no more than a short burst of credit.
    double now = monotonic_seconds(), share = (double)accounting->share_percent / 100.0;
    if (accounting->last == 0) accounting->last = now, accounting->used_at_last = use.cpu_seconds;
    accounting->debt += (use.cpu_seconds - accounting->used_at_last) - share * (now - accounting->last);
    if (accounting->debt < -0.05) accounting->debt = -0.05;
    accounting->last = now;
    accounting->used_at_last = use.cpu_seconds;
    if (accounting->paused && accounting->debt <= 0) {
        signal_tree(&use, SIGCONT);
        accounting->paused = 0;
    } else if (accounting->paused || accounting->debt > 0.02) {
        signal_tree(&use, SIGSTOP);
        accounting->paused = 1;
    }
    return NULL;
}

int contain_accounting_enabled(const struct contain_accounting *accounting) {
    return accounting->memory_bytes > 0 || accounting->cpu_seconds > 0 || accounting->share_percent > 0;
}

void contain_accounting_release(void) {
    // Processes stopped by the throttle are continued before they are killed, so that none stays stopped
    // if a kill is missed.
    struct tree_use use = {0};
    if (measure_tree(&use) == 0) signal_tree(&use, SIGCONT);
    free(use.members);
}

#endif
