// Counts heap allocations (malloc, calloc, realloc, memalign, posix_memalign, aligned_alloc) and releases (free,
// realloc of a block) per thread.
#ifndef CMALLOCCOUNTER_H
#define CMALLOCCOUNTER_H
#include <stdint.h>
/// Allocations made by the calling thread since it started.
uint64_t cmc_allocation_count(void);
/// Blocks the calling thread has released (`free` of a block, `realloc` of one) since it started, whichever thread
/// allocated them. Allocations minus releases over a stretch of code is how many more blocks it left live: unlike
/// the allocation count alone, it does not depend on how many times a growing array was reallocated, which
/// varies with the spare bytes glibc happens to give a block (`malloc_usable_size`, which Swift's arrays use).
uint64_t cmc_release_count(void);
/// Bytes the whole process has allocated and not freed (glibc's `mallinfo2().uordblks`; 0 under a sanitizer,
/// whose allocator glibc does not see).
uint64_t cmc_heap_bytes_in_use(void);
#endif
