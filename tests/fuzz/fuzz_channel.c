/*
 * libFuzzer harness for the counts the runner reads from the memory it
 * shares with an agent process (shared_channel.c), which the agent's side
 * can overwrite at any moment: the input is a list of steps, each the
 * agent's side setting a count or a byte, or the runner taking replies or
 * putting requests. The runner never takes more than the ring holds or it
 * asked for, takes the bytes at its own count in the ring's order, never
 * writes past the ring, and refuses (-1) counts that cannot be.
 *
 *   CC=clang meson setup build-fuzz -Dfuzz=true -Db_sanitize=address,undefined -Db_lundef=false
 *   ./build-fuzz/tests/fuzz/fuzz-channel -max_total_time=60 CORPUS_DIR
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shared_channel.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void expect(int condition, const char *what)
{
    if (!condition) {
        fprintf(stderr, "fuzz-channel: %s\n", what);
        abort();
    }
}

static uint32_t word(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static unsigned char taken[2 * CHANNEL_RING_SIZE];
static unsigned char given[2 * CHANNEL_RING_SIZE];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* On the heap, its size exactly: the replies' ring is last, so a write
     * or read past it is seen. */
    struct channel_memory *memory = aligned_alloc(64, sizeof(*memory));
    expect(memory != NULL, "out of memory");
    memset(memory, 0, sizeof(*memory));
    struct channel_end requests;
    struct channel_end replies;
    tourney_channel_ends(memory, &requests, &replies);
    for (size_t at = 0; at + 9 <= size; at += 9) {
        uint8_t step = data[at];
        uint32_t a = word(data + at + 1);
        uint32_t b = word(data + at + 5);
        switch (step % 5) {
        case 0: /* the agent's side says how much it wrote */
            atomic_store(&memory->to_runner.written, a);
            break;
        case 1: /* and how much of the requests it read */
            atomic_store(&memory->to_agent.read, a);
            break;
        case 2: /* and writes a byte into its ring */
            memory->to_runner_data[a % CHANNEL_RING_SIZE] = (unsigned char)b;
            break;
        case 3: { /* the runner takes replies */
            uint32_t before = replies.count;
            size_t max = b % sizeof(taken);
            long got = tourney_channel_get(&replies, taken, max);
            uint32_t written = atomic_load(&memory->to_runner.written);
            if (written - before > CHANNEL_RING_SIZE) {
                expect(got == -1 && replies.count == before, "an impossible count taken");
                break;
            }
            expect(got >= 0 && (size_t)got <= max && got <= (long)(written - before),
                   "more taken than there is");
            expect(replies.count == before + (uint32_t)got, "the count moved otherwise");
            for (long i = 0; i < got; i++) {
                expect(taken[i] ==
                           memory->to_runner_data[(before + (uint32_t)i) % CHANNEL_RING_SIZE],
                       "bytes taken out of the ring's order");
            }
            break;
        }
        default: { /* the runner puts requests */
            uint32_t before = requests.count;
            size_t length = b % sizeof(given);
            memset(given, step, length);
            long put = tourney_channel_put(&requests, given, length);
            uint32_t read = atomic_load(&memory->to_agent.read);
            if (before - read > CHANNEL_RING_SIZE) {
                expect(put == -1 && requests.count == before, "an impossible count believed");
                break;
            }
            expect(put >= 0 && (size_t)put <= length &&
                       (uint32_t)put <= CHANNEL_RING_SIZE - (before - read),
                   "more put than there is room for");
            expect(requests.count == before + (uint32_t)put, "the count moved otherwise");
            break;
        }
        }
    }
    free(memory);
    return 0;
}
