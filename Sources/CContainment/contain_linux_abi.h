#ifndef CONTAIN_LINUX_ABI_H
#define CONTAIN_LINUX_ABI_H

/*
 * Kernel interfaces newer than the C library's headers may be: the values are the kernel's own, fixed by
 * its ABI, so a launcher built against older headers still uses what the running kernel offers.
 */

#include <linux/landlock.h>
#include <stdint.h>
#include <sys/syscall.h>

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

#ifndef LANDLOCK_RULE_PATH_BENEATH
#define LANDLOCK_RULE_PATH_BENEATH 1
#endif

#endif
