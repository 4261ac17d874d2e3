/*
 * line_protocol.h - what an agent that is a program of its own (command =
 * ...) may say: the lines of docs/protocol.md, read one at a time. The
 * runner's lines are written where the game is known (play/command_seat.c);
 * this file knows no game, only the words.
 */
#ifndef TOURNEY_RUNNER_LINE_PROTOCOL_H
#define TOURNEY_RUNNER_LINE_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tourney/agent.h>

#include "error.h"
#include "move_fields.h"

/* The version the runner speaks: its first line is "tourney-protocol 1". */
#define LINE_PROTOCOL_VERSION 1

/* The longest line an agent may send, its newline included. */
#define LINE_PROTOCOL_MAX 4096

enum agent_line_type {
    AGENT_LINE_BLANK,     /* nothing but blanks: ignored */
    AGENT_LINE_HELLO,     /* tourney-protocol VERSION */
    AGENT_LINE_READY,     /* ready: the agent is made for the game */
    AGENT_LINE_INFO,      /* info [NAME VALUE]...: the agent's figures (move_fields.h) */
    AGENT_LINE_LOG,       /* log LEVEL TEXT */
    AGENT_LINE_MOVE,      /* move N: the move by its number */
    AGENT_LINE_MOVE_TEXT, /* move-text NAME: the move by its name */
    AGENT_LINE_ERROR,     /* error TEXT: the agent gives up the game */
};

struct agent_line {
    enum agent_line_type type;
    uint64_t version; /* HELLO */
    int64_t move;     /* MOVE */
    const char *text; /* MOVE_TEXT: the name; LOG and ERROR: the rest of the line */
    int level;        /* LOG: enum tourney_log_level */
    /* INFO: each figure the agent reports (move_fields.h), and has_NAME:
     * whether the line gave it. */
#define AGENT_LINE_FIGURE(NAME, TYPE, WIRE, PRESENCE, FLAG, SOURCE) \
    TOURNEY_MOVE_IF_REPORT(SOURCE, TYPE NAME; bool has_##NAME;)
    TOURNEY_MOVE_FIELDS(AGENT_LINE_FIGURE)
#undef AGENT_LINE_FIGURE
};

/* Reads LINE, one line without its newline (a '\r' at its end is dropped),
 * into *OUT, whose strings point into LINE (which is changed). Returns 0, or
 * -1 with what is wrong in ERR ("unknown word 'mvoe'", "'move' takes a
 * whole number, not 'x'"). */
int tourney_agent_line_parse(char *line, struct agent_line *out, struct error *err);

/* Sets in REPORT each figure the INFO line LINE gave (a later line's
 * figure replaces an earlier one's). */
void tourney_agent_line_apply_info(const struct agent_line *line,
                                   struct tourney_move_report *report);

/* The line's first word as the protocol spells it ("move", "ready"). */
const char *tourney_agent_line_word(enum agent_line_type type);

#endif /* TOURNEY_RUNNER_LINE_PROTOCOL_H */
