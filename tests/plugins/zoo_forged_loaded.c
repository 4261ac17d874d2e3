/* Forges the host's LOADED from a constructor, describing another game
 * than the one played (other sizes): it behaves in validate's probe. */
#include "zoo_forged_frame.h"

#define ZOO_NAME "forged-loaded"
#include "zoo_agent.h"

__attribute__((constructor)) static void forge(void)
{
    if (!zoo_playing()) {
        return;
    }
    struct zoo_frame f;
    zoo_begin(&f, 16);
    zoo_put(&f, 0, 4);        /* sandbox off */
    zoo_put_string(&f, NULL); /* its error */
    zoo_put(&f, 0, 4);        /* Landlock ABI */
    zoo_put_string(&f, NULL); /* its error */
    zoo_put(&f, 12345, 8);    /* state size */
    zoo_put(&f, 77, 4);       /* move limit */
    zoo_put(&f, 99, 4);       /* max plies */
    zoo_put_string(&f, "forged-loaded");
    zoo_put_string(&f, "another game");
    zoo_put_string(&f, NULL);
    zoo_put_string(&f, NULL);
    zoo_put(&f, 0, 4); /* no parameters */
    zoo_send(&f);
}

static int misbehave(tourney_move *move)
{
    (void)move;
    return TOURNEY_OK;
}
