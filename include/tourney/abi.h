/*
 * tourney/abi.h - versioning, export macro, status codes, the two helpers
 * every versioned struct is read through, and typed parameters, shared by
 * game and agent plugins.
 *
 * A plugin author includes <tourney/game.h> or <tourney/agent.h>; both include
 * this file. Everything here is plain C11 and free of GNU extensions, so the
 * header compiles with -std=c11 -pedantic and as C++11.
 *
 * Compatibility rules, which the runner enforces before it calls anything:
 *  - Every descriptor a plugin exports starts with a struct tourney_abi_header.
 *  - A plugin built against another TOURNEY_ABI_MAJOR is refused, with both
 *    versions named in the message.
 *  - A newer minor only ever appends fields at the end of a struct; no field
 *    ever moves or changes its type. Every struct that grows carries its size
 *    (`struct_size`, for a descriptor `header.struct_size`), set by the side
 *    that owns the memory, and the other side reads or writes a field only
 *    when TOURNEY_HAS_FIELD says that size holds it.
 *  - A plugin of a newer minor than the runner (same major) loads: the runner
 *    reads only the fields it knows.
 *  - Every integer in an ABI struct and function has a fixed width (int32_t,
 *    uint32_t, int64_t, uint64_t): no enum, int or size_t, whose size a
 *    compiler may choose. The enums below only name constants.
 *  - Optional capabilities beyond the descriptor are extensions, found by a
 *    string id through the descriptor's get_extension (see game.h).
 */
#ifndef TOURNEY_ABI_H
#define TOURNEY_ABI_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI this header describes. Bump the major for any incompatible change;
 * bump the minor when fields are appended to a struct.
 *  1.0  the first ABI
 *  1.1  a game's search knowledge (order_moves, winning_move, safe_moves)
 *  1.2  parameters through get_param_info, get_extension (the search
 *       knowledge moved into the "tourney.game.search/1" extension), a
 *       plugin's id and version, fixed-width integers everywhere, the
 *       clocks in the move request */
#define TOURNEY_ABI_MAJOR 1
#define TOURNEY_ABI_MINOR 2

/* Marks the one symbol a plugin exports. Build plugins with
 * -fvisibility=hidden so that nothing else leaks; without it they still work. */
#if defined(__GNUC__) || defined(__clang__)
#define TOURNEY_EXPORT __attribute__((visibility("default")))
#else
#define TOURNEY_EXPORT
#endif

/* Status codes returned by plugin calls: 0 for success, negative for failure.
 * A plugin explains a failure through the host's log function. */
#define TOURNEY_OK 0
#define TOURNEY_ERR_INVALID (-1)  /* a parameter or an input made no sense */
#define TOURNEY_ERR_NOMEM (-2)    /* an allocation failed */
#define TOURNEY_ERR_INTERNAL (-3) /* anything else */

/* The kinds of plugin, stored in the header so that a game's .so cannot be
 * mistaken for an agent's. */
enum tourney_plugin_kind {
    TOURNEY_KIND_GAME = 1,
    TOURNEY_KIND_AGENT = 2,
};

/* The first member of every exported descriptor.
 * Frozen: it never changes, in any major. */
struct tourney_abi_header {
    uint32_t abi_major;   /* TOURNEY_ABI_MAJOR the plugin was built with */
    uint32_t abi_minor;   /* TOURNEY_ABI_MINOR the plugin was built with */
    uint32_t struct_size; /* sizeof the whole descriptor, header included */
    uint32_t kind;        /* TOURNEY_KIND_GAME or TOURNEY_KIND_AGENT */
};

/* Fills a header for a descriptor of type TYPE. */
#define TOURNEY_ABI_HEADER(TYPE, KIND)                                       \
    {                                                                        \
        TOURNEY_ABI_MAJOR, TOURNEY_ABI_MINOR, (uint32_t)sizeof(TYPE), (KIND) \
    }

/* ---------------------------------------------------------------------------
 * Reading versioned structs
 *
 * The one test for every struct that carries its size: whether a struct of
 * type TYPE whose struct_size is SIZE (as its owner set it) is long enough to
 * hold FIELD. Fields of ABI 1.0 are always there (nothing smaller is ever
 * handed over); test every field added later before reading or writing it.
 * Test what you use, never `SIZE >= sizeof(TYPE)`: your sizeof grows when you
 * rebuild against newer headers, and an older runner of the same major would
 * then be refused for no reason.
 *
 *     if (TOURNEY_HAS_FIELD(struct tourney_move_report, report->struct_size, has_score))
 *         report->has_score = 1;
 * ------------------------------------------------------------------------- */
