/* Buckets for the in-slot first passes over the tightest tables (match_first_plain.h), where x86's
 * SSE2 is there to judge eight slots at once. Internal; included by match_first_plain.h.
 *
 * From TAG_MIN_SLOTS slots a first pass's table is at its tightest, 2/3 full at the end (match.c:
 * every page of it is a page fault in a first diff), and linear probing walks past more and more
 * occupied slots, each walk's exit a mispredicted branch. There the slots are grouped in buckets
 * of eight (32 bytes, half a cache line, so a bucket is one fetch): an element's home is a bucket,
 * and one compare of the bucket's eight slots gives at once which are empty and which carry the
 * element's tag bits. An element goes into the first empty slot of the first bucket from its home
 * that has one; a lookup checks the slots whose tags agree (rarely more than the one it seeks)
 * and stops at the first bucket with an empty slot. The probe budget counts buckets walked past the
 * home, as the linear passes count slots, and two for every stranger whose tag agrees (its
 * fingerprint read for nothing, in a loop that costs about twice a linear step): input built
 * against the keys puts eight such strangers in every bucket it floods. C bench's flood row (200k,
 * keys known, over random input): counting buckets only, 4.2x (9.3 ms against 2.2); one per
 * stranger, 1.36-1.38x; two, 1.19-1.20x, as with linear probing (1.15-1.20x). Measured, C bench (gcc, 21 runs), builds interleaved
 * three times at a load of 3.6: 1M 8.9-9.2 -> 6.4-7.2 ms; 1M spread 21.2-21.4 (and one run of 36)
 * -> 20.4-21.7, within its noise. In roomier tables (DK-100k and its spread, sectioned: a load of
 * 1/4 to 1/3) the linear walks are short and buckets only cost instructions (DK-100k 0.41 -> 0.49
 * ms), so those keep linear probing.
 *
 * Elsewhere (no SSE2, or a compiler without GCC's builtins) every table probes linearly, as before:
 * the result is the same either way, only the time differs. */
#ifndef CDIFF_MATCH_BUCKET_H
#define CDIFF_MATCH_BUCKET_H

#include "match_table.h"

#if (defined(__GNUC__) || defined(__clang__)) && defined(__SSE2__)
#define CDIFF_BUCKETS 1
#include <emmintrin.h>

#define BUCKET_SLOTS 8
#define BUCKET_BYTES (BUCKET_SLOTS * sizeof(uint32_t))

/* Of the bucket of eight slots at `b` (BUCKET_BYTES-aligned): bit q of *empty is set when slot q
 * is EMPTY, bit q of *tagged when slot q is occupied and its tag bits (SMALL_TAG) are `tag_bits`. */
static inline void bucket_scan(const uint32_t *b, uint32_t tag_bits, unsigned *empty, unsigned *tagged) {
    const __m128i low = _mm_load_si128((const __m128i *)(const void *)b);
    const __m128i high = _mm_load_si128((const __m128i *)(const void *)(b + 4));
    const __m128i all = _mm_set1_epi32(-1), tag_mask = _mm_set1_epi32((int)SMALL_TAG);
    const __m128i want = _mm_set1_epi32((int)tag_bits);
    /* Each compare gives 32-bit lanes of all ones or zeros; packing twice leaves one byte a slot. */
    const __m128i empties = _mm_packs_epi32(_mm_cmpeq_epi32(low, all), _mm_cmpeq_epi32(high, all));
    const __m128i tags = _mm_packs_epi32(_mm_cmpeq_epi32(_mm_and_si128(low, tag_mask), want),
                                         _mm_cmpeq_epi32(_mm_and_si128(high, tag_mask), want));
    const unsigned e = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(empties, empties)) & 0xFFu;
    *empty = e;
    *tagged = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(tags, tags)) & 0xFFu & ~e;
}

/* The lowest set bit of a non-zero mask. */
static inline unsigned bucket_first(unsigned mask) { return (unsigned)__builtin_ctz(mask); }

#else
#define CDIFF_BUCKETS 0
#endif

#endif
