/*
 * Checks of setup-heap.c on the build host (`make setup-heap-test`): the heap is compiled into this program
 * under other names (so the host C library keeps its own malloc) and driven directly.
 *   - size classes: every request from 1 byte to 4 MB gets the smallest class that holds it, and that class
 *     wastes at most a quarter of the block (beyond the 16-byte steps up to 64 bytes);
 *   - a freed block is handed out again for its class, and only for its class; wide alignments hold;
 *   - 200,000 seeded random allocations and frees: every live block keeps its fill pattern (no two overlap),
 *     the bytes in use equal a model's sum, and the arena's cut end stays under twice the model's peak;
 *   - fb_heap_release drops freed blocks past the mark from the lists and restores the bytes in use;
 *   - an allocation while sealed ends the process with status 70, a foreign free with 72.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

void fb_exit(int status) { _exit(status); }
long fb_test_write(int fd, const void *bytes, size_t count) { return (long)write(fd, bytes, count); }

#define posix_memalign fb_test_memalign
#define free fb_test_free
#define write fb_test_write
#include "setup-heap.c"
#undef posix_memalign
#undef free
#undef write

static int failures;
#define CHECK(condition, ...) do { if (!(condition)) { failures++; printf("setup-heap-test: " __VA_ARGS__); printf("\n"); } } while (0)

static void *take(size_t bytes, size_t alignment) {
	void *pointer = NULL;
	fb_test_memalign(&pointer, alignment, bytes);
	return pointer;
}

static void check_classes(void) {
	for (size_t bytes = 1; bytes <= (4u << 20); bytes++) {
		unsigned size_class = fb_size_class(bytes);
		size_t held = fb_class_bytes(size_class);
		if (held < bytes || (size_class > 0 && fb_class_bytes(size_class - 1) >= bytes) ||
			(bytes > 64 && held * 4 > bytes * 5 + 4 * 16)) {
			CHECK(0, "%zu bytes get class %u of %zu bytes", bytes, size_class, held);
			return;
		}
	}
}

static void check_reuse(void) {
	size_t cut = fb_heap_bytes_used(), in_use = fb_heap_bytes_in_use();
	unsigned char *a = take(100, 16), *b = take(1000, 16);
	CHECK(((uintptr_t)a & 15) == 0 && ((uintptr_t)b & 15) == 0, "blocks are 16-byte aligned");
	fb_test_free(a);
	CHECK(take(100, 16) == a, "a freed 100-byte block is handed out again for 100 bytes");
	fb_test_free(a);
	unsigned char *small = take(20, 16);
	CHECK(small != a, "a freed 100-byte block is not handed out for 20 bytes");
	fb_test_free(small);
	CHECK(take(97, 16) == a, "a freed 100-byte block serves 97 bytes (its class)");
	size_t before_wide = fb_heap_bytes_in_use();
	unsigned char *wide = take(200, 4096);
	CHECK(((uintptr_t)wide & 4095) == 0, "a 4096-byte alignment holds (%p)", (void *)wide);
	size_t padding = fb_heap_bytes_in_use() - before_wide - (fb_class_bytes(fb_size_class(200)) + FB_HEADER_BYTES);
	CHECK(padding < 4096, "a 4096-byte alignment pads by less than 4096 bytes (%zu)", padding);
	fb_test_free(wide);
	fb_test_free(a);
	fb_test_free(b);
	size_t mark = fb_heap_bytes_used(), kept = fb_heap_bytes_in_use();
	unsigned char *past = take(100, 16);
	take(5000, 16);
	fb_test_free(past);
	fb_heap_release(mark);
	CHECK(fb_heap_bytes_used() == mark && fb_heap_bytes_in_use() == kept,
		  "release: cut %zu (want %zu), in use %zu (want %zu)", fb_heap_bytes_used(), mark, fb_heap_bytes_in_use(), kept);
	CHECK(take(100, 16) == a, "after release the freed block below the mark serves its class first");
	unsigned char *next = take(100, 16);
	CHECK(next >= fb_heap + mark, "no freed block past the mark is handed out after release");
	fb_test_free(a);
	fb_test_free(next);
	CHECK(fb_heap_bytes_in_use() == in_use + padding, "all freed: in use %zu, started at %zu with %zu of padding since",
		  fb_heap_bytes_in_use(), in_use, padding);
	CHECK(fb_heap_bytes_used() > cut, "the arena was cut");
}

static void check_random(void) {
	enum { SLOTS = 512, STEPS = 200000 };
	static unsigned char *blocks[SLOTS];
	static size_t sizes[SLOTS];
	unsigned seed = 12345;
	size_t base_in_use = fb_heap_bytes_in_use(), base_cut = fb_heap_bytes_used(), model = 0, model_peak = 0;
	for (int step = 0; step < STEPS; step++) {
		seed = seed * 1103515245u + 12345u;
		unsigned slot = (seed >> 8) % SLOTS;
		if (blocks[slot]) {
			for (size_t i = 0; i < sizes[slot]; i++) {
				if (blocks[slot][i] != (unsigned char)(slot + i)) {
					CHECK(0, "step %d: block %u changed at byte %zu (overlap)", step, slot, i);
					return;
				}
			}
			fb_test_free(blocks[slot]);
			model -= fb_class_bytes(fb_size_class(sizes[slot])) + FB_HEADER_BYTES;
			blocks[slot] = NULL;
		} else {
			seed = seed * 1103515245u + 12345u;
			size_t bytes = 1 + ((seed >> 4) % ((seed & 1) ? 200 : 20000));
			blocks[slot] = take(bytes, 16);
			sizes[slot] = bytes;
			for (size_t i = 0; i < bytes; i++) blocks[slot][i] = (unsigned char)(slot + i);
			model += fb_class_bytes(fb_size_class(bytes)) + FB_HEADER_BYTES;
			if (model > model_peak) model_peak = model;
		}
		if (fb_heap_bytes_in_use() - base_in_use != model) {
			CHECK(0, "step %d: %zu bytes in use, the model says %zu", step, fb_heap_bytes_in_use() - base_in_use, model);
			return;
		}
	}
	size_t cut = fb_heap_bytes_used() - base_cut;
	CHECK(cut < 2 * model_peak, "the arena's cut (%zu bytes) stays under twice the peak in use (%zu)", cut, model_peak);
	printf("setup-heap-test: %d random steps, peak in use %zu bytes, arena cut %zu bytes\n", STEPS, model_peak, cut);
	for (unsigned slot = 0; slot < SLOTS; slot++) fb_test_free(blocks[slot]);
}

static int exit_status_of(void (*action)(void)) {
	fflush(stdout);
	pid_t child = fork();
	if (child == 0) {
		close(2);
		action();
		_exit(0);
	}
	int status = 0;
	waitpid(child, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void allocate_sealed(void) {
	fb_heap_seal();
	take(16, 16);
}

static void free_foreign(void) {
	static unsigned char outside[64];
	fb_test_free(outside + 32);
}

int main(void) {
	check_classes();
	check_reuse();
	check_random();
	CHECK(exit_status_of(allocate_sealed) == 70, "an allocation while sealed exits 70");
	CHECK(exit_status_of(free_foreign) == 72, "a free of a block the heap did not hand out exits 72");
	printf("setup-heap-test: %s\n", failures ? "FAILED" : "passed");
	return failures ? 1 : 0;
}
