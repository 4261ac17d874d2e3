/*
 * agents/ab/tt.c - allocating the transposition table, see tt.h.
 */
/* MAP_ANONYMOUS is POSIX since 2024; glibc shows it, and Linux's
 * MADV_HUGEPAGE, with _DEFAULT_SOURCE. */
#define _DEFAULT_SOURCE

#include <stdlib.h>
#include <sys/mman.h>

#include "tt.h"

#ifdef MAP_ANONYMOUS
/* Where it can, the table is mapped straight from the system, zeroed (a
 * zeroed entry is an empty one), and asked for in huge pages: the search
 * stores at random places all over it, and each first touch of a page costs
 * a fault, several microseconds on a virtual machine. In 4 KiB pages a short
 * search pays that at nearly every store; in 2 MiB pages, eight times for
 * 16 MiB. Huge pages also spare the processor's page table walks. The
 * mapping is a huge page larger than the table so that the table can start
 * on a huge page boundary. */
void *tt_zeroed_pages(size_t size, void **mapping, size_t *mapped)
{
    size_t length = size + TT_HUGE_PAGE;
    unsigned char *p =
        mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    unsigned char *aligned;

    if (p == MAP_FAILED) {
        return NULL;
    }
    aligned = p + (TT_HUGE_PAGE - (uintptr_t)p % TT_HUGE_PAGE) % TT_HUGE_PAGE;
#ifdef MADV_HUGEPAGE
    /* Only advice: without it, or refused, the table works in small pages. */
    madvise(aligned, size, MADV_HUGEPAGE);
#endif
    *mapping = p;
    *mapped = length;
    return aligned;
}

void tt_free_pages(void *mapping, size_t mapped)
{
    munmap(mapping, mapped);
}
#else
void *tt_zeroed_pages(size_t size, void **mapping, size_t *mapped)
{
    *mapping = calloc(1, size);
    *mapped = size;
    return *mapping;
}

void tt_free_pages(void *mapping, size_t mapped)
{
    (void)mapped;
    free(mapping);
}
#endif

/* The buckets a table starts with: 64 KiB, a few pages. */
#define TT_FIRST_BUCKETS UINT64_C(2048)

void *tt_reserve(int64_t mb, size_t bucket_size, uint64_t *count, void **mapping, size_t *mapped)
{
    uint64_t bytes = (uint64_t)mb << 20;

    *count = 1;
    while (*count * 2 * bucket_size <= bytes) {
        *count *= 2;
    }
    if (*count > (SIZE_MAX - TT_HUGE_PAGE) / bucket_size) {
        return NULL;
    }
    return tt_zeroed_pages((size_t)*count * bucket_size, mapping, mapped);
}

int tt_init(struct tt *tt, int64_t mb)
{
    uint64_t count;

    tt->mask = 0;
    tt->max_mask = 0;
    tt->used = 0;
    tt->age = 0;
    tt->buckets = tt_reserve(mb, sizeof(struct tt_bucket), &count, &tt->mapping, &tt->mapped);
    if (tt->buckets == NULL) {
        return TOURNEY_ERR_NOMEM;
    }
    tt->max_mask = count - 1;
    tt->mask = (count < TT_FIRST_BUCKETS ? count : TT_FIRST_BUCKETS) - 1;
    return TOURNEY_OK;
}

bool tt_growth_allowed(struct tt_growth *growth, uint64_t added_bytes)
{
    if (growth->stop_ns == 0) {
        return true;
    }
    const struct search *s = growth->clock;
    uint64_t now = s->host->now_ns(s->host_context);
    if (now < growth->stop_ns && (growth->stop_ns - now) / TT_GROW_NS_PER_BYTE >= added_bytes) {
        return true;
    }
    growth->waits = true;
    return false;
}

void tt_grow(struct tt *tt)
{
    uint64_t half = tt->mask + 1;

    /* An entry of bucket i belongs, with one more bit of its key, to bucket
     * i or to bucket i + half, which is still empty. */
    for (uint64_t i = 0; i < half; i++) {
        struct tt_bucket *b = &tt->buckets[i];
        struct tt_bucket *mirror = &tt->buckets[i + half];

        if (b->deep.meta != TT_EMPTY && (b->deep.key & half) != 0) {
            mirror->deep = b->deep;
            b->deep.meta = TT_EMPTY;
        }
        if (b->recent.meta != TT_EMPTY && (b->recent.key & half) != 0) {
            mirror->recent = b->recent;
            b->recent.meta = TT_EMPTY;
        }
    }
    tt->mask = 2 * half - 1;
}

void tt_finish(struct tt *tt)
{
    if (tt->mapping != NULL) {
        tt_free_pages(tt->mapping, tt->mapped);
    }
    tt->mapping = NULL;
    tt->buckets = NULL;
    tt->mask = 0;
    tt->max_mask = 0;
}
