/*
 * Comparing report.html's figures with summary.json's (html_summary.h).
 */
#include "test.h"

#include "html_summary.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value at PATH ("all.wins") below OBJECT, or NULL. */
static json_t *json_path(json_t *object, const char *path)
{
    char copy[128];
    snprintf(copy, sizeof(copy), "%s", path);
    json_t *value = object;
    char *save = NULL;
    for (char *part = strtok_r(copy, ".", &save); part != NULL && value != NULL;
         part = strtok_r(NULL, ".", &save)) {
        /* A number indexes an array ("pentanomial.4"). */
        value = json_is_array(value) ? json_array_get(value, strtoul(part, NULL, 10))
                                     : json_object_get(value, part);
    }
    return value;
}

json_t *summary_agent(json_t *summary, const char *name)
{
    size_t i;
    json_t *agent;
    json_array_foreach(json_object_get(summary, "agents"), i, agent)
    {
        if (strcmp(json_string_value(json_object_get(agent, "name")), name) == 0) {
            return agent;
        }
    }
    return NULL;
}

json_t *summary_pair(json_t *summary, const char *agent, const char *opponent)
{
    size_t i;
    json_t *cell;
    json_array_foreach(json_object_get(summary, "crosstable"), i, cell)
    {
        if (strcmp(json_string_value(json_object_get(cell, "agent")), agent) == 0 &&
            strcmp(json_string_value(json_object_get(cell, "opponent")), opponent) == 0) {
            return cell;
        }
    }
    return NULL;
}

struct comparison {
    json_t *summary;
    struct html_figures *figures;
    json_t *entry; /* the summary entry of the element being visited */
    size_t *count; /* the figures' counter for that kind of entry */
};

static void compare_value(const struct html_node *element, void *context)
{
    struct comparison *c = context;
    const char *key = html_attr(element, "data-key");
    const char *text = html_attr(element, "data-value");
    if (key == NULL) {
        return;
    }
    assert_non_null(text);
    json_t *expected = json_path(c->entry, key);
    if (expected == NULL) {
        print_error("report.html gives %s, which summary.json does not have\n", key);
        fail();
    }
    if (strcmp(text, "null") == 0) {
        if (!json_is_null(expected)) {
            print_error("report.html gives %s as null, summary.json as a number\n", key);
            fail();
        }
        c->figures->nulls++;
    } else {
        char *end = NULL;
        double value = strtod(text, &end);
        assert_true(end != text && *end == '\0');
        if (!json_is_number(expected) || json_number_value(expected) != value) {
            print_error("report.html gives %s = %s, summary.json %.17g\n", key, text,
                        json_number_value(expected));
            fail();
        }
    }
    (*c->count)++;
}

struct list_items {
    const char *prefix; /* "analysis.blunders_by_ply" */
    size_t prefix_length;
    bool *seen; /* per item of the list in summary.json */
    size_t count;
};

static void mark_item(const struct html_node *element, void *context)
{
    struct list_items *items = context;
    const char *key = html_attr(element, "data-key");
    if (key == NULL || strncmp(key, items->prefix, items->prefix_length) != 0 ||
        key[items->prefix_length] != '.') {
        return;
    }
    char *end = NULL;
    unsigned long index = strtoul(key + items->prefix_length + 1, &end, 10);
    if (end != key + items->prefix_length + 1 && *end == '.' && index < items->count) {
        items->seen[index] = true;
    }
}

bool html_list_whole(const struct html_node *element, json_t *entry, char *missing, size_t size)
{
    const char *path = html_attr(element, "data-list");
    json_t *list = json_path(entry, path);
    if (!json_is_array(list)) {
        snprintf(missing, size, "%s", path);
        return false;
    }
    struct list_items items = {.prefix = path, .prefix_length = strlen(path)};
    items.count = json_array_size(list);
    items.seen = calloc(items.count + 1, sizeof(*items.seen));
    assert_non_null(items.seen);
    html_each(element, mark_item, &items);
    bool whole = true;
    for (size_t i = 0; whole && i < items.count; i++) {
        if (!items.seen[i]) {
            snprintf(missing, size, "%s.%zu", path, i);
            whole = false;
        }
    }
    free(items.seen);
    return whole;
}

/* An element with data-list gives a whole list of its entry (compare_value
 * checks that each figure is its item's, and that no item is beyond it). */
static void compare_list(const struct html_node *element, json_t *entry,
                         struct html_figures *figures)
{
    const char *path = html_attr(element, "data-list");
    if (path == NULL) {
        return;
    }
    char missing[160];
    if (!html_list_whole(element, entry, missing, sizeof(missing))) {
        print_error("report.html gives no figure of %s, which summary.json has\n", missing);
        fail();
    }
    figures->list_items += json_array_size(json_path(entry, path));
}

static void compare_entry(const struct html_node *element, void *context)
{
    struct comparison *outer = context;
    const char *agent = html_attr(element, "data-agent");
    const char *path = html_attr(element, "data-summary");
    if (path != NULL) {
        struct comparison inner = {.summary = outer->summary, .figures = outer->figures};
        inner.entry = json_path(outer->summary, path);
        inner.count = &outer->figures->summary_values;
        if (inner.entry == NULL) {
            print_error("report.html names %s, which summary.json does not have\n", path);
            fail();
        }
        html_each(element, compare_value, &inner);
        compare_list(element, inner.entry, outer->figures);
        return;
    }
    if (agent == NULL) {
        return;
    }
    const char *opponent = html_attr(element, "data-opponent");
    struct comparison inner = {.summary = outer->summary, .figures = outer->figures};
    inner.entry = opponent ? summary_pair(outer->summary, agent, opponent)
                           : summary_agent(outer->summary, agent);
    inner.count = opponent ? &outer->figures->pair_values : &outer->figures->agent_values;
    if (inner.entry == NULL) {
        print_error("report.html names %s%s%s, which summary.json does not\n", agent,
                    opponent ? " against " : "", opponent ? opponent : "");
        fail();
    }
    html_each(element, compare_value, &inner);
    compare_list(element, inner.entry, outer->figures);
}

struct html_figures html_compare_summary(const struct html_node *root, json_t *summary)
{
    struct html_figures figures = {0};
    struct comparison outer = {.summary = summary, .figures = &figures};
    html_each(root, compare_entry, &outer);
    return figures;
}

struct html_node *html_parse_or_fail(const char *page)
{
    char error[512] = "";
    struct html_node *root = html_parse(page, error, sizeof(error));
    if (root == NULL) {
        print_error("report.html is not well-formed: %s\n", error);
        fail();
    }
    return root;
}
