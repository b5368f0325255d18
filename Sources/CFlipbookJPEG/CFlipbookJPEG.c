// libjpeg reports errors by calling error_exit, which must not return. Swift cannot
// unwind a longjmp, so this shim owns the setjmp and turns errors into return codes.
#include "CFlipbookJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    size_t capacity;
    int too_many_scans;
} fb_error_mgr;

// Stops a file of more scans than it may have: each scan is a pass over the whole image.
typedef struct {
    struct jpeg_progress_mgr base;
    int max_scans;
} fb_progress_mgr;

static void fb_progress(j_common_ptr info) {
    if (!info->is_decompressor) return;
    fb_progress_mgr *progress = (fb_progress_mgr *)info->progress;
    if (((j_decompress_ptr)info)->input_scan_number <= progress->max_scans) return;
    fb_error_mgr *err = (fb_error_mgr *)info->err;
    err->too_many_scans = 1;
    if (err->message && err->capacity > 0) {
        snprintf(err->message, err->capacity, "more than %d scans", progress->max_scans);
    }
    longjmp(err->jump, 1);
}

static void fb_error_exit(j_common_ptr info) {
    fb_error_mgr *err = (fb_error_mgr *)info->err;
    if (err->message && err->capacity > 0) {
        char buffer[JMSG_LENGTH_MAX];
        (*info->err->format_message)(info, buffer);
        snprintf(err->message, err->capacity, "%s", buffer);
    }
    longjmp(err->jump, 1);
}

// Warnings (premature end of data, corrupt entropy-coded data) are counted and kept, so
// the decoder can refuse the image instead of returning gray-filled rows.
static void fb_emit_message(j_common_ptr info, int level) {
    if (level >= 0) return;
    fb_error_mgr *err = (fb_error_mgr *)info->err;
    info->err->num_warnings++;
    if (err->message && err->capacity > 0 && info->err->num_warnings == 1) {
        char buffer[JMSG_LENGTH_MAX];
        (*info->err->format_message)(info, buffer);
        snprintf(err->message, err->capacity, "%s", buffer);
    }
}

static void fb_message(char *message, size_t capacity, const char *text) {
    if (message && capacity > 0) snprintf(message, capacity, "%s", text);
}

int fb_jpeg_decode(const unsigned char *data, size_t size, int max_dimension, size_t max_pixels,
                   size_t budget_pixels, int max_scans,
                   unsigned char **out_pixels, int *out_width, int *out_height,
                   char *message, size_t message_capacity) {
    struct jpeg_decompress_struct info;
    fb_error_mgr err;
    fb_progress_mgr progress;
    unsigned char *volatile pixels = NULL;
    unsigned char *volatile row = NULL;
    *out_pixels = NULL;
    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&err.base);
    err.base.error_exit = fb_error_exit;
    err.base.emit_message = fb_emit_message;
    err.message = message;
    err.capacity = message_capacity;
    err.too_many_scans = 0;
    memset(&progress, 0, sizeof progress);
    progress.base.progress_monitor = fb_progress;
    progress.max_scans = max_scans;
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        free(row);
        return err.too_many_scans ? -6 : -1;
    }
    jpeg_create_decompress(&info);
    info.progress = &progress.base;
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if (info.image_width == 0 || info.image_height == 0 || info.image_width > (JDIMENSION)max_dimension ||
        info.image_height > (JDIMENSION)max_dimension || (size_t)info.image_width * (size_t)info.image_height > max_pixels) {
        fb_message(message, message_capacity, "image dimensions exceed the pixel limit");
        *out_width = (int)info.image_width;
        *out_height = (int)info.image_height;
        jpeg_destroy_decompress(&info);
        return -2;
    }
    size_t declared = (size_t)info.image_width * (size_t)info.image_height;
    *out_width = (int)info.image_width;
    *out_height = (int)info.image_height;
    if (declared > budget_pixels) {
        fb_message(message, message_capacity, "image dimensions exceed the decoding budget");
        jpeg_destroy_decompress(&info);
        return -4;
    }
    if (size * 1024 < declared) {
        fb_message(message, message_capacity, "the data is too short for the declared size");
        jpeg_destroy_decompress(&info);
        return -5;
    }
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    size_t width = info.output_width, height = info.output_height;
    pixels = malloc(width * height * 4);
    row = malloc(width * 4);
    if (!pixels || !row) {
        fb_message(message, message_capacity, "out of memory");
        jpeg_destroy_decompress(&info);
        free(pixels);
        free(row);
        return -3;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW target = row;
        jpeg_read_scanlines(&info, &target, 1);
        unsigned char *dst = pixels + (size_t)(info.output_scanline - 1) * width * 4;
        if (cmyk) {
            // Adobe writes CMYK inverted; saved_markers would tell, but every common
            // encoder does, so treat the samples as inverted CMYK.
            for (size_t x = 0; x < width; x++) {
                unsigned k = row[x * 4 + 3];
                dst[x * 4 + 0] = (unsigned char)((row[x * 4 + 0] * k + 127) / 255);
                dst[x * 4 + 1] = (unsigned char)((row[x * 4 + 1] * k + 127) / 255);
                dst[x * 4 + 2] = (unsigned char)((row[x * 4 + 2] * k + 127) / 255);
                dst[x * 4 + 3] = 255;
            }
        } else {
            memcpy(dst, row, width * 4);
        }
    }
    jpeg_finish_decompress(&info);
    long warnings = err.base.num_warnings;
    jpeg_destroy_decompress(&info);
    free(row);
    if (warnings > 0) {
        free(pixels);
        return -1;
    }
    *out_pixels = pixels;
    *out_width = (int)width;
    *out_height = (int)height;
    return 0;
}

int fb_jpeg_encode(const unsigned char *rgba, int width, int height, int quality, int progressive,
                   unsigned char **out_data, size_t *out_size,
                   char *message, size_t message_capacity) {
    struct jpeg_compress_struct info;
    fb_error_mgr err;
    unsigned char *buffer = NULL;
    unsigned long length = 0;
    *out_data = NULL;
    *out_size = 0;
    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&err.base);
    err.base.error_exit = fb_error_exit;
    err.base.emit_message = fb_emit_message;
    err.message = message;
    err.capacity = message_capacity;
    if (setjmp(err.jump)) {
        jpeg_destroy_compress(&info);
        free(buffer);
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &buffer, &length);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 4;
    info.in_color_space = JCS_EXT_RGBX;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    if (progressive) jpeg_simple_progression(&info);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgba + (size_t)info.next_scanline * (size_t)width * 4);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *out_data = buffer;
    *out_size = length;
    return 0;
}

void fb_jpeg_free(void *pointer) { free(pointer); }
