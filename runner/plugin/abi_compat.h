/*
 * abi_compat.h - what the runner still reads of ABI 1.0 and 1.1 plugins and
 * no longer shows plugin authors: the parameter array of those minors, and
 * where each minor's descriptors end.
 *
 * Fields never move, so the 1.2 structs describe the older layouts too, up
 * to the size each minor had. The assertions below hold the types of 1.2 to
 * the sizes of the types they replaced (enum, int, size_t), on which the
 * layout of every plugin built against 1.0 or 1.1 depends.
 */
#ifndef TOURNEY_RUNNER_ABI_COMPAT_H
#define TOURNEY_RUNNER_ABI_COMPAT_H

#include <stddef.h>
#include <stdint.h>

#include <tourney/agent.h>
#include <tourney/game.h>

/* One entry of the parameter array of ABI 1.0 and 1.1 (the descriptor's
 * legacy_params), laid out as those headers declared it: `type` was an enum
 * (its values are TOURNEY_PARAM_INT, _BOOL and _CHOICE, as in 1.2), which
 * this stand-in enum reproduces for the compiler. */
enum tourney_param_type_1_1 {
    TOURNEY_PARAM_TYPE_1_1_INT = TOURNEY_PARAM_INT,
};
struct tourney_param_desc_1_1 {
    const char *name;
    enum tourney_param_type_1_1 type;
    const char *default_value;
    int64_t min, max;
    const char *const *choices;
    const char *help;
};

/* 1.2 replaced enum and int by int32_t/uint32_t and size_t by uint64_t: the
 * same sizes on every Linux ABI the runner supports (LP64), so the fields
 * of older plugins lie where 1.2 says. */
_Static_assert(sizeof(enum tourney_param_type_1_1) == sizeof(uint32_t),
               "an enum field of ABI 1.1 is 32 bits");
_Static_assert(sizeof(int) == sizeof(int32_t), "an int field of ABI 1.1 is 32 bits");
_Static_assert(sizeof(size_t) == sizeof(uint64_t), "a size_t field of ABI 1.1 is 64 bits");
_Static_assert(offsetof(struct tourney_param_desc_1_1, default_value) == 16,
               "the 1.1 parameter array has the layout plugins were built with");
_Static_assert(sizeof(struct tourney_param_desc_1_1) == 56,
               "the 1.1 parameter array has the stride plugins were built with");

/* Where each minor's descriptors end: the first field of the next minor. */
#define GAME_API_SIZE_1_0 offsetof(struct tourney_game_api, order_moves)
#define GAME_API_SIZE_1_1 offsetof(struct tourney_game_api, get_param_info)
#define AGENT_API_SIZE_1_1 offsetof(struct tourney_agent_api, get_param_info)

_Static_assert(GAME_API_SIZE_1_0 == 152, "the 1.0 game descriptor is 152 bytes");
_Static_assert(GAME_API_SIZE_1_1 == 176, "the 1.1 game descriptor is 176 bytes");
_Static_assert(AGENT_API_SIZE_1_1 == 72, "the 1.0 and 1.1 agent descriptor is 72 bytes");
_Static_assert(offsetof(struct tourney_agent_init, seat) == 56,
               "tourney_agent_init.seat lies where 1.0 put it");

#endif /* TOURNEY_RUNNER_ABI_COMPAT_H */
