/*
 * A freestanding runtime for Embedded Swift programs on Linux: the process entry, raw write(2),
 * exit_group(2) and raise(3), and the memory primitives compilers emit (memset, memcpy, memmove, memcmp
 * and the ARM EABI aliases). Unlike the C library's, write returns −errno itself (the player's Swift
 * checks it that way); the calls of syscalls.c follow the C library's −1 / errno convention.
 *
 * There is deliberately NO allocator here: no malloc, posix_memalign or free. A program linked against
 * this file with -Wl,--gc-sections therefore proves that no allocation path is reachable from its entry
 * points. Programs that allocate at setup add setup-heap.c.
 *
 * Supported: x86_64, aarch64, 32-bit ARM (ARM or Thumb, any float ABI).
 */
#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__)
#define FB_SYS_WRITE 1
#define FB_SYS_EXIT_GROUP 231
#define FB_SYS_GETPID 39
#define FB_SYS_KILL 62
static long fb_syscall3(long number, long a, long b, long c) {
	long result;
	__asm__ volatile("syscall" : "=a"(result) : "a"(number), "D"(a), "S"(b), "d"(c) : "rcx", "r11", "memory");
	return result;
}
__asm__(".text\n.globl _start\n_start:\n\txor %ebp, %ebp\n\tmov %rsp, %rdi\n\tand $-16, %rsp\n\tcall fb_start\n\thlt\n");
#elif defined(__aarch64__)
#define FB_SYS_WRITE 64
#define FB_SYS_EXIT_GROUP 94
#define FB_SYS_GETPID 172
#define FB_SYS_KILL 129
static long fb_syscall3(long number, long a, long b, long c) {
	register long x8 __asm__("x8") = number;
	register long x0 __asm__("x0") = a;
	register long x1 __asm__("x1") = b;
	register long x2 __asm__("x2") = c;
	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
	return x0;
}
__asm__(".text\n.globl _start\n_start:\n\tmov x29, #0\n\tmov x30, #0\n\tmov x0, sp\n\tbl fb_start\n");
#elif defined(__arm__)
#define FB_SYS_WRITE 4
#define FB_SYS_EXIT_GROUP 248
#define FB_SYS_GETPID 20
#define FB_SYS_KILL 37
static long fb_syscall3(long number, long a, long b, long c) {
	register long r7 __asm__("r7") = number;
	register long r0 __asm__("r0") = a;
	register long r1 __asm__("r1") = b;
	register long r2 __asm__("r2") = c;
	__asm__ volatile("svc #0" : "+r"(r0) : "r"(r7), "r"(r1), "r"(r2) : "memory");
	return r0;
}
__asm__(".text\n.arm\n.globl _start\n_start:\n\tmov fp, #0\n\tmov lr, #0\n\tmov r0, sp\n\tbic sp, sp, #7\n\tbl fb_start\n");
#else
#error "freestanding.c: unsupported architecture"
#endif

/* The program's entry, written in Swift with @_cdecl("flipbook_main"). */
int flipbook_main(int argc, char **argv);

/* write(2) as a raw system call: returns the byte count or -errno (not libc's -1 + errno). */
long write(int fd, const void *bytes, size_t count) {
	return fb_syscall3(FB_SYS_WRITE, fd, (long)bytes, (long)count);
}

__attribute__((noreturn)) void fb_exit(int status) {
	for (;;) fb_syscall3(FB_SYS_EXIT_GROUP, status, 0, 0);
}

__attribute__((noreturn, used)) void fb_start(long *stack) {
	int argc = (int)stack[0];
	char **argv = (char **)(stack + 1);
	fb_exit(flipbook_main(argc, argv));
}

/* Memory primitives. Built with -fno-builtin -fno-tree-loop-distribute-patterns so these loops are not
 * turned back into calls to themselves. */
void *memset(void *destination, int value, size_t count) {
	unsigned char *bytes = destination;
	while (count--) *bytes++ = (unsigned char)value;
	return destination;
}

void *memcpy(void *restrict destination, const void *restrict source, size_t count) {
	unsigned char *to = destination;
	const unsigned char *from = source;
	while (count--) *to++ = *from++;
	return destination;
}

void *memmove(void *destination, const void *source, size_t count) {
	unsigned char *to = destination;
	const unsigned char *from = source;
	if (to < from) {
		while (count--) *to++ = *from++;
	} else {
		while (count--) to[count] = from[count];
	}
	return destination;
}

int memcmp(const void *left, const void *right, size_t count) {
	const unsigned char *a = left, *b = right;
	for (; count; count--, a++, b++) {
		if (*a != *b) return *a < *b ? -1 : 1;
	}
	return 0;
}

/* raise(3): the signal to this (single-threaded) process, so a handler or the default action runs.
 * libgcc's 32-bit ARM division helpers call it with SIGFPE on a zero divisor; the console guard's crash
 * handler re-raises with it. If the signal is handled and returns, so does raise. */
int raise(int signal) {
	long pid = fb_syscall3(FB_SYS_GETPID, 0, 0, 0);
	return fb_syscall3(FB_SYS_KILL, pid, signal, 0) < 0 ? -1 : 0;
}

#if defined(__arm__)
/* ARM run-time ABI memory helpers (normally in libc). Note the argument orders. */
void __aeabi_memcpy(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memcpy4(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memcpy8(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memmove(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memmove4(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memmove8(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memset(void *d, size_t n, int c) { memset(d, c, n); }
void __aeabi_memset4(void *d, size_t n, int c) { memset(d, c, n); }
void __aeabi_memset8(void *d, size_t n, int c) { memset(d, c, n); }
void __aeabi_memclr(void *d, size_t n) { memset(d, 0, n); }
void __aeabi_memclr4(void *d, size_t n) { memset(d, 0, n); }
void __aeabi_memclr8(void *d, size_t n) { memset(d, 0, n); }
#endif
