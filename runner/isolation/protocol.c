#include "protocol.h"

#include <stdlib.h>
#include <string.h>

#include "move_fields.h"

/* A decoded list larger than this is refused rather than allocated: the
 * other side is not trusted. */
#define MAX_DECODED_ITEMS 4096

int64_t tourney_msg_value(const struct msg_values *values, uint32_t i)
{
    if (values->values != NULL) {
        return values->values[i].i;
    }
    struct wire_reader reader;
    tourney_wire_reader_init(&reader, values->raw + 8 * (size_t)i, 8);
    return tourney_wire_get_i64(&reader);
}

static void put_values(struct wire_writer *w, const struct msg_values *v)
{
    tourney_wire_put_u32(w, v->count);
    for (uint32_t i = 0; i < v->count; i++) {
        tourney_wire_put_i64(w, tourney_msg_value(v, i));
    }
}

static void get_values(struct wire_reader *r, struct msg_values *v)
{
    memset(v, 0, sizeof(*v));
    v->count = tourney_wire_get_u32(r);
    if (v->count > MAX_DECODED_ITEMS || r->failed) {
        r->failed = true;
        v->count = 0;
        return;
    }
    /* Checked for length here; read one by one with tourney_msg_value. */
    size_t bytes = 8 * (size_t)v->count;
    if (bytes > r->length - r->offset) {
        r->failed = true;
        v->count = 0;
        return;
    }
    v->raw = r->data + r->offset;
    r->offset += bytes;
}

int tourney_msg_put_load(struct wire_writer *w, uint32_t seq, const struct msg_load *m)
{
    tourney_wire_begin(w, PROTOCOL_VERSION, MSG_LOAD, seq);
    tourney_wire_put_u32(w, m->kind);
    tourney_wire_put_u32(w, m->flags);
    tourney_wire_put_u64(w, m->memory_bytes);
    tourney_wire_put_string(w, m->path);
    tourney_wire_put_string(w, m->game_path);
    put_values(w, &m->game_params);
    return tourney_wire_end(w);
}

int tourney_msg_get_load(const void *payload, size_t length, struct msg_load *m)
{
    struct wire_reader r;
    tourney_wire_reader_init(&r, payload, length);
    memset(m, 0, sizeof(*m));
    m->kind = tourney_wire_get_u32(&r);
    m->flags = tourney_wire_get_u32(&r);
    m->memory_bytes = tourney_wire_get_u64(&r);
    m->path = tourney_wire_get_string(&r);
    m->game_path = tourney_wire_get_string(&r);
    get_values(&r, &m->game_params);
    return tourney_wire_done(&r) && m->path != NULL ? 0 : -1;
}

static void put_param(struct wire_writer *w, const struct tourney_param_info *p)
{
    tourney_wire_put_string(w, p->name);
    tourney_wire_put_u32(w, p->type);
    tourney_wire_put_string(w, p->default_value);
    tourney_wire_put_i64(w, p->min);
    tourney_wire_put_i64(w, p->max);
    uint32_t choices = 0;
    while (p->type == TOURNEY_PARAM_CHOICE && p->choices != NULL && p->choices[choices] != NULL) {
        choices++;
    }
    tourney_wire_put_u32(w, choices);
    for (uint32_t i = 0; i < choices; i++) {
        tourney_wire_put_string(w, p->choices[i]);
    }
    tourney_wire_put_string(w, p->help);
}

int tourney_msg_put_loaded(struct wire_writer *w, uint32_t seq, const struct msg_loaded *m)
{
    tourney_wire_begin(w, PROTOCOL_VERSION, MSG_LOADED, seq);
    tourney_wire_put_u32(w, m->sandbox);
    tourney_wire_put_string(w, m->sandbox_error);
    tourney_wire_put_u32(w, m->landlock_abi);
    tourney_wire_put_string(w, m->landlock_error);
    tourney_wire_put_u64(w, m->state_size);
    tourney_wire_put_i32(w, m->move_limit);
    tourney_wire_put_i32(w, m->max_plies);
    tourney_wire_put_string(w, m->name);
    tourney_wire_put_string(w, m->description);
    tourney_wire_put_string(w, m->id);
    tourney_wire_put_string(w, m->version);
    tourney_wire_put_u32(w, (uint32_t)m->param_count);
    for (size_t i = 0; i < m->param_count; i++) {
        put_param(w, &m->params[i]);
    }
    return tourney_wire_end(w);
}

