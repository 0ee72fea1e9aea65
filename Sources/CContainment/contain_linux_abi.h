#ifndef CONTAIN_LINUX_ABI_H
#define CONTAIN_LINUX_ABI_H

/*
 * Kernel interfaces newer than the C library's headers may be: the values are the kernel's own, fixed by
 * its ABI, so a launcher built against older headers still uses what the running kernel offers. Landlock is
 * declared here alone, not from <linux/landlock.h>: the runtime support of every built program
 * (Sources/LessonRuntimeSupport/lesson_support.c) includes this file too, and the checker compiles that
 * one at run time, on systems whose headers may predate Landlock (the EmbedEngines plugin inlines this
 * file into the text it carries). One Landlock for both: its values, and the one rule both add.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#endif
#ifndef SYS_landlock_add_rule
#define SYS_landlock_add_rule 445
#endif
#ifndef SYS_landlock_restrict_self
#define SYS_landlock_restrict_self 446
#endif
#ifndef LANDLOCK_CREATE_RULESET_VERSION
#define LANDLOCK_CREATE_RULESET_VERSION (1U << 0)
#endif

/* ABI 1 */
#define CONTAIN_FS_EXECUTE (1ULL << 0)
#define CONTAIN_FS_WRITE_FILE (1ULL << 1)
#define CONTAIN_FS_READ_FILE (1ULL << 2)
#define CONTAIN_FS_READ_DIR (1ULL << 3)
#define CONTAIN_FS_ABI1_ALL ((1ULL << 13) - 1) /* EXECUTE … MAKE_SYM */
/* ABI 2, 3, 5 */
#define CONTAIN_FS_REFER (1ULL << 13)
#define CONTAIN_FS_TRUNCATE (1ULL << 14)
#define CONTAIN_FS_IOCTL_DEV (1ULL << 15)
/* ABI 4 */
#define CONTAIN_NET_BIND_TCP (1ULL << 0)
#define CONTAIN_NET_CONNECT_TCP (1ULL << 1)
/* ABI 6 */
#define CONTAIN_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define CONTAIN_SCOPE_SIGNAL (1ULL << 1)

/// struct landlock_ruleset_attr as of ABI 6; its size tells the kernel which fields are there.
struct contain_ruleset_attr {
    uint64_t handled_access_fs;  /* ABI 1 */
    uint64_t handled_access_net; /* ABI 4 */
    uint64_t scoped;             /* ABI 6 */
};

/* struct landlock_path_beneath_attr, and the rule type that passes it. */
struct contain_path_beneath {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));
#define CONTAIN_RULE_PATH_BENEATH 1

/* The rights that mean something on a file that is not a folder; the kernel refuses the others there. */
#define CONTAIN_FS_FILE_RIGHTS \
    (CONTAIN_FS_EXECUTE | CONTAIN_FS_WRITE_FILE | CONTAIN_FS_READ_FILE | CONTAIN_FS_TRUNCATE | CONTAIN_FS_IOCTL_DEV)

/* Allows `rights` beneath `path` (those that mean something on a file, where it is not a folder). A path
   that is missing, or that this process cannot reach, is skipped (0): what the process cannot reach the
   program could not either. -1, with errno, when the rule could not be added. */
static inline int contain_allow_beneath(int ruleset, const char *path, uint64_t rights) {
    int descriptor = open(path, O_PATH | O_CLOEXEC);
    if (descriptor < 0) return (errno == ENOENT || errno == ENOTDIR || errno == EACCES) ? 0 : -1;
    struct stat status;
    if (fstat(descriptor, &status) != 0) return close(descriptor), -1;
    if (!S_ISDIR(status.st_mode)) rights &= CONTAIN_FS_FILE_RIGHTS;
    struct contain_path_beneath rule = {.allowed_access = rights, .parent_fd = descriptor};
    long added = syscall(SYS_landlock_add_rule, ruleset, CONTAIN_RULE_PATH_BENEATH, &rule, 0U);
    int saved = errno;
    close(descriptor);
    errno = saved;
    return added == 0 ? 0 : -1;
}

#endif
