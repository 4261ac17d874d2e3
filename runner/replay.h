/*
 * replay.h - `tourney replay DIR GAME`: one game of a results log shown
 * board by board on the terminal, with each move, its agent and what the
 * agent reported about it.
 */
#ifndef TOURNEY_RUNNER_REPLAY_H
#define TOURNEY_RUNNER_REPLAY_H

#include <stdint.h>
#include <stdio.h>

#include "log_header.h"
#include "plugin_search.h"

/* The plugin search a results log's games were played with: the plugin_path
 * of its config when the file is still there, then the usual places. */
int tourney_log_plugin_search(struct plugin_search *search, const struct log_header *header,
                              const char *exe_path);

/* Prints game GAME of DIR/games.jsonl to OUT. Returns 0, or -1 with the
 * reason on ERR (no such log or game, the game plugin missing). */
int tourney_replay(const char *dir, uint32_t game, const char *exe_path, FILE *out, FILE *err);

#endif /* TOURNEY_RUNNER_REPLAY_H */
