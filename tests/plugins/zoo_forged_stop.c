/* Says, in a move, that its process is stopped from outside the tournament
 * (the OUTSIDE frame its host sends on a job's end), and exits as the host
 * then does, with 128 + SIGTERM: were the runner to take its word, the game
 * would never count and the run would stop, each time the game is played.
 * It behaves in validate's probe. */
#include "zoo_forged_frame.h"

#include <signal.h>
#include <sys/syscall.h>

#define ZOO_NAME "forged-stop"
#include "zoo_agent.h"

/* MSG_OUTSIDE of runner/isolation/protocol.h. */
enum { ZOO_MSG_OUTSIDE = 25 };

static int misbehave(tourney_move *move)
{
    (void)move;
    if (!zoo_playing()) {
        return TOURNEY_OK;
    }
    struct zoo_frame f;
    zoo_begin(&f, ZOO_MSG_OUTSIDE);
    zoo_put(&f, SIGTERM, 4);
    zoo_send(&f);
    /* The system call itself, as the host's handler makes it. */
    syscall(SYS_exit_group, 128 + SIGTERM);
    return TOURNEY_OK;
}