#define TOURNEY_HAS_FIELD(TYPE, SIZE, FIELD) \
    ((uint64_t)(SIZE) >= (uint64_t)offsetof(TYPE, FIELD) + (uint64_t)sizeof(((TYPE *)0)->FIELD))

/* The one way to call an optional function pointer FIELD of OBJ, a struct of
 * type TYPE whose struct_size is SIZE: OBJ->FIELD(...) when the struct holds
 * the field and it is not NULL, else the expression FALLBACK (of the
 * function's return type; (void)0 for a function returning nothing). The
 * arguments are evaluated only when the function is called.
 *
 *     const void *ext = TOURNEY_CALL_OPTIONAL(struct tourney_game_api, api,
 *         api->header.struct_size, get_extension, NULL, api, "tourney.game.search/1");
 */
#define TOURNEY_CALL_OPTIONAL(TYPE, OBJ, SIZE, FIELD, FALLBACK, ...)                            \
    ((TOURNEY_HAS_FIELD(TYPE, SIZE, FIELD) && (OBJ)->FIELD != NULL) ? (OBJ)->FIELD(__VA_ARGS__) \
                                                                    : (FALLBACK))

/* ---------------------------------------------------------------------------
 * Parameters
 *
 * A plugin describes the parameters it accepts: how many (the descriptor's
 * param_count) and, one at a time, what each is (its get_param_info). The
 * runner reads their values from the tournament's INI file, checks them
 * against these descriptions (type, range, choices) and reports mistakes as
 * file:line errors, so a plugin never parses text. `tourney agents` and
 * `tourney games` print them.
 * ------------------------------------------------------------------------- */

enum tourney_param_type {
    TOURNEY_PARAM_INT = 1,    /* a whole number in [min, max] */
    TOURNEY_PARAM_BOOL = 2,   /* true/false, yes/no, on/off, 1/0 */
    TOURNEY_PARAM_CHOICE = 3, /* one of the words in `choices` */
};

/* One parameter a plugin accepts, as get_param_info describes it. The host
 * owns the struct and sets struct_size to its own sizeof before the call;
 * the plugin writes only the fields that size holds (tourney_param_info_copy
 * does). Every string stays valid while the plugin is loaded.
 * Structs only grow at the end. */
struct tourney_param_info {
    uint32_t struct_size;      /* set by the host */
    uint32_t type;             /* TOURNEY_PARAM_INT, _BOOL or _CHOICE */
    const char *name;          /* the INI key, e.g. "depth" */
    const char *default_value; /* as it would be written in the INI file */
    int64_t min;               /* TOURNEY_PARAM_INT only: inclusive bounds */
    int64_t max;
    const char *const *choices; /* TOURNEY_PARAM_CHOICE: NULL-terminated words */
    const char *help;           /* one line for `tourney agents` / `tourney games` */
};

/* Answers get_param_info from TABLE, a static array of COUNT descriptions
 * (their struct_size fields are not read): copies entry INDEX into INFO,
 * only as far as INFO->struct_size reaches, and leaves INFO->struct_size as
 * the host set it. Returns TOURNEY_OK, or TOURNEY_ERR_INVALID for an index
 * out of range or a struct too small to hold ABI 1.2's fields.
 *
 *     static int32_t my_param_info(const struct tourney_agent_api *api, uint32_t index,
 *                                  struct tourney_param_info *info)
 *     {
 *         (void)api;
 *         return tourney_param_info_copy(my_params, MY_PARAM_COUNT, index, info);
 *     }
 */
static inline int32_t tourney_param_info_copy(const struct tourney_param_info *table,
                                              uint32_t count, uint32_t index,
                                              struct tourney_param_info *info)
{
    uint32_t size;

    if (info == NULL || index >= count ||
        !TOURNEY_HAS_FIELD(struct tourney_param_info, info->struct_size, help)) {
        return TOURNEY_ERR_INVALID;
    }
    size = info->struct_size;
    memcpy(info, &table[index], size < sizeof(*info) ? size : sizeof(*info));
    info->struct_size = size;
    return TOURNEY_OK;
}

/* A checked parameter value. The runner hands a plugin an array of these,
 * one per parameter in index order:
 *  - TOURNEY_PARAM_INT: `i` is the number;
 *  - TOURNEY_PARAM_BOOL: `i` is 0 or 1;
 *  - TOURNEY_PARAM_CHOICE: `i` is the index of the word in `choices`.
 * Frozen: an array's stride must never change, so this struct never grows. */
struct tourney_param_value {
    int64_t i;
};

#ifdef __cplusplus
}
#endif

#endif /* TOURNEY_ABI_H */
