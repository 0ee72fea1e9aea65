// SHA-256 (FIPS 180-4) in C, for the checker's cache keys. Swift without optimisation (a debug build, which
// is what `swift run` gives) hashes a few MB/s; C stays fast at -O0, so a warm check costs little in every
// build.
#ifndef CSHA256_H
#define CSHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t state[8];
    uint64_t length;
    uint8_t pending[64];
    size_t pendingCount;
} csha256_context;

void csha256_init(csha256_context *context);
void csha256_update(csha256_context *context, const void *bytes, size_t count);
/// Writes the 32-byte digest.
void csha256_final(csha256_context *context, uint8_t digest[32]);
/// Whether the rounds run on the CPU's SHA instructions (x86-64 with the SHA extensions).
int csha256_accelerated(void);
/// With 0, the portable rounds only (for tests that compare the two); with 1, the CPU's where it has them.
void csha256_use_acceleration(int use);

#endif
