/*
 * The Embedded benchmark's clocks, through the runtime's system calls (tools/embedded/runtime/syscalls.c):
 *
 *   1. CPU cycles from perf_event_open(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES), user space only,
 *      read with read(2) — what a Raspberry Pi's kernel gives (perf_event_paranoid <= 2, or root);
 *   2. else the architectural timer: aarch64 CNTVCT_EL0 (frequency from CNTFRQ_EL0); 32-bit ARMv7 CNTVCT
 *      when the kernel says the generic timer runs (HWCAP_EVTSTRM; the kernel then lets user space read
 *      it), frequency from CNTFRQ;
 *   3. else clock_gettime(CLOCK_MONOTONIC) (ARMv6 has no user-readable counter at all).
 *
 * fbb_counter_open chooses once; fbb_counter_read returns ticks; fbb_counter_hertz the timer's frequency
 * (0 for cycles: the caller calibrates against fbb_monotonic_nanos). Also a word-store memset for the
 * × memset reference (the freestanding runtime's memset is a byte loop).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

enum { FBB_PERF_CYCLES = 1, FBB_ARCH_TIMER = 2, FBB_MONOTONIC = 3 };

/* struct perf_event_attr up to PERF_ATTR_SIZE_VER0 (64 bytes): every kernel since 2.6.31 takes it. */
struct fbb_perf_attr {
	uint32_t type, size;
	uint64_t config, sample_period, sample_type, read_format, flags;
	uint32_t wakeup_events, bp_type;
	uint64_t bp_addr;
};
#define FBB_PERF_EXCLUDE_KERNEL (1ull << 5)
#define FBB_PERF_EXCLUDE_HV (1ull << 6)

static int fbb_kind;
static long fbb_perf_fd = -1;
static long fbb_perf_result;
static uint64_t fbb_hertz;

int64_t fbb_monotonic_nanos(void) {
	struct timespec time = {0, 0};
	clock_gettime(CLOCK_MONOTONIC, &time);
	return (int64_t)time.tv_sec * 1000000000 + time.tv_nsec;
}

#if defined(__arm__) && __ARM_ARCH >= 7
/* AT_HWCAP from the auxiliary vector, which follows argv's and the environment's terminating NULLs. */
static unsigned long fbb_hwcap(char **argv, int argc) {
	char **cursor = argv + argc + 1;
	while (*cursor) cursor++;
	for (unsigned long *entry = (unsigned long *)(cursor + 1); entry[0] != 0; entry += 2) {
		if (entry[0] == 16 /* AT_HWCAP */) return entry[1];
	}
	return 0;
}
#endif

/* Chooses the counter (see the top of this file). Returns FBB_PERF_CYCLES, FBB_ARCH_TIMER or FBB_MONOTONIC. */
int32_t fbb_counter_open(char **argv, int32_t argc) {
	struct fbb_perf_attr attr = {0};
	attr.type = 0;   /* PERF_TYPE_HARDWARE */
	attr.size = sizeof attr;
	attr.config = 0; /* PERF_COUNT_HW_CPU_CYCLES */
	attr.flags = FBB_PERF_EXCLUDE_KERNEL | FBB_PERF_EXCLUDE_HV;
	fbb_perf_result = syscall(SYS_perf_event_open, (long)&attr, 0L /* this process */, -1L /* any CPU */,
				  -1L /* no group */, 0L, 0L);
	if (fbb_perf_result < 0) fbb_perf_result = -errno;
	if (fbb_perf_result >= 0) {
		uint64_t probe;
		if (read((int)fbb_perf_result, &probe, sizeof probe) == sizeof probe) {
			fbb_perf_fd = fbb_perf_result;
			return fbb_kind = FBB_PERF_CYCLES;
		}
		fbb_perf_result = -5; /* EIO: opened but unreadable */
	}
#if defined(__aarch64__)
	(void)argv; (void)argc;
	uint64_t frequency;
	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(frequency));
	if (frequency != 0) {
		fbb_hertz = frequency;
		return fbb_kind = FBB_ARCH_TIMER;
	}
#elif defined(__arm__) && __ARM_ARCH >= 7
	if (fbb_hwcap(argv, argc) & (1ul << 21) /* HWCAP_EVTSTRM */) {
		uint32_t frequency;
		__asm__ volatile("mrc p15, 0, %0, c14, c0, 0" : "=r"(frequency));
		if (frequency != 0) {
			fbb_hertz = frequency;
			return fbb_kind = FBB_ARCH_TIMER;
		}
	}
#else
	(void)argv; (void)argc;
#endif
	fbb_hertz = 1000000000;
	return fbb_kind = FBB_MONOTONIC;
}

/* perf_event_open's result when it was tried and failed (-errno), else 0. */
int32_t fbb_perf_error(void) { return fbb_perf_result < 0 ? (int32_t)fbb_perf_result : 0; }

/* The timer's ticks per second (0 for CPU cycles: calibrate). */
uint64_t fbb_counter_hertz(void) { return fbb_kind == FBB_PERF_CYCLES ? 0 : fbb_hertz; }

/* The counter now, in ticks. */
uint64_t fbb_counter_read(void) {
	if (fbb_kind == FBB_PERF_CYCLES) {
		uint64_t cycles = 0;
		if (read((int)fbb_perf_fd, &cycles, sizeof cycles) != sizeof cycles) return 0;
		return cycles;
	}
#if defined(__aarch64__)
	if (fbb_kind == FBB_ARCH_TIMER) {
		uint64_t ticks;
		__asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(ticks)::"memory");
		return ticks;
	}
#elif defined(__arm__) && __ARM_ARCH >= 7
	if (fbb_kind == FBB_ARCH_TIMER) {
		uint32_t low, high;
		__asm__ volatile("isb\n\tmrrc p15, 1, %0, %1, c14" : "=r"(low), "=r"(high)::"memory");
		return ((uint64_t)high << 32) | low;
	}
#endif
	return (uint64_t)fbb_monotonic_nanos();
}

/* memset of `count` bytes with 64-bit stores (count and destination 8-byte aligned; the frames are). */
void fbb_memset_words(void *destination, uint8_t value, size_t count) {
	uint64_t word = value * 0x0101010101010101ull;
	uint64_t *to = destination;
	for (size_t index = 0; index < count / 8; index++) to[index] = word;
}
