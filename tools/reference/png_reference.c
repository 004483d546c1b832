/* Decodes a PNG with libpng into 8-bit straight RGBA, the form PixelImage(png:) gives: palettes and low bit
 * depths expanded, tRNS turned into alpha, 16-bit samples reduced with png_set_scale_16 (rounded to nearest),
 * grey copied to red, green and blue, opaque alpha added where there is none. No gamma or colour handling.
 * Prints "WIDTH HEIGHT FNV1A64" where the hash is FNV-1a (64-bit) over the RGBA bytes, rows top to bottom.
 *
 *   gcc -O2 -o png_reference png_reference.c -lpng && ./png_reference file.png
 */
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
	if (argc != 2) { fprintf(stderr, "usage: %s file.png\n", argv[0]); return 2; }
	FILE *file = fopen(argv[1], "rb");
	if (!file) { perror(argv[1]); return 1; }
	png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png_create_info_struct(png);
	if (setjmp(png_jmpbuf(png))) { fprintf(stderr, "%s: libpng refused it\n", argv[1]); return 1; }
	png_init_io(png, file);
	png_read_info(png, info);
	png_set_expand(png);
	png_set_scale_16(png);
	png_set_gray_to_rgb(png);
	png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
	png_set_interlace_handling(png);
	png_read_update_info(png, info);
	png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
	if (png_get_rowbytes(png, info) != (size_t)width * 4) { fprintf(stderr, "unexpected row size\n"); return 1; }
	png_bytep pixels = malloc((size_t)width * height * 4);
	png_bytepp rows = malloc(sizeof(png_bytep) * height);
	for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + (size_t)y * width * 4;
	png_read_image(png, rows);
	png_read_end(png, NULL);
	uint64_t hash = 0xcbf29ce484222325ULL;
	for (size_t i = 0; i < (size_t)width * height * 4; i++) { hash ^= pixels[i]; hash *= 0x100000001b3ULL; }
	printf("%u %u %016llx\n", width, height, (unsigned long long)hash);
	return 0;
}
