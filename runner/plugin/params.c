#include "params.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suggest.h"
#include "text.h"

static size_t choice_count(const struct tourney_param_info *desc)
{
    size_t count = 0;
    while (desc->choices != NULL && desc->choices[count] != NULL) {
        count++;
    }
    return count;
}

bool tourney_params_parse(const struct tourney_param_info *desc, const char *text,
                          struct tourney_param_value *value)
{
    switch (desc->type) {
    case TOURNEY_PARAM_INT: {
        int64_t number;
        if (!tourney_parse_int64(text, &number) || number < desc->min || number > desc->max) {
            return false;
        }
        value->i = number;
        return true;
    }
    case TOURNEY_PARAM_BOOL: {
        bool flag;
        if (!tourney_parse_bool(text, &flag)) {
            return false;
        }
        value->i = flag;
        return true;
    }
    case TOURNEY_PARAM_CHOICE:
        for (size_t i = 0; i < choice_count(desc); i++) {
            if (strcmp(text, desc->choices[i]) == 0) {
                value->i = (int64_t)i;
                return true;
            }
        }
        return false;
    }
    return false;
}

void tourney_params_expected(const struct tourney_param_info *desc, char *buf, size_t size)
{
    switch (desc->type) {
    case TOURNEY_PARAM_INT:
        snprintf(buf, size, "a whole number from %" PRId64 " to %" PRId64, desc->min, desc->max);
        return;
    case TOURNEY_PARAM_BOOL:
        snprintf(buf, size, "true or false");
        return;
    case TOURNEY_PARAM_CHOICE: {
        size_t used = (size_t)snprintf(buf, size, "one of:");
        for (size_t i = 0; i < choice_count(desc) && used < size; i++) {
            used +=
                (size_t)snprintf(buf + used, size - used, "%s %s", i ? "," : "", desc->choices[i]);
        }
        return;
    }
    }
    snprintf(buf, size, "a value");
}

void tourney_params_format(const struct tourney_param_info *desc,
                           const struct tourney_param_value *value, char *buf, size_t size)
{
    switch (desc->type) {
    case TOURNEY_PARAM_INT:
        snprintf(buf, size, "%" PRId64, value->i);
        return;
    case TOURNEY_PARAM_BOOL:
        snprintf(buf, size, "%s", value->i ? "true" : "false");
        return;
    case TOURNEY_PARAM_CHOICE:
        snprintf(buf, size, "%s", desc->choices[value->i]);
        return;
    }
    snprintf(buf, size, "?");
}

int tourney_params_check_descriptors(const struct tourney_param_info *params, size_t count,
                                     struct error *err)
{
    if (count > 0 && params == NULL) {
        return tourney_error_set(err, "%zu parameters declared but the list is NULL", count);
    }
    for (size_t i = 0; i < count; i++) {
        const struct tourney_param_info *desc = &params[i];
        if (desc->name == NULL || desc->name[0] == '\0') {
            return tourney_error_set(err, "parameter %zu has no name", i);
        }
        for (size_t j = 0; j < i; j++) {
            if (strcmp(params[j].name, desc->name) == 0) {
                return tourney_error_set(err, "parameter '%s' is listed twice", desc->name);
            }
        }
        if (desc->type != TOURNEY_PARAM_INT && desc->type != TOURNEY_PARAM_BOOL &&
            desc->type != TOURNEY_PARAM_CHOICE) {
            return tourney_error_set(err, "parameter '%s' has unknown type %d", desc->name,
                                     (int)desc->type);
        }
        if (desc->type == TOURNEY_PARAM_INT && desc->min > desc->max) {
            return tourney_error_set(err, "parameter '%s' has min > max", desc->name);
        }
        if (desc->type == TOURNEY_PARAM_CHOICE && choice_count(desc) == 0) {
            return tourney_error_set(err, "parameter '%s' has no choices", desc->name);
        }
        struct tourney_param_value value;
        if (desc->default_value == NULL ||
            !tourney_params_parse(desc, desc->default_value, &value)) {
            return tourney_error_set(err, "parameter '%s' has an invalid default", desc->name);
        }
    }
    return 0;
}

static bool is_reserved(const char *key, const char *const *reserved)
{
    for (size_t i = 0; reserved != NULL && reserved[i] != NULL; i++) {
        if (strcmp(key, reserved[i]) == 0) {
            return true;
        }
    }
    return false;
}

/* "depth, tie_break" or "none" */
static void list_names(const struct tourney_param_info *params, size_t count, char *buf,
                       size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < count && used < size; i++) {
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? ", " : "", params[i].name);
    }
}

int tourney_params_resolve(const struct tourney_param_info *params, size_t count,
                           struct ini_section *section, const char *const *reserved,
                           const char *file, const char *owner, struct tourney_param_value *values,
                           struct diagnostics *diag)
{
    int errors = 0;
    for (size_t i = 0; i < count; i++) {
        /* Checked when the plugin was loaded, so this cannot fail. */
        tourney_params_parse(&params[i], params[i].default_value, &values[i]);
    }
    for (size_t e = 0; section != NULL && e < section->entry_count; e++) {
        struct ini_entry *entry = &section->entries[e];
        if (is_reserved(entry->key, reserved)) {
            continue;
        }
        entry->used = true;
        size_t found = count;
        for (size_t i = 0; i < count; i++) {
            if (strcmp(params[i].name, entry->key) == 0) {
                found = i;
                break;
            }
        }
        if (found == count) {
            char names[512];
            list_names(params, count, names, sizeof(names));
            struct suggestion guess;
            tourney_suggest_init(&guess, entry->key);
            for (size_t i = 0; i < count; i++) {
                tourney_suggest_consider(&guess, params[i].name);
            }
            if (tourney_suggest_best(&guess) != NULL) {
                tourney_diag_add(diag, file, entry->line,
                                 "unknown parameter '%s' for %s; did you mean '%s'?", entry->key,
                                 owner, tourney_suggest_best(&guess));
            } else if (count == 0) {
                tourney_diag_add(diag, file, entry->line,
                                 "unknown parameter '%s' for %s, which takes no parameters",
                                 entry->key, owner);
            } else {
                tourney_diag_add(diag, file, entry->line,
                                 "unknown parameter '%s' for %s (expected one of: %s)", entry->key,
                                 owner, names);
            }
            errors++;
            continue;
        }
        if (!tourney_params_parse(&params[found], entry->value, &values[found])) {
            char expected[512];
            tourney_params_expected(&params[found], expected, sizeof(expected));
            tourney_diag_add(diag, file, entry->line, "bad value '%s' for '%s' of %s: expected %s",
                             entry->value, entry->key, owner, expected);
            errors++;
        }
    }
    return errors;
}

char *tourney_params_text(const struct tourney_param_info *params, size_t count,
                          const struct tourney_param_value *values)
{
    char *text = strdup("");
    for (size_t i = 0; text != NULL && i < count; i++) {
        char value[128];
        tourney_params_format(&params[i], &values[i], value, sizeof(value));
        char *longer = tourney_format("%s%s%s = %s", text, i ? ", " : "", params[i].name, value);
        free(text);
        text = longer;
    }
    return text;
}
