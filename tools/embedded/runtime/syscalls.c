/*
 * The C library calls CFlipbookShim makes, as raw Linux system calls, for Embedded Swift programs linked
 * with freestanding.c (no libc): open, close, read, ioctl, fsync, access, mmap, munmap, poll,
 * clock_gettime, clock_nanosleep, setitimer, sigaction, signal, sigemptyset, syscall and errno; and the player's
 * own read-only file access (fb_file_open_readonly, fb_file_read).
 *
 * They follow the C library's conventions (−1 and `errno` on failure), and the glibc headers of the
 * board's cross compiler declare them, so the shim compiles unchanged for the host (glibc) and for the
 * players (this file). Single-threaded: `errno` is one global.
 *
 * Supported: x86_64, aarch64, 32-bit ARM (EABI). Every call goes through the *at / ppoll / mmap2 forms
 * where an architecture lacks the plain one (aarch64 has no open, access or poll).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#if defined(__x86_64__)
enum {
	SYS_read_ = 0, SYS_close_ = 3, SYS_mmap_ = 9, SYS_munmap_ = 11, SYS_rt_sigaction_ = 13, SYS_ioctl_ = 16,
	SYS_fsync_ = 74, SYS_clock_gettime_ = 228, SYS_clock_nanosleep_ = 230, SYS_openat_ = 257,
	SYS_faccessat_ = 269, SYS_ppoll_ = 271, SYS_setitimer_ = 38,
};
static long fb_syscall6(long number, long a, long b, long c, long d, long e, long f) {
	register long r10 __asm__("r10") = d;
	register long r8 __asm__("r8") = e;
	register long r9 __asm__("r9") = f;
	long result;
	__asm__ volatile("syscall" : "=a"(result) : "a"(number), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
	                 : "rcx", "r11", "memory");
	return result;
}
/* x86_64 signal frames return through the restorer the process supplies (SA_RESTORER): rt_sigreturn. */
#define FB_SA_RESTORER 0x04000000
void fb_signal_return(void);
__asm__(".text\n.globl fb_signal_return\nfb_signal_return:\n\tmov $15, %eax\n\tsyscall\n\thlt\n");
#elif defined(__aarch64__)
enum {
	SYS_ioctl_ = 29, SYS_faccessat_ = 48, SYS_openat_ = 56, SYS_close_ = 57, SYS_read_ = 63, SYS_ppoll_ = 73,
	SYS_fsync_ = 82, SYS_clock_gettime_ = 113, SYS_clock_nanosleep_ = 115, SYS_rt_sigaction_ = 134,
	SYS_munmap_ = 215, SYS_mmap_ = 222, SYS_setitimer_ = 103,
};
static long fb_syscall6(long number, long a, long b, long c, long d, long e, long f) {
	register long x8 __asm__("x8") = number;
	register long x0 __asm__("x0") = a;
	register long x1 __asm__("x1") = b;
	register long x2 __asm__("x2") = c;
	register long x3 __asm__("x3") = d;
	register long x4 __asm__("x4") = e;
	register long x5 __asm__("x5") = f;
	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5) : "memory");
	return x0;
}
#elif defined(__arm__)
enum {
	SYS_read_ = 3, SYS_close_ = 6, SYS_ioctl_ = 54, SYS_munmap_ = 91, SYS_fsync_ = 118, SYS_rt_sigaction_ = 174,
	SYS_mmap2_ = 192, SYS_clock_gettime_ = 263, SYS_clock_nanosleep_ = 265, SYS_openat_ = 322,
	SYS_faccessat_ = 334, SYS_ppoll_ = 336, SYS_setitimer_ = 104,
};
static long fb_syscall6(long number, long a, long b, long c, long d, long e, long f) {
	register long r7 __asm__("r7") = number;
	register long r0 __asm__("r0") = a;
	register long r1 __asm__("r1") = b;
	register long r2 __asm__("r2") = c;
	register long r3 __asm__("r3") = d;
	register long r4 __asm__("r4") = e;
	register long r5 __asm__("r5") = f;
	__asm__ volatile("svc #0" : "+r"(r0) : "r"(r7), "r"(r1), "r"(r2), "r"(r3), "r"(r4), "r"(r5) : "memory");
	return r0;
}
#else
#error "syscalls.c: unsupported architecture"
#endif

#define FB_AT_FDCWD (-100)

static int fb_errno;

int *__errno_location(void) { return &fb_errno; }

/* A raw result (value or −errno) in the C library's convention. */
static long fb_result(long raw) {
	if (raw < 0 && raw > -4096) {
		fb_errno = (int)-raw;
		return -1;
	}
	return raw;
}

static long fb_call(long number, long a, long b, long c, long d) {
	return fb_result(fb_syscall6(number, a, b, c, d, 0, 0));
}

int open(const char *path, int flags, ...) {
	va_list arguments;
	va_start(arguments, flags);
	int mode = (flags & O_CREAT) ? va_arg(arguments, int) : 0;
	va_end(arguments);
	return (int)fb_call(SYS_openat_, FB_AT_FDCWD, (long)path, flags, mode);
}

int close(int fd) { return (int)fb_call(SYS_close_, fd, 0, 0, 0); }

ssize_t read(int fd, void *bytes, size_t count) { return (ssize_t)fb_call(SYS_read_, fd, (long)bytes, (long)count, 0); }

int ioctl(int fd, unsigned long request, ...) {
	va_list arguments;
	va_start(arguments, request);
	void *argument = va_arg(arguments, void *);
	va_end(arguments);
	return (int)fb_call(SYS_ioctl_, fd, (long)request, (long)argument, 0);
}