/* Reads one parameter descriptor into P, allocating its list of choices. */
static void get_param(struct wire_reader *r, struct tourney_param_info *p)
{
    p->struct_size = sizeof(*p);
    p->name = tourney_wire_get_string(r);
    p->type = tourney_wire_get_u32(r);
    p->default_value = tourney_wire_get_string(r);
    p->min = tourney_wire_get_i64(r);
    p->max = tourney_wire_get_i64(r);
    uint32_t choices = tourney_wire_get_u32(r);
    if (choices > MAX_DECODED_ITEMS || choices > r->length - r->offset) {
        r->failed = true;
        return;
    }
    if (choices > 0) {
        const char **list = calloc((size_t)choices + 1, sizeof(*list));
        if (list == NULL) {
            r->failed = true;
            return;
        }
        for (uint32_t i = 0; i < choices; i++) {
            list[i] = tourney_wire_get_string(r);
            if (list[i] == NULL) {
                r->failed = true;
            }
        }
        p->choices = list;
    }
    p->help = tourney_wire_get_string(r);
}

int tourney_msg_get_loaded(const void *payload, size_t length, struct msg_loaded *m)
{
    struct wire_reader r;
    tourney_wire_reader_init(&r, payload, length);
    memset(m, 0, sizeof(*m));
    m->sandbox = tourney_wire_get_u32(&r);
    m->sandbox_error = tourney_wire_get_string(&r);
    m->landlock_abi = tourney_wire_get_u32(&r);
    m->landlock_error = tourney_wire_get_string(&r);
    m->state_size = tourney_wire_get_u64(&r);
    m->move_limit = tourney_wire_get_i32(&r);
    m->max_plies = tourney_wire_get_i32(&r);
    m->name = tourney_wire_get_string(&r);
    m->description = tourney_wire_get_string(&r);
    m->id = tourney_wire_get_string(&r);
    m->version = tourney_wire_get_string(&r);
    uint32_t count = tourney_wire_get_u32(&r);
    /* Each descriptor takes more than 8 bytes, which bounds a sane count. */
    if (r.failed || count > MAX_DECODED_ITEMS || count > (r.length - r.offset) / 8) {
        return -1;
    }
    struct tourney_param_info *params = calloc((size_t)count + 1, sizeof(*params));
    if (params == NULL) {
        return -1;
    }
    m->params = params;
    m->param_count = count;
    for (uint32_t i = 0; i < count && !r.failed; i++) {
        get_param(&r, &params[i]);
    }
    if (!tourney_wire_done(&r) || m->name == NULL) {
        tourney_msg_loaded_finish(m);
        return -1;
    }
    return 0;
}

void tourney_msg_loaded_finish(struct msg_loaded *m)
{
    for (size_t i = 0; m->params != NULL && i < m->param_count; i++) {
        /* The lists were allocated by get_param; the strings lie in the payload. */
        free((void *)(uintptr_t)m->params[i].choices);
    }
    free((void *)(uintptr_t)m->params);
    memset(m, 0, sizeof(*m));
}

int tourney_msg_put_load_failed(struct wire_writer *w, uint32_t seq, const char *message)
{
    tourney_wire_begin(w, PROTOCOL_VERSION, MSG_LOAD_FAILED, seq);
    tourney_wire_put_string(w, message);
    return tourney_wire_end(w);
}

int tourney_msg_get_load_failed(const void *payload, size_t length, const char **message)
{
    struct wire_reader r;
    tourney_wire_reader_init(&r, payload, length);
    *message = tourney_wire_get_string(&r);
    return tourney_wire_done(&r) && *message != NULL ? 0 : -1;
}

int tourney_msg_put_new_game(struct wire_writer *w, uint32_t seq, const struct msg_new_game *m)
{
    tourney_wire_begin(w, PROTOCOL_VERSION, MSG_NEW_GAME, seq);
    tourney_wire_put_u64(w, m->random_seed);
    tourney_wire_put_i32(w, m->seat);
    put_values(w, &m->params);
    return tourney_wire_end(w);
}

int tourney_msg_get_new_game(const void *payload, size_t length, struct msg_new_game *m)
{
    struct wire_reader r;
    tourney_wire_reader_init(&r, payload, length);
    memset(m, 0, sizeof(*m));
    m->random_seed = tourney_wire_get_u64(&r);
    m->seat = tourney_wire_get_i32(&r);
    get_values(&r, &m->params);
    return tourney_wire_done(&r) && (m->seat == 0 || m->seat == 1) ? 0 : -1;
}

