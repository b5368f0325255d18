#ifndef FLIPBOOK_ALLOCATION_COUNTER_H
#define FLIPBOOK_ALLOCATION_COUNTER_H

/// Heap allocations made by the process while counting was on (malloc, calloc, realloc
/// and the aligned forms), or 0 where counting is not available (anything but glibc).
unsigned long long fb_allocation_count(void);

/// Turns counting on (`on` non-zero) or off; it starts off.
void fb_allocation_counting(int on);

/// Whether allocations are being counted.
int fb_allocation_counting_available(void);

#endif
