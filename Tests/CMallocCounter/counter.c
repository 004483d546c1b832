// Interposes the allocator entry points and forwards them to glibc's own implementations
// (__libc_malloc and friends), counting every call per thread, so a test that runs while other tests
// allocate on other threads still sees only its own allocations. Linked into test and benchmark executables.
#include "cmalloccounter.h"
#include <stddef.h>
#include <errno.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static __thread __attribute__((tls_model("initial-exec"))) uint64_t count;

uint64_t cmc_allocation_count(void) { return count; }

void *malloc(size_t size) { count++; return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count++; return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { count++; return __libc_realloc(p, size); }
void *aligned_alloc(size_t align, size_t size) { count++; return __libc_memalign(align, size); }
void *memalign(size_t align, size_t size) { count++; return __libc_memalign(align, size); }
int posix_memalign(void **out, size_t align, size_t size) {
    count++;
    void *p = __libc_memalign(align, size);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}
