#ifndef CFLIPBOOK_JPEG_H
#define CFLIPBOOK_JPEG_H

#include <stddef.h>

/// Decodes a baseline or progressive JPEG into tightly packed RGBA8 (alpha 255).
/// Returns 0 on success; on failure returns a negative code and writes a message. Data that
/// makes libjpeg warn (truncated or corrupt entropy-coded data) counts as a failure.
/// -1: not a JPEG or corrupt, -2: over max_dimension a side or max_pixels in all (the
/// size is still written out), -3: out of memory, -4: over budget_pixels (the size is
/// written out), -5: fewer bytes than the declared size needs (at least a bit for every
/// 8×8 block: size × 1024 ≥ width × height), -6: more than max_scans scans. The size
/// checks come before anything is allocated for the image.
/// On success *out_pixels is malloc'd and must be released with fb_jpeg_free.
int fb_jpeg_decode(const unsigned char *data, size_t size, int max_dimension, size_t max_pixels,
                   size_t budget_pixels, int max_scans,
                   unsigned char **out_pixels, int *out_width, int *out_height,
                   char *message, size_t message_capacity);

/// Encodes tightly packed RGBA8 (alpha ignored) as a JPEG of the given quality (1–100),
/// baseline or progressive. Returns 0 on success; *out_data is malloc'd and must be
/// released with fb_jpeg_free.
int fb_jpeg_encode(const unsigned char *rgba, int width, int height, int quality, int progressive,
                   unsigned char **out_data, size_t *out_size,
                   char *message, size_t message_capacity);

void fb_jpeg_free(void *pointer);

#endif
