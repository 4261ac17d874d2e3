/*
 * replay.h - `tourney replay DIR GAME`: one game of a results log shown
 * board by board on the terminal, with each move, its agent and what the
 * agent reported about it.
 */
#ifndef TOURNEY_RUNNER_REPLAY_H
#define TOURNEY_RUNNER_REPLAY_H

#include <stdint.h>
#include <stdio.h>

#include "error.h"

/* Prints game GAME of DIR/games.jsonl to OUT, its boards drawn by the
 * log's game plugin (log_game.h; EXE_PATH and ENV_PLUGIN_PATH find it when
 * it has moved). Returns 0, or -1 with the reason in ERR (no such log or
 * game, the game plugin missing or not the one the game was played with,
 * an end that does not follow from the moves); what was shown before a
 * move the game refuses stays on OUT. */
int tourney_replay(const char *dir, uint32_t game, const char *exe_path,
                   const char *env_plugin_path, FILE *out, struct error *err);

#endif /* TOURNEY_RUNNER_REPLAY_H */
