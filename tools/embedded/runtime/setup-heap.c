/*
 * A setup heap for Embedded Swift programs linked with freestanding.c: posix_memalign hands out pieces of
 * one static arena, and free gives them back for reuse. It exists for programs that allocate while setting
 * up (tables, pools); once setup ends the program calls fb_heap_seal(), after which any allocation aborts
 * with exit status 70 — a run-time guard on top of the compile-time @_noAllocation check — until
 * fb_heap_unseal() (after the last frame: teardown and error messages).
 *
 * Segregated free lists, constant time both ways: a request is rounded up to its size class (16-byte steps
 * up to 64 bytes, then four classes per power of two, so at most 25 % of a block is unused), served from
 * that class's list of freed blocks, or else cut from the untouched end of the arena. A freed block goes to
 * the front of its class's list. Blocks are not split or merged, so a block only ever serves its own class:
 * setup's garbage (JSON decoding's trees, grown arrays' old storage, decode scratch) is reused by later
 * allocations of the same classes instead of staying resident beside them.
 * An exhausted heap ends the process with status 71 and a message (Embedded Swift's allocator does not
 * expect a failure, so returning ENOMEM would only move the crash).
 */
#include <stddef.h>
#include <stdint.h>

#ifndef FB_HEAP_BYTES
#define FB_HEAP_BYTES (64u << 20) /* bss: only the pages setup touches are ever backed */
#endif

/* Every block starts with a 16-byte header (keeping 16-byte alignment) that holds its class. */
#define FB_HEADER_BYTES 16u
#define FB_CLASS_COUNT 128u
#define FB_HEADER_MAGIC 0x46424850u /* "FBHP": a header this heap wrote */

__attribute__((noreturn)) void fb_exit(int status);
long write(int fd, const void *bytes, size_t count);

struct fb_block_header {
	uint32_t magic;
	uint32_t size_class;
};

static unsigned char fb_heap[FB_HEAP_BYTES] __attribute__((aligned(16)));
static size_t fb_heap_used;     /* the arena's cut end: everything past it is untouched */
static size_t fb_heap_in_use;   /* bytes of blocks handed out and not freed (headers included) */
static void *fb_free_lists[FB_CLASS_COUNT];
static int fb_heap_sealed;

/* The class of a request of `bytes` (≥ 1): 0 … 3 for 16 … 64 bytes, then four per power of two. */
static unsigned fb_size_class(size_t bytes) {
	if (bytes <= 64) return (unsigned)((bytes - 1) >> 4);
	unsigned power = (unsigned)(sizeof(size_t) * 8 - 1) - (unsigned)__builtin_clzl((unsigned long)(bytes - 1));
	unsigned quarter = (unsigned)((bytes - 1) >> (power - 2)) & 3u;
	return 4u + (power - 6u) * 4u + quarter;
}

/* The bytes a block of `size_class` holds (the largest request of that class). */
static size_t fb_class_bytes(unsigned size_class) {
	if (size_class < 4) return (size_t)(size_class + 1) << 4;
	unsigned power = 6u + (size_class - 4u) / 4u, quarter = (size_class - 4u) % 4u;
	return (size_t)(5u + quarter) << (power - 2u);
}

/* The arena's cut end (for the program's own reporting, and the mark for fb_heap_release). */
size_t fb_heap_bytes_used(void) { return fb_heap_used; }

/* Bytes held by blocks that are allocated and not freed, headers included. */
size_t fb_heap_bytes_in_use(void) { return fb_heap_in_use; }

/* Gives back everything allocated since fb_heap_bytes_used() answered `mark` (a player's pass over a scene
 * with --loop: the old engine is gone, the next is built in the same memory). The caller guarantees that
 * nothing allocated since is still in use. Freed blocks past the mark leave their lists (a walk of the
 * lists: not constant time, once per pass). */
