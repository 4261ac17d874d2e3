/* Linux interfaces: memfd_create, file seals, futex. */
#define _GNU_SOURCE
#include "shared_channel.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

struct channel_memory *tourney_channel_create(int *fd, struct error *err)
{
    *fd = memfd_create("tourney-channel", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (*fd < 0) {
        tourney_error_set_errno(err, "cannot create the memory shared with an agent process");
        return NULL;
    }
    /* Sealed at its size: an agent that could shrink it would make the
     * runner's next look at it a fault. */
    void *memory = MAP_FAILED;
    if (ftruncate(*fd, sizeof(struct channel_memory)) != 0 ||
        fcntl(*fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) != 0 ||
        (memory = mmap(NULL, sizeof(struct channel_memory), PROT_READ | PROT_WRITE, MAP_SHARED,
                       *fd, 0)) == MAP_FAILED) {
        tourney_error_set_errno(err, "cannot set up the memory shared with an agent process");
        close(*fd);
        *fd = -1;
        return NULL;
    }
    return memory;
}

struct channel_memory *tourney_channel_map(int fd)
{
    struct stat info;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) ||
        (size_t)info.st_size != sizeof(struct channel_memory)) {
        return NULL;
    }
    void *memory =
        mmap(NULL, sizeof(struct channel_memory), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    return memory == MAP_FAILED ? NULL : memory;
}

void tourney_channel_unmap(struct channel_memory *memory)
{
    if (memory != NULL) {
        munmap(memory, sizeof(*memory));
    }
}

void tourney_channel_ends(struct channel_memory *m, struct channel_end *requests,
                          struct channel_end *replies)
{
    *requests = (struct channel_end){.counts = &m->to_agent, .data = m->to_agent_data};
    *replies = (struct channel_end){.counts = &m->to_runner, .data = m->to_runner_data};
}

long tourney_channel_put(struct channel_end *e, const void *bytes, size_t length)
{
    uint32_t read = atomic_load_explicit(&e->counts->read, memory_order_acquire);
    uint32_t used = e->count - read;
    if (used > CHANNEL_RING_SIZE) {
        return -1;
    }
    size_t room = CHANNEL_RING_SIZE - used;
    size_t n = length < room ? length : room;
    size_t at = e->count % CHANNEL_RING_SIZE;
    size_t first = n < CHANNEL_RING_SIZE - at ? n : CHANNEL_RING_SIZE - at;
    memcpy(e->data + at, bytes, first);
    memcpy(e->data, (const unsigned char *)bytes + first, n - first);
    if (n > 0) {
        e->count += (uint32_t)n;
        atomic_store_explicit(&e->counts->written, e->count, memory_order_release);
    }
    return (long)n;
}

long tourney_channel_get(struct channel_end *e, void *bytes, size_t max)
{
    uint32_t written = atomic_load_explicit(&e->counts->written, memory_order_acquire);
    uint32_t available = written - e->count;
    if (available > CHANNEL_RING_SIZE) {
        return -1;
    }
    size_t n = max < available ? max : available;
    size_t at = e->count % CHANNEL_RING_SIZE;
    size_t first = n < CHANNEL_RING_SIZE - at ? n : CHANNEL_RING_SIZE - at;
    memcpy(bytes, e->data + at, first);
    memcpy((unsigned char *)bytes + first, e->data, n - first);
    if (n > 0) {
        e->count += (uint32_t)n;
        atomic_store_explicit(&e->counts->read, e->count, memory_order_release);
    }
    return (long)n;
}

bool tourney_channel_readable(const struct channel_end *e)
{
    return atomic_load_explicit(&e->counts->written, memory_order_acquire) != e->count;
}

bool tourney_channel_writable(const struct channel_end *e)
{
    return e->count - atomic_load_explicit(&e->counts->read, memory_order_acquire) !=
           CHANNEL_RING_SIZE;
}

/* The two sides' words and counts are ordered by full fences: one side
 * stores its SLEEPING word, then looks at the counts; the other stores a
 * count, then looks at the word. Either the sleeper sees the count, or the
 * other side sees it sleep and wakes it. */
void tourney_channel_announce_sleep(_Atomic uint32_t *sleeping, uint32_t waits)
{
    atomic_store_explicit(sleeping, waits, memory_order_relaxed);
    atomic_thread_fence(memory_order_seq_cst);
}

/* Only a sleeper that waits for what was done is woken: a host that sleeps
 * until the next request is not woken as the runner reads its reply. */
bool tourney_channel_take_sleeper(_Atomic uint32_t *sleeping, uint32_t waits)
{
    atomic_thread_fence(memory_order_seq_cst);
    return (atomic_load_explicit(sleeping, memory_order_relaxed) & waits) != 0 &&
           atomic_exchange_explicit(sleeping, 0, memory_order_relaxed) != 0;
}

void tourney_channel_host_sleep(struct channel_memory *m, uint32_t waits)
{
    /* Not FUTEX_PRIVATE_FLAG: the word is in memory two processes share.
     * Returns at once when the word no longer says WAITS. */
    syscall(SYS_futex, &m->agent_sleeping, FUTEX_WAIT, waits, NULL, NULL, 0);
}

void tourney_channel_wake_host(struct channel_memory *m)
{
    syscall(SYS_futex, &m->agent_sleeping, FUTEX_WAKE, 1, NULL, NULL, 0);
}
