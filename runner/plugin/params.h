/*
 * params.h - plugin parameters: checking a plugin's parameter list, reading
 * values from the config against it, and printing both back.
 */
#ifndef TOURNEY_RUNNER_PARAMS_H
#define TOURNEY_RUNNER_PARAMS_H

#include <stdbool.h>
#include <stddef.h>

#include <tourney/abi.h>

#include "diag.h"
#include "error.h"
#include "ini_file.h"

/* Checks a plugin's own parameter list: names present and unique, known
 * types, sane bounds, defaults that are valid values. Returns 0, or -1 with
 * the first flaw in ERR. */
int tourney_params_check_descriptors(const struct tourney_param_info *params, size_t count,
                                     struct error *err);

/* Reads TEXT as a value of DESC. */
bool tourney_params_parse(const struct tourney_param_info *desc, const char *text,
                          struct tourney_param_value *value);

/* "a whole number from 0 to 64", "one of: lowest, random", ... */
void tourney_params_expected(const struct tourney_param_info *desc, char *buf, size_t size);

/* The value as it would be written in the config. */
void tourney_params_format(const struct tourney_param_info *desc,
                           const struct tourney_param_value *value, char *buf, size_t size);

/* "depth = 4, tie_break = lowest" for VALUES of PARAMS (heap string). */
char *tourney_params_text(const struct tourney_param_info *params, size_t count,
                          const struct tourney_param_value *values);

/* Fills VALUES (one per descriptor) from the defaults and then from the
 * entries of SECTION, skipping the keys in RESERVED (NULL-terminated).
 * Unknown keys and bad values are reported as FILE:LINE errors naming
 * OWNER (e.g. "agent plugin 'minimax'"). Returns the number of errors. */
int tourney_params_resolve(const struct tourney_param_info *params, size_t count,
                           struct ini_section *section, const char *const *reserved,
                           const char *file, const char *owner, struct tourney_param_value *values,
                           struct diagnostics *diag);

#endif /* TOURNEY_RUNNER_PARAMS_H */
