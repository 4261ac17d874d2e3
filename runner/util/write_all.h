/*
 * write_all.h - a write that goes out whole or not at all: the agent host's
 * frames to the runner, and a results-log line too long for its writer's
 * ring.
 */
#ifndef TOURNEY_RUNNER_WRITE_ALL_H
#define TOURNEY_RUNNER_WRITE_ALL_H

#include <stddef.h>

/* Writes all LENGTH bytes at DATA to FD, again after an interrupted or a
 * short write. Returns 0, or -1 with errno set (0 when FD took nothing). */
int tourney_write_all(int fd, const void *data, size_t length);

#endif /* TOURNEY_RUNNER_WRITE_ALL_H */
