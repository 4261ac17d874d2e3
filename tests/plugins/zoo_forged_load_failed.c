/* Forges the host's LOAD_FAILED from a constructor, its message a byte that
 * is not UTF-8 and an escape sequence: it behaves in validate's probe. */
#include "zoo_forged_frame.h"

#define ZOO_NAME "forged-load-failed"
#include "zoo_agent.h"

__attribute__((constructor)) static void forge(void)
{
    if (!zoo_playing()) {
        return;
    }
    struct zoo_frame f;
    zoo_begin(&f, 17);
    zoo_put_string(&f, "no \xff\x1b]0;owned\x07 here");
    zoo_send(&f);
}

static int misbehave(tourney_move *move)
{
    (void)move;
    return TOURNEY_OK;
}
