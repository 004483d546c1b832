// Counts heap allocations (malloc, calloc, realloc, memalign, posix_memalign, aligned_alloc) per thread.
#ifndef CMALLOCCOUNTER_H
#define CMALLOCCOUNTER_H
#include <stdint.h>
/// Allocations made by the calling thread since it started.
uint64_t cmc_allocation_count(void);
#endif
