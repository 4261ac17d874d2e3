/*
 * greedy_test.c - a unit test of the greedy agent, on the fake host that
 * comes with tourney's headers: no runner, no config, no processes. It
 * creates the m,n,k game from its plugin, and checks that greedy takes a
 * win, blocks a single threat and reports what it did.
 *
 *     cc -std=c17 -Wall -Wextra -I/path/to/tourney/include \
 *         greedy.c greedy_test.c -o greedy_test
 *     ./greedy_test "$(pkg-config --variable=gamedir tourney)/mnk.so"
 */
#include <stdio.h>

#include <tourney/fake_host.h>

/* Defined in greedy.c by TOURNEY_AGENT_ENTRY. */
const struct tourney_agent_api *tourney_agent_entry(void);

/* Asks a fresh greedy (block = true, tie_break = lowest) for a move in the
 * tic-tac-toe position BOARD; 0 when it plays MOVE after looking at NODES
 * positions, with the score of a win in one exactly when WINS. */
static int check(const struct tourney_fake_game *game, const char *board, tourney_move move,
                 uint64_t nodes, int wins)
{
    const struct tourney_param_value params[2] = {{1}, {1}};
    unsigned char state[256];
    struct tourney_fake_agent agent;
    struct tourney_move_report report;
    tourney_move chosen;

    if (game->info.state_size > sizeof(state) ||
        game->api->parse_state(game->instance, board, state) != TOURNEY_OK ||
        tourney_fake_agent_create(&agent, tourney_agent_entry(), game->api, game->instance,
                                  &game->info, params, 0, 42) != TOURNEY_OK) {
        fprintf(stderr, "%s: cannot set up the position\n", board);
        return 1;
    }
    int32_t status = tourney_fake_agent_move(&agent, state, 0, 4, &report, &chosen);
    tourney_fake_agent_destroy(&agent);
    if (status != TOURNEY_OK || chosen != move || report.nodes != nodes ||
        report.has_score != wins || (wins && report.score != TOURNEY_SCORE_WIN - 1)) {
        fprintf(stderr, "%s: status %d, move %d, %llu nodes, score %d (%d)\n", board, (int)status,
                (int)chosen, (unsigned long long)report.nodes, (int)report.score,
                (int)report.has_score);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const struct tourney_param_value board_size[3] = {{3}, {3}, {3}}; /* rows, cols, k */
    struct tourney_fake_game game;
    char error[256];

    if (argc != 2 ||
        tourney_fake_game_open(&game, argv[1], board_size, error, sizeof(error)) != TOURNEY_OK) {
        fprintf(stderr, "usage: greedy_test PATH/mnk.so (%s)\n", argc == 2 ? error : "");
        return 2;
    }
    /* x to move: it wins at 2, looking at its 5 moves; it blocks o at 5,
     * looking at its 5 moves and 14 replies (up to o's win, if any). */
    int failed = check(&game, "x x . / o o . / . . .", 2, 6, 1) +
                 check(&game, "x . . / o o . / x . .", 5, 20, 0);
    tourney_fake_game_close(&game);
    printf("greedy_test: %s\n", failed ? "FAILED" : "OK");
    return failed ? 1 : 0;
}
