// Counts heap allocations in the test process: malloc, calloc, realloc, posix_memalign, aligned_alloc.
#ifndef CMALLOCCOUNTER_H
#define CMALLOCCOUNTER_H
#include <stdint.h>
/// Allocations since the process started.
uint64_t cmc_allocation_count(void);
#endif
