/*
 * exec_command.h - the agent process of an agent that is a program of its
 * own (command = ...): on EXEC it limits itself as it would before loading
 * a plugin, enters the directory it is told (the agent's own folder),
 * confines itself as a plugin's agent process would but for a program
 * (confine.h: Landlock with read and execute access to the canonical paths
 * the runner worked out (program_reads.h), each checked as it is opened;
 * the system-call filter of programs), answers EXECUTING, puts the control
 * socket on its standard input and output and executes the program in its
 * own place. The program inherits everything: the namespaces the agent
 * process was started in, the process group, death with the runner, the
 * resource limits, Landlock, the filter, stderr on the runner's pipe. From
 * then on the runner and the program speak the line protocol on the socket.
 *
 * Only the agent host program (tourney-agent-host) uses this.
 */
#ifndef TOURNEY_RUNNER_EXEC_COMMAND_H
#define TOURNEY_RUNNER_EXEC_COMMAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"

/* Handles EXEC (PAYLOAD, LENGTH bytes, request SEQUENCE) on CONTROL. Does
 * not return when the program is executed; when it cannot be, it exits with
 * status 127 after saying why on stderr. Returns 0 after a LOAD_FAILED
 * reply (the process goes on serving until QUIT), or -1 for an EXEC that is
 * not well formed or that could not be answered. *SANDBOXED is set as for
 * a plugin. */
int tourney_host_exec(int control, const void *payload, size_t length, uint32_t sequence,
                      bool *sandboxed, struct error *err);

#endif /* TOURNEY_RUNNER_EXEC_COMMAND_H */