void fb_heap_release(size_t mark) {
	if (mark > fb_heap_used) return;
	size_t freed_past_mark = 0;
	for (unsigned size_class = 0; size_class < FB_CLASS_COUNT; size_class++) {
		void **link = &fb_free_lists[size_class];
		while (*link) {
			if ((unsigned char *)*link >= fb_heap + mark) {
				freed_past_mark += fb_class_bytes(size_class) + FB_HEADER_BYTES;
				*link = *(void **)*link;
			} else {
				link = (void **)*link;
			}
		}
	}
	/* What was cut past the mark and not freed was still counted in use: it is abandoned now. */
	size_t abandoned = fb_heap_used - mark - freed_past_mark;
	fb_heap_in_use = fb_heap_in_use > abandoned ? fb_heap_in_use - abandoned : 0;
	fb_heap_used = mark;
}

/* Ends setup: from now on an allocation is a fatal error. */
void fb_heap_seal(void) { fb_heap_sealed = 1; }

/* Ends the frames: teardown and error reporting may allocate again. */
void fb_heap_unseal(void) { fb_heap_sealed = 0; }

static void fb_heap_exhausted(void) {
	static const char exhausted[] = "flipbook: setup heap exhausted (FB_HEAP_BYTES)\n";
	write(2, exhausted, sizeof exhausted - 1);
	fb_exit(71);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
	static const char sealed[] = "flipbook: allocation after setup\n";
	if (fb_heap_sealed) {
		write(2, sealed, sizeof sealed - 1);
		fb_exit(70);
	}
	if (size == 0) size = 1;
	if (size > FB_HEAP_BYTES) fb_heap_exhausted();
	if (alignment < 16) alignment = 16;
	unsigned size_class = fb_size_class(size);
	size_t block = fb_class_bytes(size_class);
	void *reused = alignment == 16 ? fb_free_lists[size_class] : NULL;
	if (reused) {
		fb_free_lists[size_class] = *(void **)reused;
		fb_heap_in_use += block + FB_HEADER_BYTES;
		*result = reused;
		return 0;
	}
	/* A new block from the arena's end; wider alignments place the header just before the aligned start. */
	uintptr_t base = (uintptr_t)fb_heap;
	size_t start = (size_t)(((base + fb_heap_used + FB_HEADER_BYTES + alignment - 1) & ~(uintptr_t)(alignment - 1)) - base);
	if (start > FB_HEAP_BYTES || block > FB_HEAP_BYTES - start) fb_heap_exhausted();
	struct fb_block_header *header = (struct fb_block_header *)(fb_heap + start - FB_HEADER_BYTES);
	header->magic = FB_HEADER_MAGIC;
	header->size_class = size_class;
	fb_heap_in_use += start + block - fb_heap_used; /* a wide alignment's padding stays in use for good */
	fb_heap_used = start + block;
	*result = fb_heap + start;
	return 0;
}

void free(void *pointer) {
	static const char foreign[] = "flipbook: free of a block the setup heap did not hand out\n";
	unsigned char *bytes = pointer;
	/* Nothing, or a block of a pass that fb_heap_release gave back (abandoned: only its memory is reused). */
	if (!pointer || (bytes >= fb_heap + fb_heap_used && bytes < fb_heap + FB_HEAP_BYTES)) return;
	struct fb_block_header *header = (struct fb_block_header *)(bytes - FB_HEADER_BYTES);
	if (bytes < fb_heap + FB_HEADER_BYTES || bytes >= fb_heap + FB_HEAP_BYTES || header->magic != FB_HEADER_MAGIC ||
		header->size_class >= FB_CLASS_COUNT) {
		write(2, foreign, sizeof foreign - 1);
		fb_exit(72);
	}
	fb_heap_in_use -= fb_class_bytes(header->size_class) + FB_HEADER_BYTES;
	*(void **)pointer = fb_free_lists[header->size_class];
	fb_free_lists[header->size_class] = pointer;
}
