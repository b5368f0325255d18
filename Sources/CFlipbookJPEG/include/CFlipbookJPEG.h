#ifndef CFLIPBOOK_JPEG_H
#define CFLIPBOOK_JPEG_H

#include <stddef.h>

/// Decodes a baseline or progressive JPEG into tightly packed RGBA8 (alpha 255).
/// Returns 0 on success; on failure returns a negative code and writes a message.
/// -1: not a JPEG or corrupt, -2: over max_pixels, -3: out of memory.
/// On success *out_pixels is malloc'd and must be released with fb_jpeg_free.
int fb_jpeg_decode(const unsigned char *data, size_t size, size_t max_pixels,
                   unsigned char **out_pixels, int *out_width, int *out_height,
                   char *message, size_t message_capacity);

/// Encodes tightly packed RGBA8 (alpha ignored) as a baseline JPEG of the given quality (1–100).
/// Returns 0 on success; *out_data is malloc'd and must be released with fb_jpeg_free.
int fb_jpeg_encode(const unsigned char *rgba, int width, int height, int quality,
                   unsigned char **out_data, size_t *out_size,
                   char *message, size_t message_capacity);

void fb_jpeg_free(void *pointer);

#endif