/* The fbdev shim's vsync timeout (cfb_fb_wait_for_vsync). */
int setitimer(__itimer_which_t which, const struct itimerval *restrict value, struct itimerval *restrict old) {
	return (int)fb_call(SYS_setitimer_, which, (long)value, (long)old, 0);
}

/* The player reads scene files read-only (cfb_file_open opens devices read-write): the descriptor, or −errno. */
int fb_file_open_readonly(const char *path) {
	return (int)fb_syscall6(SYS_openat_, FB_AT_FDCWD, (long)path, O_RDONLY | O_CLOEXEC, 0, 0, 0);
}

/* read(2): the byte count, or −errno. */
long fb_file_read(int fd, void *bytes, long count) { return fb_syscall6(SYS_read_, fd, (long)bytes, count, 0, 0, 0); }

int fsync(int fd) { return (int)fb_call(SYS_fsync_, fd, 0, 0, 0); }

int access(const char *path, int mode) { return (int)fb_call(SYS_faccessat_, FB_AT_FDCWD, (long)path, mode, 0); }

/* mmap with a 64-bit offset (32-bit ARM passes it to mmap2 in 4096-byte pages). */
static void *fb_mmap(void *address, size_t length, int protection, int flags, int fd, uint64_t offset) {
#if defined(__arm__)
	if (offset & 4095) {
		fb_errno = EINVAL;
		return MAP_FAILED;
	}
	long raw = fb_syscall6(SYS_mmap2_, (long)address, (long)length, protection, flags, fd, (long)(offset >> 12));
#else
	long raw = fb_syscall6(SYS_mmap_, (long)address, (long)length, protection, flags, fd, (long)offset);
#endif
	return (void *)fb_result(raw);
}

void *mmap(void *address, size_t length, int protection, int flags, int fd, off_t offset) {
	return fb_mmap(address, length, protection, flags, fd, (uint64_t)offset);
}

/* Code built with _FILE_OFFSET_BITS=64 (the shim's file.c) calls these names on every architecture. */
void *mmap64(void *address, size_t length, int protection, int flags, int fd, off64_t offset) {
	return fb_mmap(address, length, protection, flags, fd, (uint64_t)offset);
}
int open64(const char *path, int flags, ...) __attribute__((alias("open")));

/* syscall(2): a system call by number, for those without a wrapper here (the benchmark's perf_event_open).
 * Six arguments are always passed on, as the C library does. */
long syscall(long number, ...) {
	va_list arguments;
	va_start(arguments, number);
	long a = va_arg(arguments, long), b = va_arg(arguments, long), c = va_arg(arguments, long);
	long d = va_arg(arguments, long), e = va_arg(arguments, long), f = va_arg(arguments, long);
	va_end(arguments);
	return fb_result(fb_syscall6(number, a, b, c, d, e, f));
}

int munmap(void *address, size_t length) { return (int)fb_call(SYS_munmap_, (long)address, (long)length, 0, 0); }

int poll(struct pollfd *descriptors, nfds_t count, int timeout_millis) {
	struct timespec timeout = { .tv_sec = timeout_millis / 1000, .tv_nsec = (timeout_millis % 1000) * 1000000L };
	long sigset_bytes = 8;
	return (int)fb_result(fb_syscall6(SYS_ppoll_, (long)descriptors, (long)count,
	                                  timeout_millis < 0 ? 0 : (long)&timeout, 0, sigset_bytes, 0));
}

int clock_gettime(clockid_t clock, struct timespec *time) {
	return (int)fb_call(SYS_clock_gettime_, clock, (long)time, 0, 0);
}

/* Returns the error number itself (0 on success), as POSIX specifies for clock_nanosleep. */
int clock_nanosleep(clockid_t clock, int flags, const struct timespec *request, struct timespec *remaining) {
	long raw = fb_syscall6(SYS_clock_nanosleep_, clock, flags, (long)request, (long)remaining, 0, 0);
	return raw < 0 ? (int)-raw : 0;
}

/* The kernel's struct sigaction for rt_sigaction (handler, flags, restorer, 64-bit mask). aarch64 has
 * no restorer field, which is harmless here: restorer and mask are both zero there. */
struct fb_kernel_sigaction {
	void (*handler)(int);
	unsigned long flags;
	void (*restorer)(void);
	uint64_t mask;
};

static int fb_set_action(int signal_number, void (*handler)(int), unsigned long flags, void (**previous)(int)) {
	struct fb_kernel_sigaction action = { .handler = handler, .flags = flags }, old = { 0 };
#if defined(FB_SA_RESTORER)
	action.flags |= FB_SA_RESTORER;
	action.restorer = fb_signal_return;
#endif
	if (fb_call(SYS_rt_sigaction_, signal_number, (long)&action, (long)&old, 8) < 0) return -1;
	if (previous) *previous = old.handler;
	return 0;
}

/* The handler and flags of `action` (the mask is not used: the shim installs empty masks). */
int sigaction(int signal_number, const struct sigaction *action, struct sigaction *previous) {
	if (previous) {
		fb_errno = EINVAL; /* reading the old action back is not needed by the shim */
		return -1;
	}
	return fb_set_action(signal_number, action->sa_handler, (unsigned long)action->sa_flags, NULL);
}

sighandler_t signal(int signal_number, sighandler_t handler) {
	void (*previous)(int) = SIG_DFL;
	return fb_set_action(signal_number, handler, SA_RESTART, &previous) < 0 ? SIG_ERR : previous;
}

int sigemptyset(sigset_t *set) {
	unsigned char *bytes = (unsigned char *)set;
	for (size_t i = 0; i < sizeof *set; i++) bytes[i] = 0;
	return 0;
}
