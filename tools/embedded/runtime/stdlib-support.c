/*
 * What Embedded Swift's standard library calls beyond freestanding.c's primitives once a program uses
 * Dictionary, Set and String comparison (the player's scene loading), for programs linked without libc:
 *
 *   arc4random_buf  the per-process hash seed of Dictionary and Set. The player hashes only its own keys
 *                   (layer names, JSON object keys of built-in demos), never untrusted input, so the seed is
 *                   fixed: every run of every board iterates its dictionaries in the same order.
 *   bcmp            memcmp without the order (LLVM turns equality-only memcmp calls into it).
 *
 * Setup only: nothing here runs in a frame.
 */
#include <stddef.h>

int memcmp(const void *left, const void *right, size_t count);

void arc4random_buf(void *bytes, size_t count) {
	unsigned char *out = bytes;
	for (size_t i = 0; i < count; i++) out[i] = 0;
}

int bcmp(const void *left, const void *right, size_t count) { return memcmp(left, right, count); }
