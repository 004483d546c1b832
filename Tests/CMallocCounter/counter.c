// Interposes the allocator entry points and forwards them to glibc's own implementations
// (__libc_malloc and friends), counting every call per thread, so a test that runs while other tests
// allocate on other threads still sees only its own allocations. Linked into test and benchmark executables.
// Under AddressSanitizer (`make sanitize`) and ThreadSanitizer (`make sanitize-thread`) the calls go to the
// sanitizer's allocator instead, which is the one that frees.
#include "cmalloccounter.h"
#include <stddef.h>
#include <errno.h>
#include <malloc.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CMC_ADDRESS_SANITIZER 1
#endif
#if __has_feature(thread_sanitizer)
#define CMC_THREAD_SANITIZER 1
#endif
#endif
#ifdef CMC_ADDRESS_SANITIZER
#define REAL(name) __interceptor_##name
// The runtime allocates while it starts, before the shadow memory that instrumented code touches exists.
#pragma clang attribute push(__attribute__((no_sanitize("address"))), apply_to = function)
#elif defined(CMC_THREAD_SANITIZER)
#define REAL(name) __interceptor_##name
// The counter is per thread: nothing here for the race detector to watch.
#pragma clang attribute push(__attribute__((disable_sanitizer_instrumentation)), apply_to = function)
#else
#define REAL(name) __libc_##name
#endif

extern void *REAL(malloc)(size_t);
extern void *REAL(calloc)(size_t, size_t);
extern void *REAL(realloc)(void *, size_t);
extern void *REAL(memalign)(size_t, size_t);
extern void REAL(free)(void *);

static __thread __attribute__((tls_model("initial-exec"))) uint64_t count;
static __thread __attribute__((tls_model("initial-exec"))) uint64_t releases;

uint64_t cmc_allocation_count(void) { return count; }
uint64_t cmc_release_count(void) { return releases; }

uint64_t cmc_heap_bytes_in_use(void) { return mallinfo2().uordblks; }

void *malloc(size_t size) { count++; return REAL(malloc)(size); }
void *calloc(size_t n, size_t size) { count++; return REAL(calloc)(n, size); }
void *realloc(void *p, size_t size) {
    count++;
    if (p) releases++;
    return REAL(realloc)(p, size);
}
void free(void *p) {
    if (p) releases++;
    REAL(free)(p);
}
void *aligned_alloc(size_t align, size_t size) { count++; return REAL(memalign)(align, size); }
void *memalign(size_t align, size_t size) { count++; return REAL(memalign)(align, size); }
int posix_memalign(void **out, size_t align, size_t size) {
    count++;
    void *p = REAL(memalign)(align, size);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}

#if defined(CMC_ADDRESS_SANITIZER) || defined(CMC_THREAD_SANITIZER)
#pragma clang attribute pop
#endif
