/*
 * html_check.h - a small, strict HTML reader for tests of report.html. It
 * accepts only well-formed pages: every element closed in order (void
 * elements excepted, "/>" only inside <svg>), attribute values in double
 * quotes, no duplicate attribute or id, no '<' or '&' in text or values
 * but as tags and known character references, script and style bodies that
 * cannot end early, and exactly one html, head, body and (HTML) title.
 * What it reads becomes a tree to look figures up in.
 */
#ifndef TOURNEY_TESTS_HTML_CHECK_H
#define TOURNEY_TESTS_HTML_CHECK_H

#include <stdbool.h>
#include <stddef.h>

struct html_attr {
    char *name;
    char *value; /* decoded; "" for an attribute without a value */
};

struct html_node {
    char *name; /* NULL for text */
    char *text; /* text nodes: decoded; script and style: their raw body */
    struct html_attr *attrs;
    size_t attr_count;
    struct html_node *parent;
    struct html_node **children;
    size_t child_count;
    bool in_svg;
};

/* Reads TEXT. Returns the document's root (a nameless node holding the html
 * element), or NULL with the first problem and its line in ERROR. */
struct html_node *html_parse(const char *text, char *error, size_t error_size);
void html_free(struct html_node *root);

/* The value of attribute NAME of NODE, or NULL. */
const char *html_attr(const struct html_node *node, const char *name);

/* Calls VISIT for NODE and every element below it, in document order. */
void html_each(const struct html_node *node,
               void (*visit)(const struct html_node *element, void *context), void *context);

/* The first element below NODE (or NODE itself) with attribute NAME equal
 * to VALUE (any value when VALUE is NULL), or NULL. */
const struct html_node *html_find(const struct html_node *node, const char *name,
                                  const char *value);

/* The text of NODE and everything below it, decoded (heap string). */
char *html_text(const struct html_node *node);

#endif /* TOURNEY_TESTS_HTML_CHECK_H */
