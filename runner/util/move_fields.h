/*
 * move_fields.h - the one list of the figures kept with each move: those
 * the agent reports (struct tourney_move_report) and those the runner
 * measures. Every form a figure takes is made from this list: the members
 * of the agent process's MOVED message and its bytes (protocol.c), the
 * words of a program's `info` line (line_protocol.c), the members of
 * struct move_record and the report copied into it (record.h,
 * move_columns.c), and the log's JSON column with both ways of reading it
 * back (record.c, record_scan.c). A figure the agent reports is a line here
 * and a field of struct tourney_move_report; one the runner measures is a
 * line here and the code that measures it.
 *
 * X(NAME, TYPE, WIRE, PRESENCE, FLAG, SOURCE), one line per figure, in the
 * order of the log's columns (which must not change: logs are compared
 * byte for byte) and of the MOVED message's bytes:
 *   NAME      the member in every struct, and the JSON key and the `info`
 *             word, as written
 *   TYPE      its C type: uint64_t or int32_t
 *   WIRE      its bytes on the agent process's wire: u64 or i32 (wire.h)
 *   PRESENCE  ALWAYS: every move has a number (0 when the agent said
 *             nothing); NULLS: a move may have none, the column is always
 *             written, null for a move without; SPARSE: as NULLS, but the
 *             column is left out of a game where no move has one, so that
 *             logs written before the figure existed stay as they were
 *   FLAG      for NULLS and SPARSE, the int32_t member that is nonzero when
 *             the move has the figure (unused for ALWAYS)
 *   SOURCE    REPORT: the agent's, a field of struct tourney_move_report
 *             of the same name (and FLAG); RUNNER: measured by the runner
 */
#ifndef TOURNEY_RUNNER_MOVE_FIELDS_H
#define TOURNEY_RUNNER_MOVE_FIELDS_H

// clang-format off
#define TOURNEY_MOVE_FIELDS(X)                                \
    X(nodes,    uint64_t, u64, ALWAYS, has_nodes,    REPORT)  \
    X(depth,    int32_t,  i32, ALWAYS, has_depth,    REPORT)  \
    X(seldepth, int32_t,  i32, SPARSE, has_seldepth, REPORT)  \
    X(score,    int32_t,  i32, NULLS,  has_score,    REPORT)  \
    X(time_ns,  uint64_t, u64, ALWAYS, has_time_ns,  RUNNER)  \
    X(cpu_ns,   uint64_t, u64, SPARSE, has_cpu,      RUNNER)
// clang-format on

/* Whether a figure may be missing, as PRESENCE says: enum move_presence. */
enum move_presence {
    MOVE_PRESENCE_ALWAYS,
    MOVE_PRESENCE_NULLS,
    MOVE_PRESENCE_SPARSE,
};

/* The code after PRESENCE (or SOURCE), only for figures that have a flag
 * (or that the agent reports): X-macros use these to pick their lines. */
#define TOURNEY_MOVE_IF_FLAG(PRESENCE, ...) TOURNEY_MOVE_IF_FLAG_##PRESENCE(__VA_ARGS__)
#define TOURNEY_MOVE_IF_FLAG_ALWAYS(...)
#define TOURNEY_MOVE_IF_FLAG_NULLS(...) __VA_ARGS__
#define TOURNEY_MOVE_IF_FLAG_SPARSE(...) __VA_ARGS__
#define TOURNEY_MOVE_IF_REPORT(SOURCE, ...) TOURNEY_MOVE_IF_REPORT_##SOURCE(__VA_ARGS__)
#define TOURNEY_MOVE_IF_REPORT_REPORT(...) __VA_ARGS__
#define TOURNEY_MOVE_IF_REPORT_RUNNER(...)

/* Whether the struct at P has the figure: FLAG's member, or true. */
#define TOURNEY_MOVE_HAS(PRESENCE, P, FLAG) TOURNEY_MOVE_HAS_##PRESENCE(P, FLAG)
#define TOURNEY_MOVE_HAS_ALWAYS(P, FLAG) 1
#define TOURNEY_MOVE_HAS_NULLS(P, FLAG) ((P)->FLAG != 0)
#define TOURNEY_MOVE_HAS_SPARSE(P, FLAG) ((P)->FLAG != 0)

/* The members of a figure: its value, and its flag where it has one. */
#define TOURNEY_MOVE_MEMBER(NAME, TYPE, WIRE, PRESENCE, FLAG, SOURCE) \
    TYPE NAME;                                                        \
    TOURNEY_MOVE_IF_FLAG(PRESENCE, int32_t FLAG;)
/* The same for the figures the agent reports only. */
#define TOURNEY_MOVE_REPORT_MEMBER(NAME, TYPE, WIRE, PRESENCE, FLAG, SOURCE) \
    TOURNEY_MOVE_IF_REPORT(SOURCE, TOURNEY_MOVE_MEMBER(NAME, TYPE, WIRE, PRESENCE, FLAG, SOURCE))

#endif /* TOURNEY_RUNNER_MOVE_FIELDS_H */
