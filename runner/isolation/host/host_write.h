/*
 * host_write.h - the agent host's writes to the runner: a frame goes out
 * whole or the connection is lost.
 */
#ifndef TOURNEY_RUNNER_HOST_WRITE_H
#define TOURNEY_RUNNER_HOST_WRITE_H

#include <stddef.h>

/* Writes all LENGTH bytes at DATA to FD, again after an interrupted write.
 * Returns -1 when FD takes no more. */
int tourney_host_write_all(int fd, const void *data, size_t length);

#endif /* TOURNEY_RUNNER_HOST_WRITE_H */
