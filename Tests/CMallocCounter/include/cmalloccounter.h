// Counts heap allocations (malloc, calloc, realloc, memalign, posix_memalign, aligned_alloc) per thread.
#ifndef CMALLOCCOUNTER_H
#define CMALLOCCOUNTER_H
#include <stdint.h>
/// Allocations made by the calling thread since it started.
uint64_t cmc_allocation_count(void);
/// Bytes the whole process has allocated and not freed (glibc's `mallinfo2().uordblks`; 0 under a sanitizer,
/// whose allocator glibc does not see).
uint64_t cmc_heap_bytes_in_use(void);
#endif
