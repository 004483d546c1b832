/*
 * The few C maths functions Embedded Swift setup code reaches, for programs linked without libm
 * (freestanding.c has no libc). Setup only: frame code uses integer arithmetic.
 *
 *   rint   Double.rounded(.toNearestOrEven) — round to nearest, ties to even (the default FP mode).
 */
#include <stdint.h>

double rint(double value) {
	const double twoTo52 = 4503599627370496.0; /* from 2^52 on, every double is an integer */
	double magnitude = value < 0 ? -value : value;
	if (!(magnitude < twoTo52)) return value; /* NaN, ±∞ and large values are already integral */
	/* Adding and removing 2^52 leaves the integer the FPU rounds to (to nearest, ties to even). */
	volatile double shifted = magnitude + twoTo52;
	double rounded = shifted - twoTo52;
	return value < 0 ? -rounded : rounded; /* keeps the sign of −0 and of values rounding to −0 */
}
