// libpng and libjpeg-turbo as decoding peers of the benchmark (never linked into the library): encoders that
// make its 1920x1080 test files and decoders to RGBA timed beside ImageCodecs. Return 0 on success.
#ifndef FLIPBOOK_IMAGE_PEERS_H
#define FLIPBOOK_IMAGE_PEERS_H
#include <stdio.h>
#include <stdlib.h>
#include <png.h>
#include <jpeglib.h>

/// Encodes RGB rows (width*3 bytes each) as a PNG with libpng's defaults (zlib level 6, adaptive filters) into
/// a malloc'ed buffer (*out, *outSize; free with free()).
static inline int peer_png_encode_rgb(const unsigned char *rgb, int width, int height, unsigned char **out,
                                      size_t *outSize) {
    png_image image = {0};
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)width;
    image.height = (png_uint_32)height;
    image.format = PNG_FORMAT_RGB;
    png_alloc_size_t size = 0;
    if (!png_image_write_to_memory(&image, NULL, &size, 0, rgb, 0, NULL)) return 1;
    *out = malloc(size);
    if (!*out) return 1;
    if (!png_image_write_to_memory(&image, *out, &size, 0, rgb, 0, NULL)) return 1;
    *outSize = size;
    return 0;
}

/// Decodes a PNG to 8-bit RGBA with libpng's simplified API (width*height*4 bytes at rgba).
static inline int peer_png_decode_rgba(const unsigned char *data, size_t size, unsigned char *rgba) {
    png_image image = {0};
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) return 1;
    image.format = PNG_FORMAT_RGBA;
    int ok = png_image_finish_read(&image, NULL, rgba, 0, NULL);
    png_image_free(&image);
    return ok ? 0 : 1;
}

/// Encodes RGB rows as a baseline 4:2:0 JPEG at `quality` (libjpeg's defaults otherwise) into a malloc'ed
/// buffer (*out, *outSize; free with free()).
static inline int peer_jpeg_encode_rgb(const unsigned char *rgb, int width, int height, int quality,
                                       unsigned char **out, unsigned long *outSize) {
    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr error;
    cinfo.err = jpeg_std_error(&error);
    jpeg_create_compress(&cinfo);
    *out = NULL;
    *outSize = 0;
    jpeg_mem_dest(&cinfo, out, outSize);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)cinfo.next_scanline * (size_t)width * 3);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    return 0;
}

/// Decodes a JPEG to 8-bit RGBA (JCS_EXT_RGBA) with libjpeg-turbo's defaults: islow IDCT, fancy upsampling.
static inline int peer_jpeg_decode_rgba(const unsigned char *data, unsigned long size, unsigned char *rgba) {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr error;
    cinfo.err = jpeg_std_error(&error);
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, size);
    if (jpeg_read_header(&cinfo, TRUE) != JPEG_HEADER_OK) return 1;
    cinfo.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    size_t stride = (size_t)cinfo.output_width * 4;
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = rgba + (size_t)cinfo.output_scanline * stride;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}
#endif
