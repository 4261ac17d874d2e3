/*
 * Comparing report.html's figures with summary.json's (html_summary.h).
 */
#include "test.h"

#include "html_summary.h"

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
