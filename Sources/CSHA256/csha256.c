#include "csha256.h"

#include <stdatomic.h>
#include <string.h>

static const uint32_t round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

// A macro, not a function: a debug build compiles C without optimization, and a call per rotation made
// hashing 1.7 times slower there.
#define rotate(value, count) (((value) >> (count)) | ((value) << (32 - (count))))

static void compress(uint32_t state[8], const uint8_t block[64]) {
    uint32_t words[64];
    for (int index = 0; index < 16; index++) {
        words[index] = (uint32_t)block[index * 4] << 24 | (uint32_t)block[index * 4 + 1] << 16 |
                       (uint32_t)block[index * 4 + 2] << 8 | (uint32_t)block[index * 4 + 3];
    }
    for (int index = 16; index < 64; index++) {
        uint32_t s0 = rotate(words[index - 15], 7) ^ rotate(words[index - 15], 18) ^ (words[index - 15] >> 3);
        uint32_t s1 = rotate(words[index - 2], 17) ^ rotate(words[index - 2], 19) ^ (words[index - 2] >> 10);
        words[index] = words[index - 16] + s0 + words[index - 7] + s1;
    }
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    for (int index = 0; index < 64; index++) {
        uint32_t s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25);
        uint32_t choice = (e & f) ^ (~e & g);
        uint32_t temp1 = h + s1 + choice + round_constants[index] + words[index];
        uint32_t s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22);
        uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
        uint32_t temp2 = s0 + majority;
        h = g;
        g = f;
        f = e;
        e = d + temp1;
        d = c;
        c = b;
        b = a;
        a = temp1 + temp2;
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
    state[4] += e;
    state[5] += f;
    state[6] += g;
    state[7] += h;
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>
#define CSHA256_X86 1

// The x86 SHA extensions: four rounds an instruction pair. Their intrinsics are inlined even at -O0, where
// the portable rounds above run at about 94 MB/s; with them a debug build hashes at about 220 MB/s.
__attribute__((target("sha,sse4.1,ssse3"))) static void compress_sha_ni(uint32_t state[8], const uint8_t *block,
                                                                         size_t blocks) {
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    // The state as the instructions want it: A B E F in one register, C D G H in the other.
    __m128i cdab = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[0]), 0xB1);
    __m128i efgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[4]), 0x1B);
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
    for (; blocks > 0; blocks--, block += 64) {
        __m128i saved_abef = abef, saved_cdgh = cdgh;
        __m128i words[16];
        for (int group = 0; group < 16; group++) {
            if (group < 4) {
                words[group] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(block + 16 * group)), byte_swap);
            } else {
                // W[t..t+3] from W[t-16..t-13], W[t-15..t-12] (σ0), W[t-7..t-4] and W[t-2], W[t-1] (σ1).
                __m128i partial = _mm_sha256msg1_epu32(words[group - 4], words[group - 3]);
                partial = _mm_add_epi32(partial, _mm_alignr_epi8(words[group - 1], words[group - 2], 4));
                words[group] = _mm_sha256msg2_epu32(partial, words[group - 1]);
            }
            __m128i message =
                _mm_add_epi32(words[group], _mm_loadu_si128((const __m128i *)&round_constants[4 * group]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, message);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(message, 0x0E));
        }
        abef = _mm_add_epi32(abef, saved_abef);
        cdgh = _mm_add_epi32(cdgh, saved_cdgh);
    }
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

static int cpu_has_sha_ni(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & bit_SSE4_1) || !(ecx & bit_SSSE3)) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx >> 29) & 1;
}
#endif

// -1: not yet asked; 0: the portable rounds; 1: the CPU's. Atomic: a check hashes on several threads at
// once, and the first of them may ask the CPU together.
static _Atomic int use_sha_ni = -1;

int csha256_accelerated(void) {
#ifdef CSHA256_X86
    int use = atomic_load_explicit(&use_sha_ni, memory_order_relaxed);
    if (use < 0) {
        use = cpu_has_sha_ni();
        atomic_store_explicit(&use_sha_ni, use, memory_order_relaxed);
    }
    return use;
#else
    return 0;
#endif
}

void csha256_use_acceleration(int use) { atomic_store_explicit(&use_sha_ni, use ? -1 : 0, memory_order_relaxed); }

static void compress_blocks(uint32_t state[8], const uint8_t *block, size_t blocks) {
#ifdef CSHA256_X86
    if (csha256_accelerated()) {
        compress_sha_ni(state, block, blocks);
        return;
    }
#endif
    for (; blocks > 0; blocks--, block += 64) compress(state, block);
}

void csha256_init(csha256_context *context) {
    static const uint32_t initial[8] = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    };
    memcpy(context->state, initial, sizeof initial);
    context->length = 0;
    context->pendingCount = 0;
}

void csha256_update(csha256_context *context, const void *bytes, size_t count) {
    const uint8_t *input = bytes;
    context->length += count;
    if (context->pendingCount > 0) {
        size_t take = 64 - context->pendingCount;
        if (take > count) take = count;
        memcpy(context->pending + context->pendingCount, input, take);
        context->pendingCount += take;
        input += take;
        count -= take;
        if (context->pendingCount < 64) return;
        compress_blocks(context->state, context->pending, 1);
        context->pendingCount = 0;
    }
    compress_blocks(context->state, input, count / 64);
    input += count / 64 * 64;
    count %= 64;
    memcpy(context->pending, input, count);
    context->pendingCount = count;
}

void csha256_final(csha256_context *context, uint8_t digest[32]) {
    uint64_t bitLength = context->length * 8;
    uint8_t padding[72] = {0x80};
    size_t padCount = (context->pendingCount < 56 ? 56 : 120) - context->pendingCount;
    csha256_update(context, padding, padCount);
    uint8_t lengthBytes[8];
    for (int index = 0; index < 8; index++) lengthBytes[index] = (uint8_t)(bitLength >> (56 - 8 * index));
    csha256_update(context, lengthBytes, 8);
    for (int index = 0; index < 8; index++) {
        digest[index * 4] = (uint8_t)(context->state[index] >> 24);
        digest[index * 4 + 1] = (uint8_t)(context->state[index] >> 16);
        digest[index * 4 + 2] = (uint8_t)(context->state[index] >> 8);
        digest[index * 4 + 3] = (uint8_t)(context->state[index]);
    }
}
