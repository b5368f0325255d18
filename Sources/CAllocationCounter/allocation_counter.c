// Counts heap allocations for flipbook-bench by interposing glibc's allocator: the
// executable's malloc family takes precedence over libc's for every library in the
// process, and forwards to glibc's own entry points.
#include "allocation_counter.h"
#include <stdlib.h>

#if defined(__GLIBC__)
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Atomic unsigned long long allocations;
/// Whether allocations are counted: off until a benchmark turns it on, so that the others
/// (the Lottie one times frames making a thousand allocations each) pay for no locked
/// increment an allocation, which the flipbook command does not either.
static _Atomic int counting;

static void count(void) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
}

void fb_allocation_counting(int on) { atomic_store_explicit(&counting, on != 0, memory_order_relaxed); }

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count(); return __libc_calloc(n, size); }
void *realloc(void *pointer, size_t size) { count(); return __libc_realloc(pointer, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
int posix_memalign(void **result, size_t alignment, size_t size) {
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return 12;  // ENOMEM
    *result = pointer;
    return 0;
}

unsigned long long fb_allocation_count(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }
int fb_allocation_counting_available(void) { return 1; }
#else
void fb_allocation_counting(int on) { (void)on; }
unsigned long long fb_allocation_count(void) { return 0; }
int fb_allocation_counting_available(void) { return 0; }
#endif
