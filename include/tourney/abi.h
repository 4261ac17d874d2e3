/*
 * tourney/abi.h - versioning, export macro, status codes and typed parameters
 * shared by game and agent plugins.
 *
 * A plugin author includes <tourney/game.h> or <tourney/agent.h>; both include
 * this file. Everything here is plain C11 and free of GNU extensions, so the
 * header compiles with -std=c11 -pedantic and as C++.
 *
 * Compatibility rules, which the runner enforces before it calls anything:
 *  - Every descriptor a plugin exports starts with a struct tourney_abi_header.
 *  - A plugin built against another TOURNEY_ABI_MAJOR is refused, with both
 *    versions named in the message.
 *  - A newer minor only ever appends fields at the end of a struct; the runner
 *    never reads a field that lies past the struct_size the plugin reports.
 */
#ifndef TOURNEY_ABI_H
#define TOURNEY_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI this header describes. Bump the major for any incompatible change;
 * bump the minor when fields are appended to a struct. */
#define TOURNEY_ABI_MAJOR 1
#define TOURNEY_ABI_MINOR 1

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
 * Structs only grow at the end: keep this one exactly as it is. */
struct tourney_abi_header {
    uint32_t abi_major;   /* TOURNEY_ABI_MAJOR the plugin was built with */
    uint32_t abi_minor;   /* TOURNEY_ABI_MINOR the plugin was built with */
    uint32_t struct_size; /* sizeof the whole descriptor, header included */
    uint32_t kind;        /* enum tourney_plugin_kind */
};

/* Fills a header for a descriptor of type TYPE. */
#define TOURNEY_ABI_HEADER(TYPE, KIND)                                       \
    {                                                                        \
        TOURNEY_ABI_MAJOR, TOURNEY_ABI_MINOR, (uint32_t)sizeof(TYPE), (KIND) \
    }

/* ---------------------------------------------------------------------------
 * Parameters
 *
 * A plugin lists the parameters it accepts. The runner reads their values from
 * the tournament's INI file, checks them against this list (type, range,
 * choices) and reports mistakes as file:line errors, so a plugin never parses
 * text. `tourney agents` and `tourney games` print these lists.
 * ------------------------------------------------------------------------- */

enum tourney_param_type {
    TOURNEY_PARAM_INT = 1,    /* a whole number in [min, max] */
    TOURNEY_PARAM_BOOL = 2,   /* true/false, yes/no, on/off, 1/0 */
    TOURNEY_PARAM_CHOICE = 3, /* one of the words in `choices` */
};

/* One parameter a plugin accepts. Structs only grow at the end. */
struct tourney_param_desc {
    const char *name; /* the INI key, e.g. "depth" */
    enum tourney_param_type type;
    const char *default_value;  /* as it would be written in the INI file */
    int64_t min, max;           /* TOURNEY_PARAM_INT only: inclusive bounds */
    const char *const *choices; /* TOURNEY_PARAM_CHOICE: NULL-terminated words */
    const char *help;           /* one line for `tourney agents` / `tourney games` */
};

/* A checked parameter value. The runner hands a plugin an array of these in
 * the order of its parameter list:
 *  - TOURNEY_PARAM_INT: `i` is the number;
 *  - TOURNEY_PARAM_BOOL: `i` is 0 or 1;
 *  - TOURNEY_PARAM_CHOICE: `i` is the index of the word in `choices`. */
struct tourney_param_value {
    int64_t i;
};

#ifdef __cplusplus
}
#endif

#endif /* TOURNEY_ABI_H */
