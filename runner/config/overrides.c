#include "overrides.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suggest.h"
#include "text.h"

#define SET_FORM "tournament.KEY=VALUE, game.KEY=VALUE or agent.NAME.KEY=VALUE"

void tourney_overrides_init(struct config_overrides *overrides)
{
    memset(overrides, 0, sizeof(*overrides));
}

static void clear(struct config_override *item)
{
    free(item->option);
    free(item->section);
    free(item->key);
    free(item->value);
    memset(item, 0, sizeof(*item));
}

void tourney_overrides_finish(struct config_overrides *overrides)
{
    for (size_t i = 0; i < overrides->count; i++) {
        clear(&overrides->items[i]);
    }
    free(overrides->items);
    memset(overrides, 0, sizeof(*overrides));
}

const char *tourney_override_option_name(enum override_kind kind)
{
    return kind == OVERRIDE_SET ? "--set" : "--each";
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* The LENGTH bytes at TEXT without blanks at either end (heap string). */
static char *trimmed(const char *text, size_t length)
{
    while (length > 0 && is_blank(*text)) {
        text++;
        length--;
    }
    while (length > 0 && is_blank(text[length - 1])) {
        length--;
    }
    return strndup(text, length);
}

/* Splits --set's KEY (PATH) into ITEM's section and key. */
static int split_set(struct config_override *item, const char *path, struct error *err)
{
    const char *dot = strchr(path, '.');
    if (dot == NULL || dot == path) {
        return tourney_error_set(err, "%s: expected " SET_FORM, item->option);
    }
    size_t section_length = (size_t)(dot - path);
    if (section_length == strlen("agent") && strncmp(path, "agent", section_length) == 0) {
        /* Agent names may hold dots; keys do not: the key is after the last. */
        const char *last = strrchr(path, '.');
        if (last == dot) {
            return tourney_error_set(err, "%s: expected agent.NAME.KEY=VALUE", item->option);
        }
        item->agent = true;
        item->section = strndup(dot + 1, (size_t)(last - dot - 1));
        item->key = strdup(last + 1);
    } else if ((section_length == strlen("tournament") &&
                strncmp(path, "tournament", section_length) == 0) ||
               (section_length == strlen("game") && strncmp(path, "game", section_length) == 0)) {
        item->section = strndup(path, section_length);
        item->key = strdup(dot + 1);
    } else {
        static const char *const sections[] = {"tournament", "game", "agent"};
        char *section = strndup(path, section_length);
        const char *guess = section ? tourney_suggest(section, sections, 3) : NULL;
        char hint[64] = "";
        if (guess != NULL) {
            snprintf(hint, sizeof(hint), "; did you mean '%s'?", guess);
        }
        tourney_error_set(err, "%s: unknown section '%s'%s (expected " SET_FORM ")", item->option,
                          section ? section : "", hint);
        free(section);
        return -1;
    }
    if (item->section == NULL || item->key == NULL) {
        return tourney_error_nomem(err);
    }
    if (item->section[0] == '\0' || item->key[0] == '\0') {
        return tourney_error_set(err, "%s: expected " SET_FORM, item->option);
    }
    return 0;
}

static int parse(struct config_override *item, const char *text, struct error *err)
{
    const char *equals = strchr(text, '=');
    if (equals == NULL) {
        return tourney_error_set(err, "%s: expected %s", item->option,
                                 item->kind == OVERRIDE_SET ? SET_FORM : "KEY=VALUE");
    }
    char *path = trimmed(text, (size_t)(equals - text));
    item->value = trimmed(equals + 1, strlen(equals + 1));
    if (path == NULL || item->value == NULL) {
        free(path);
        return tourney_error_nomem(err);
    }
    int status = 0;
    if (item->kind == OVERRIDE_SET) {
        status = split_set(item, path, err);
    } else if (path[0] == '\0' || strchr(path, '.') != NULL) {
        status = tourney_error_set(err,
                                   "%s: expected KEY=VALUE with the name of an agent "
                                   "parameter as KEY, e.g. --each depth=3",
                                   item->option);
    } else {
        item->key = path;
        path = NULL;
    }
    free(path);
    return status;
}

int tourney_overrides_add(struct config_overrides *overrides, enum override_kind kind,
                          const char *text, struct error *err)
{
    struct config_override *items =
        realloc(overrides->items, (overrides->count + 1) * sizeof(*items));
    if (items == NULL) {
        return tourney_error_nomem(err);
    }
    overrides->items = items;
    struct config_override *item = &items[overrides->count];
    memset(item, 0, sizeof(*item));
    item->kind = kind;
    item->option = tourney_format("%s %s", tourney_override_option_name(kind), text);
    if (item->option == NULL) {
        return tourney_error_nomem(err);
    }
    if (parse(item, text, err) != 0) {
        clear(item);
        return -1;
    }
    overrides->count++;
    return 0;
}
