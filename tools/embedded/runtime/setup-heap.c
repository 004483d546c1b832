/*
 * A setup heap for Embedded Swift programs linked with freestanding.c: posix_memalign hands out pieces
 * of one static arena (bump allocation), free does nothing. It exists for programs that allocate while
 * setting up (tables, pools); once setup ends the program calls fb_heap_seal(), after which any
 * allocation aborts with exit status 70 — a run-time guard on top of the compile-time @_noAllocation check —
 * until fb_heap_unseal() (after the last frame: teardown and error messages).
 * An exhausted heap ends the process with status 71 and a message (Embedded Swift's allocator does not
 * expect a failure, so returning ENOMEM would only move the crash).
 */
#include <stddef.h>
#include <stdint.h>

#ifndef FB_HEAP_BYTES
#define FB_HEAP_BYTES (64u << 20) /* bss: only the pages setup touches are ever backed */
#endif

__attribute__((noreturn)) void fb_exit(int status);
long write(int fd, const void *bytes, size_t count);

static unsigned char fb_heap[FB_HEAP_BYTES] __attribute__((aligned(16)));
static size_t fb_heap_used;
static int fb_heap_sealed;

/* Allocations made so far (for the program's own reporting). */
size_t fb_heap_bytes_used(void) { return fb_heap_used; }

/* Gives back everything allocated since fb_heap_bytes_used() answered `mark` (a player's pass over a scene
 * with --loop: the old engine is gone, the next is built in the same memory). The caller guarantees that
 * nothing allocated since is still in use. */
void fb_heap_release(size_t mark) {
	if (mark <= fb_heap_used) fb_heap_used = mark;
}

/* Ends setup: from now on an allocation is a fatal error. */
void fb_heap_seal(void) { fb_heap_sealed = 1; }

/* Ends the frames: teardown and error reporting may allocate again (from what is left of the arena). */
void fb_heap_unseal(void) { fb_heap_sealed = 0; }

int posix_memalign(void **result, size_t alignment, size_t size) {
	static const char sealed[] = "flipbook: allocation after setup\n";
	if (fb_heap_sealed) {
		write(2, sealed, sizeof sealed - 1);
		fb_exit(70);
	}
	if (alignment < 16) alignment = 16;
	size_t start = (fb_heap_used + alignment - 1) & ~(alignment - 1);
	if (start > FB_HEAP_BYTES || size > FB_HEAP_BYTES - start) {
		static const char exhausted[] = "flipbook: setup heap exhausted (FB_HEAP_BYTES)\n";
		write(2, exhausted, sizeof exhausted - 1);
		fb_exit(71);
	}
	fb_heap_used = start + size;
	*result = fb_heap + start;
	return 0;
}

void free(void *pointer) { (void)pointer; }