int tourney_msg_put_move(struct wire_writer *w, uint32_t seq, const struct msg_move *m)
{
    tourney_wire_begin(w, PROTOCOL_VERSION, MSG_MOVE, seq);
    tourney_wire_put_i32(w, m->ply);
    tourney_wire_put_u64(w, m->start_ns);
    tourney_wire_put_u64(w, m->budget_ns);
    tourney_wire_put_u64(w, m->deadline_ns);
    tourney_wire_put_u64(w, m->remaining_ns);
    tourney_wire_put_u64(w, m->increment_ns);
    tourney_wire_put_u64(w, m->opponent_remaining_ns);
    tourney_wire_put_bytes(w, m->state, m->state_size);
    return tourney_wire_end(w);
}

int tourney_msg_get_move(const void *payload, size_t length, struct msg_move *m)
{
    struct wire_reader r;
    tourney_wire_reader_init(&r, payload, length);
    memset(m, 0, sizeof(*m));
    m->ply = tourney_wire_get_i32(&r);
    m->start_ns = tourney_wire_get_u64(&r);
    m->budget_ns = tourney_wire_get_u64(&r);
    m->deadline_ns = tourney_wire_get_u64(&r);
    m->remaining_ns = tourney_wire_get_u64(&r);
    m->increment_ns = tourney_wire_get_u64(&r);
    m->opponent_remaining_ns = tourney_wire_get_u64(&r);
    m->state = tourney_wire_get_bytes(&r, &m->state_size);
    return tourney_wire_done(&r) && m->ply >= 0 ? 0 : -1;
}

static void put_outcome(struct wire_writer *w, const struct msg_outcome *m)
{
    tourney_wire_put_i32(w, m->status);
    tourney_wire_put_u32(w, m->log_dropped);
    tourney_wire_put_u64(w, m->peak_kb);
    tourney_wire_put_u32(w, m->memory_low);
}

static void get_outcome(struct wire_reader *r, struct msg_outcome *m)
{
    m->status = tourney_wire_get_i32(r);
    m->log_dropped = tourney_wire_get_u32(r);
    m->peak_kb = tourney_wire_get_u64(r);
    m->memory_low = tourney_wire_get_u32(r);
}

int tourney_msg_put_outcome(struct wire_writer *w, uint16_t type, uint32_t seq,
                            const struct msg_outcome *m)
{
    tourney_wire_begin(w, PROTOCOL_VERSION, type, seq);
    put_outcome(w, m);
    return tourney_wire_end(w);
}

int tourney_msg_get_outcome(const void *payload, size_t length, struct msg_outcome *m)
{
    struct wire_reader r;
    tourney_wire_reader_init(&r, payload, length);
    memset(m, 0, sizeof(*m));
    get_outcome(&r, m);
    return tourney_wire_done(&r) ? 0 : -1;
}

int tourney_msg_put_created(struct wire_writer *w, uint32_t seq, const struct msg_created *m)
{
    tourney_wire_begin(w, PROTOCOL_VERSION, MSG_CREATED, seq);
    put_outcome(w, &m->outcome);
    tourney_wire_put_u32(w, m->has_instance);
    return tourney_wire_end(w);
}

int tourney_msg_get_created(const void *payload, size_t length, struct msg_created *m)
{
    struct wire_reader r;
    tourney_wire_reader_init(&r, payload, length);
    memset(m, 0, sizeof(*m));
    get_outcome(&r, &m->outcome);
    m->has_instance = tourney_wire_get_u32(&r);
    return tourney_wire_done(&r) ? 0 : -1;
}

int tourney_msg_put_moved(struct wire_writer *w, uint32_t seq, const struct msg_moved *m)
{
    tourney_wire_begin(w, PROTOCOL_VERSION, MSG_MOVED, seq);
    put_outcome(w, &m->outcome);
    tourney_wire_put_i32(w, m->move);
    /* Each figure, then its flag where it has one. */
#define PUT_FIGURE(NAME, TYPE, WIRE, PRESENCE, FLAG, SOURCE) \
    TOURNEY_MOVE_IF_REPORT(                                  \
        SOURCE, tourney_wire_put_##WIRE(w, m->report.NAME);  \
        TOURNEY_MOVE_IF_FLAG(PRESENCE, tourney_wire_put_i32(w, m->report.FLAG);))
    TOURNEY_MOVE_FIELDS(PUT_FIGURE)
#undef PUT_FIGURE
    return tourney_wire_end(w);
}

