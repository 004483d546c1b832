/*
 * The few C maths functions Embedded Swift setup code reaches, for programs linked without libm
 * (freestanding.c has no libc). Setup only: frame code uses integer arithmetic. All four are exact
 * (correctly rounded), so every board computes the same setup values as the host's libm.
 *
 *   rint   Double.rounded(.toNearestOrEven) — round to nearest, ties to even (the default FP mode).
 *   round  Double.rounded() — round to nearest, ties away from zero.
 *   sqrt   Double.squareRoot() where the compiler calls the library (spring and keyframe setup).
 *   ceil   Double.rounded(.up) (the scene decoder's and loader's sizes).
 */
#include <stdint.h>

double rint(double value) {
	const double twoTo52 = 4503599627370496.0; /* from 2^52 on, every double is an integer */
	double magnitude = value < 0 ? -value : value;
	if (!(magnitude < twoTo52) || value == 0) return value; /* NaN, ±∞, ±0 and large values are integral */
	/* Adding and removing 2^52 leaves the integer the FPU rounds to (to nearest, ties to even). */
	volatile double shifted = magnitude + twoTo52;
	double rounded = shifted - twoTo52;
	return value < 0 ? -rounded : rounded; /* keeps the sign of −0 and of values rounding to −0 */
}

double round(double value) {
	double magnitude = value < 0 ? -value : value;
	double nearest = rint(magnitude);
	/* The difference is exact; a tie that rint sent down to the even neighbour goes up instead. */
	if (magnitude - nearest == 0.5) nearest += 1;
	return value < 0 ? -nearest : nearest;
}

double sqrt(double value) {
	union { double real; uint64_t bits; } word = { value };
	if (value != value || value == 0 || value > 1.7976931348623157e308) return value; /* NaN, ±0, +∞ */
	if (value < 0) return __builtin_nan("");
	int exponent = (int)(word.bits >> 52);
	uint64_t mantissa = word.bits & ((UINT64_C(1) << 52) - 1);
	if (exponent == 0) { /* subnormal: normalise the mantissa */
		exponent = 1;
		while (!(mantissa & (UINT64_C(1) << 52))) { mantissa <<= 1; exponent--; }
	} else {
		mantissa |= UINT64_C(1) << 52;
	}
	int scale = exponent - 1075; /* value = mantissa · 2^scale */
	if (scale & 1) { mantissa <<= 1; scale -= 1; }
	/* Digit by digit: root = ⌊2 · √(mantissa · 2^52)⌋, 54 bits; the remainder stays below 2^57. */
	uint64_t root = 0, remainder = 0;
	for (int step = 0; step < 54; step++) {
		int low = 52 - 2 * step;
		remainder = (remainder << 2) | (low >= 0 ? (mantissa >> low) & 3 : 0);
		uint64_t trial = (root << 2) | 1;
		root <<= 1;
		if (remainder >= trial) { remainder -= trial; root |= 1; }
	}
	/* The extra bit rounds (an exact tie is impossible for a square root). */
	uint64_t result = (root >> 1) + (root & 1);
	int biased = scale / 2 + 26 + 1023;
	if (result >> 53) { result >>= 1; biased += 1; }
	word.bits = ((uint64_t)biased << 52) | (result & ((UINT64_C(1) << 52) - 1));
	return word.real;
}

double ceil(double value) {
	double nearest = rint(value); /* an integer within 0.5; exact, and every integer ± 1 below 2^52 is too */
	double up = nearest < value ? nearest + 1 : nearest;
	return up == 0 && value < 0 ? -0.0 : up; /* (−1, 0) rounds up to −0, as IEEE 754 wants */
}
