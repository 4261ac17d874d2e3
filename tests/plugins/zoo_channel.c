/* Writes into the memory its process shares with the runner (found by its
 * name in /proc/self/maps, so only without the sandbox): a count that
 * says the agent read more requests than the runner ever wrote, as a
 * plugin that scribbles on memory it does not own might. The runner must
 * refuse the count (protocol_error), never trust it. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define ZOO_NAME "channel"
#include "zoo_agent.h"

/* Where the shared memory is mapped; 0 when not found. */
static uintptr_t find_channel(void)
{
    FILE *maps = fopen("/proc/self/maps", "r");
    if (maps == NULL) {
        return 0;
    }
    char line[512];
    uintptr_t start = 0;
    while (start == 0 && fgets(line, sizeof(line), maps) != NULL) {
        unsigned long from = 0;
        if (strstr(line, "tourney-channel") != NULL && sscanf(line, "%lx-", &from) == 1) {
            start = (uintptr_t)from;
        }
    }
    fclose(maps);
    return start;
}

static int misbehave(tourney_move *move)
{
    (void)move;
    uintptr_t channel = find_channel();
    if (channel == 0) {
        return TOURNEY_ERR_INTERNAL;
    }
    /* The agent's count of request bytes read, the second word of the
     * memory's first cache lines (shared_channel.h): far past what the
     * runner wrote. */
    volatile uint32_t *read_count = (volatile uint32_t *)(channel + 64);
    *read_count += UINT32_C(1) << 30;
    return TOURNEY_OK;
}