int tourney_msg_get_moved(const void *payload, size_t length, struct msg_moved *m)
{
    struct wire_reader r;
    tourney_wire_reader_init(&r, payload, length);
    memset(m, 0, sizeof(*m));
    get_outcome(&r, &m->outcome);
    m->move = tourney_wire_get_i32(&r);
    m->report.struct_size = sizeof(m->report);
#define GET_FIGURE(NAME, TYPE, WIRE, PRESENCE, FLAG, SOURCE)  \
    TOURNEY_MOVE_IF_REPORT(                                   \
        SOURCE, m->report.NAME = tourney_wire_get_##WIRE(&r); \
        TOURNEY_MOVE_IF_FLAG(PRESENCE, m->report.FLAG = tourney_wire_get_i32(&r);))
    TOURNEY_MOVE_FIELDS(GET_FIGURE)
#undef GET_FIGURE
    return tourney_wire_done(&r) ? 0 : -1;
}

int tourney_msg_put_empty(struct wire_writer *w, uint16_t type, uint32_t seq)
{
    tourney_wire_begin(w, PROTOCOL_VERSION, type, seq);
    return tourney_wire_end(w);
}

int tourney_msg_get_empty(const void *payload, size_t length)
{
    (void)payload;
    return length == 0 ? 0 : -1;
}

int tourney_msg_put_log(struct wire_writer *w, uint32_t seq, const struct msg_log *m)
{
    tourney_wire_begin(w, PROTOCOL_VERSION, MSG_LOG, seq);
    tourney_wire_put_u32(w, m->level);
    tourney_wire_put_string(w, m->text);
    return tourney_wire_end(w);
}

int tourney_msg_get_log(const void *payload, size_t length, struct msg_log *m)
{
    struct wire_reader r;
    tourney_wire_reader_init(&r, payload, length);
    m->level = tourney_wire_get_u32(&r);
    m->text = tourney_wire_get_string(&r);
    /* Any level is passed on, as in the runner's own process: the record
     * shows an unknown one as "info". */
    return tourney_wire_done(&r) && m->text != NULL ? 0 : -1;
}

int tourney_msg_put_memory(struct wire_writer *w, uint32_t seq, const struct msg_memory *m)
{
    tourney_wire_begin(w, PROTOCOL_VERSION, MSG_MEMORY, seq);
    tourney_wire_put_u64(w, m->peak_kb);
    tourney_wire_put_u64(w, m->limit_kb);
    tourney_wire_put_u32(w, m->signal);
    return tourney_wire_end(w);
}

int tourney_msg_get_memory(const void *payload, size_t length, struct msg_memory *m)
{
    struct wire_reader r;
    tourney_wire_reader_init(&r, payload, length);
    m->peak_kb = tourney_wire_get_u64(&r);
    m->limit_kb = tourney_wire_get_u64(&r);
    m->signal = tourney_wire_get_u32(&r);
    return tourney_wire_done(&r) ? 0 : -1;
}

/* A frame of TYPE that holds a signal's number alone (DYING, OUTSIDE). */
static int put_signal(struct wire_writer *w, uint16_t type, uint32_t seq, uint32_t signal_number)
{
    tourney_wire_begin(w, PROTOCOL_VERSION, type, seq);
    tourney_wire_put_u32(w, signal_number);
    return tourney_wire_end(w);
}

int tourney_msg_put_dying(struct wire_writer *w, uint32_t seq, uint32_t signal_number)
{
    return put_signal(w, MSG_DYING, seq, signal_number);
}

int tourney_msg_put_outside(struct wire_writer *w, uint32_t seq, uint32_t signal_number)
{
    return put_signal(w, MSG_OUTSIDE, seq, signal_number);
}

int tourney_msg_get_dying(const void *payload, size_t length, uint32_t *signal_number)
{
    struct wire_reader r;
    tourney_wire_reader_init(&r, payload, length);
    *signal_number = tourney_wire_get_u32(&r);
    return tourney_wire_done(&r) && *signal_number > 0 && *signal_number < 65 ? 0 : -1;
}

int tourney_msg_get_outside(const void *payload, size_t length, uint32_t *signal_number)
{
    return tourney_msg_get_dying(payload, length, signal_number);
}

int tourney_msg_put_exec(struct wire_writer *w, uint32_t seq, const struct msg_exec *m)
{
    tourney_wire_begin(w, PROTOCOL_VERSION, MSG_EXEC, seq);
    tourney_wire_put_u32(w, m->flags);
    tourney_wire_put_u64(w, m->memory_bytes);
    tourney_wire_put_string(w, m->dir);
    tourney_wire_put_u32(w, m->argc);
    for (uint32_t i = 0; i < m->argc; i++) {
        tourney_wire_put_string(w, m->argv[i]);
    }
    tourney_wire_put_u32(w, m->read_count);
    for (uint32_t i = 0; i < m->read_count; i++) {
        tourney_wire_put_string(w, m->reads[i]);
    }
    return tourney_wire_end(w);
}

