#include "move_columns.h"

/* A getter and a setter per figure, made from the list. */
#define MOVE_ACCESSORS(NAME, TYPE, WIRE, PRESENCE, FLAG, SOURCE)                \
    static bool get_##NAME(const struct move_record *move, int64_t *value)      \
    {                                                                           \
        *value = (int64_t)move->NAME;                                           \
        return TOURNEY_MOVE_HAS(PRESENCE, move, FLAG);                          \
    }                                                                           \
    static void set_##NAME(struct move_record *move, long long value, bool has) \
    {                                                                           \
        (void)has;                                                              \
        move->NAME = (TYPE)value;                                               \
        TOURNEY_MOVE_IF_FLAG(PRESENCE, move->FLAG = has;)                       \
    }
TOURNEY_MOVE_FIELDS(MOVE_ACCESSORS)
#undef MOVE_ACCESSORS

#define MOVE_COLUMN(NAME, TYPE, WIRE, PRESENCE, FLAG, SOURCE) \
    {#NAME, MOVE_PRESENCE_##PRESENCE, get_##NAME, set_##NAME},
const struct move_column tourney_move_columns[] = {TOURNEY_MOVE_FIELDS(MOVE_COLUMN)};
#undef MOVE_COLUMN

const size_t tourney_move_column_count =
    sizeof(tourney_move_columns) / sizeof(tourney_move_columns[0]);

void tourney_move_record_set_report(struct move_record *move,
                                    const struct tourney_move_report *report)
{
#define MOVE_FROM_REPORT(NAME, TYPE, WIRE, PRESENCE, FLAG, SOURCE) \
    TOURNEY_MOVE_IF_REPORT(SOURCE, move->NAME = report->NAME;      \
                           TOURNEY_MOVE_IF_FLAG(PRESENCE, move->FLAG = report->FLAG != 0;))
    TOURNEY_MOVE_FIELDS(MOVE_FROM_REPORT)
#undef MOVE_FROM_REPORT
}
