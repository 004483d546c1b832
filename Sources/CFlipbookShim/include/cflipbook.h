// CFlipbookShim: only what Swift cannot do itself (variadic ioctl, macro constants, inline asm).
// Every function returns 0 or -errno and does nothing but copy fields: no logging, no allocation.
#ifndef CFLIPBOOK_H
#define CFLIPBOOK_H

#include <stdint.h>

/// A monotonically increasing cycle (x86_64: TSC) or fixed-frequency timer (aarch64: CNTVCT) reading.
static inline __attribute__((always_inline)) uint64_t cfb_cycles(void) {
#if defined(__x86_64__)
    uint32_t lo, hi;
    __asm__ __volatile__("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) :: "memory");
    return ((uint64_t)hi << 32) | lo;
#elif defined(__aarch64__)
    uint64_t v;
    __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(v) :: "memory");
    return v;
#else
    return 0;
#endif
}

/// The name of the counter `cfb_cycles` reads ("rdtsc", "cntvct_el0" or "none").
static inline const char *cfb_cycles_source(void) {
#if defined(__x86_64__)
    return "rdtsc";
#elif defined(__aarch64__)
    return "cntvct_el0";
#else
    return "none";
#endif
}

#endif