/* COUNT strings of R (each at least 5 bytes, which bounds a sane count)
 * into a new NULL-terminated list in *LIST; -1 when they are not there. */
static int get_strings(struct wire_reader *r, uint32_t count, const char *const **list)
{
    if (r->failed || count > MAX_DECODED_ITEMS || count > (r->length - r->offset) / 5) {
        return -1;
    }
    const char **strings = calloc((size_t)count + 1, sizeof(*strings));
    if (strings == NULL) {
        return -1;
    }
    *list = strings;
    for (uint32_t i = 0; i < count; i++) {
        strings[i] = tourney_wire_get_string(r);
        if (strings[i] == NULL) {
            r->failed = true;
            return -1;
        }
    }
    return 0;
}

int tourney_msg_get_exec(const void *payload, size_t length, struct msg_exec *m)
{
    struct wire_reader r;
    tourney_wire_reader_init(&r, payload, length);
    memset(m, 0, sizeof(*m));
    m->flags = tourney_wire_get_u32(&r);
    m->memory_bytes = tourney_wire_get_u64(&r);
    m->dir = tourney_wire_get_string(&r);
    m->argc = tourney_wire_get_u32(&r);
    int status = m->dir != NULL && m->argc > 0 ? get_strings(&r, m->argc, &m->argv) : -1;
    if (status == 0) {
        m->read_count = tourney_wire_get_u32(&r);
        status = get_strings(&r, m->read_count, &m->reads);
    }
    if (status != 0 || !tourney_wire_done(&r) || m->argv[0][0] != '/') {
        tourney_msg_exec_finish(m);
        return -1;
    }
    for (uint32_t i = 0; i < m->read_count; i++) {
        if (m->reads[i][0] != '/') {
            tourney_msg_exec_finish(m);
            return -1;
        }
    }
    return 0;
}

void tourney_msg_exec_finish(struct msg_exec *m)
{
    /* The lists were allocated; the strings lie in the payload. */
    free((void *)(uintptr_t)m->argv);
    free((void *)(uintptr_t)m->reads);
    memset(m, 0, sizeof(*m));
}

int tourney_msg_put_executing(struct wire_writer *w, uint32_t seq, const struct msg_executing *m)
{
    tourney_wire_begin(w, PROTOCOL_VERSION, MSG_EXECUTING, seq);
    tourney_wire_put_u32(w, m->sandbox);
    tourney_wire_put_string(w, m->sandbox_error);
    tourney_wire_put_u32(w, m->landlock_abi);
    tourney_wire_put_string(w, m->landlock_error);
    return tourney_wire_end(w);
}

int tourney_msg_get_executing(const void *payload, size_t length, struct msg_executing *m)
{
    struct wire_reader r;
    tourney_wire_reader_init(&r, payload, length);
    m->sandbox = tourney_wire_get_u32(&r);
    m->sandbox_error = tourney_wire_get_string(&r);
    m->landlock_abi = tourney_wire_get_u32(&r);
    m->landlock_error = tourney_wire_get_string(&r);
    return tourney_wire_done(&r) && m->sandbox <= SANDBOX_STATE_UNAVAILABLE ? 0 : -1;
}

const char *tourney_msg_name(uint16_t type)
{
    static const struct {
        uint16_t type;
        const char *name;
    } names[] = {
        {MSG_LOAD, "LOAD"},           {MSG_NEW_GAME, "NEW_GAME"},
        {MSG_MOVE, "MOVE"},           {MSG_END_GAME, "END_GAME"},
        {MSG_QUIT, "QUIT"},           {MSG_EXEC, "EXEC"},
        {MSG_LOADED, "LOADED"},       {MSG_LOAD_FAILED, "LOAD_FAILED"},
        {MSG_CREATED, "CREATED"},     {MSG_MOVED, "MOVED"},
        {MSG_ENDED, "ENDED"},         {MSG_LOG, "LOG"},
        {MSG_MEMORY, "MEMORY"},       {MSG_DYING, "DYING"},
        {MSG_EXECUTING, "EXECUTING"}, {MSG_OUTSIDE, "OUTSIDE"},
    };
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (names[i].type == type) {
            return names[i].name;
        }
    }
    return "an unknown message";
}
