/*
 * A strict reader of the HTML that report.html is written in; see
 * html_check.h for what it refuses.
 */
#include "html_check.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct parser {
    const char *start;
    const char *p;
    char *error;
    size_t error_size;
    bool failed;
    size_t html, head, body, title;
    char **ids;
    size_t id_count;
};

static void fail(struct parser *ps, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Keeps the first problem, with the line it is on. */
static void fail(struct parser *ps, const char *fmt, ...)
{
    if (ps->failed) {
        return;
    }
    ps->failed = true;
    size_t line = 1;
    for (const char *c = ps->start; c < ps->p; c++) {
        line += *c == '\n';
    }
    char message[512];
    va_list args;
    va_start(args, fmt);
    vsnprintf(message, sizeof(message), fmt, args);
    va_end(args);
    snprintf(ps->error, ps->error_size, "line %zu: %s", line, message);
}

static bool is_void(const char *name)
{
    static const char *const names[] = {"area",  "base", "br",   "col",    "embed", "hr", "img",
                                        "input", "link", "meta", "source", "track", "wbr"};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (strcmp(name, names[i]) == 0) {
            return true;
        }
    }
    return false;
}

/* A growing string. */
struct buffer {
    char *data;
    size_t length;
    size_t capacity;
};

static void put(struct buffer *b, const char *bytes, size_t length)
{
    if (b->length + length + 1 > b->capacity) {
        b->capacity = (b->length + length + 1) * 2;
        b->data = realloc(b->data, b->capacity);
    }
    memcpy(b->data + b->length, bytes, length);
    b->length += length;
    b->data[b->length] = '\0';
}

static void put_code_point(struct buffer *b, unsigned long c)
{
    char utf8[4];
    size_t n;
    if (c < 0x80) {
        utf8[0] = (char)c;
        n = 1;
    } else if (c < 0x800) {
        utf8[0] = (char)(0xC0 | (c >> 6));
        utf8[1] = (char)(0x80 | (c & 0x3F));
        n = 2;
    } else if (c < 0x10000) {
        utf8[0] = (char)(0xE0 | (c >> 12));
        utf8[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        utf8[2] = (char)(0x80 | (c & 0x3F));
        n = 3;
    } else {
        utf8[0] = (char)(0xF0 | (c >> 18));
        utf8[1] = (char)(0x80 | ((c >> 12) & 0x3F));
        utf8[2] = (char)(0x80 | ((c >> 6) & 0x3F));
        utf8[3] = (char)(0x80 | (c & 0x3F));
        n = 4;
    }
    put(b, utf8, n);
}

/* Decodes the character reference at ps->p ('&') into B. */
static void reference(struct parser *ps, struct buffer *b)
{
    static const struct {
        const char *name;
        const char *text;
    } named[] = {{"amp;", "&"},   {"lt;", "<"},   {"gt;", ">"},
                 {"quot;", "\""}, {"apos;", "'"}, {"nbsp;", "\xC2\xA0"}};
    const char *p = ps->p + 1;
    for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
        size_t length = strlen(named[i].name);
        if (strncmp(p, named[i].name, length) == 0) {
            put(b, named[i].text, strlen(named[i].text));
            ps->p = p + length;
            return;
        }
    }
    if (*p == '#') {
        char *end = NULL;
        unsigned long c =
            p[1] == 'x' || p[1] == 'X' ? strtoul(p + 2, &end, 16) : strtoul(p + 1, &end, 10);
        if (end != NULL && end > p + 1 && *end == ';' && c > 0 && c <= 0x10FFFF) {
            put_code_point(b, c);
            ps->p = end + 1;
            return;
        }
    }
    fail(ps, "a bare '&' or an unknown character reference: %.12s", ps->p);
}

static struct html_node *add_node(struct html_node *parent)
{
    struct html_node *node = calloc(1, sizeof(*node));
    node->parent = parent;
    parent->children =
        realloc(parent->children, (parent->child_count + 1) * sizeof(*parent->children));
    parent->children[parent->child_count++] = node;
    node->in_svg = parent->in_svg;
    return node;
}

static void read_text(struct parser *ps, struct html_node *current)
{
    struct buffer b = {0};
    while (!ps->failed && *ps->p != '\0' && *ps->p != '<') {
        if (*ps->p == '&') {
            reference(ps, &b);
        } else if (*ps->p == '>') {
            fail(ps, "a bare '>' in text");
        } else {
            put(&b, ps->p, 1);
            ps->p++;
        }
    }
    if (b.data == NULL) {
        return;
    }
    if (current->name == NULL && strspn(b.data, " \t\r\n") != b.length) {
        fail(ps, "text outside the html element");
    }
    struct html_node *node = add_node(current);
    node->text = b.data;
}

static bool name_char(char c)
{
    return isalnum((unsigned char)c) || c == '-' || c == '_' || c == ':' || c == '.';
}

static void read_attribute(struct parser *ps, struct html_node *node)
{
    const char *begin = ps->p;
    while (name_char(*ps->p)) {
        ps->p++;
    }
    if (ps->p == begin) {
        fail(ps, "expected an attribute name in <%s>, got '%c'", node->name, *ps->p);
        return;
    }
    char *name = strndup(begin, (size_t)(ps->p - begin));
    struct buffer value = {0};
    put(&value, "", 0);
    if (*ps->p == '=') {
        ps->p++;
        if (*ps->p != '"') {
            fail(ps, "attribute %s of <%s> is not in double quotes", name, node->name);
        }
        ps->p++;
        while (!ps->failed && *ps->p != '"') {
            if (*ps->p == '\0' || *ps->p == '<') {
                fail(ps, "attribute %s of <%s>: unterminated or holds '<'", name, node->name);
            } else if (*ps->p == '&') {
                reference(ps, &value);
            } else {
                put(&value, ps->p, 1);
                ps->p++;
            }
        }
        ps->p++;
    }
    for (size_t i = 0; i < node->attr_count; i++) {
        if (strcmp(node->attrs[i].name, name) == 0) {
            fail(ps, "attribute %s given twice in <%s>", name, node->name);
        }
    }
    if (strcmp(name, "id") == 0) {
        for (size_t i = 0; i < ps->id_count; i++) {
            if (strcmp(ps->ids[i], value.data) == 0) {
                fail(ps, "id '%s' used twice", value.data);
            }
        }
        ps->ids = realloc(ps->ids, (ps->id_count + 1) * sizeof(*ps->ids));
        ps->ids[ps->id_count++] = strdup(value.data);
    }
    node->attrs = realloc(node->attrs, (node->attr_count + 1) * sizeof(*node->attrs));
    node->attrs[node->attr_count].name = name;
    node->attrs[node->attr_count].value = value.data;
    node->attr_count++;
}

/* The body of a script or style element, up to its end tag. */
static void read_raw(struct parser *ps, struct html_node *node)
{
    size_t name_length = strlen(node->name);
    const char *begin = ps->p;
    for (; *ps->p != '\0'; ps->p++) {
        if (ps->p[0] == '<' && ps->p[1] == '/' &&
            strncasecmp(ps->p + 2, node->name, name_length) == 0) {
            break;
        }
        if (strncmp(ps->p, "<!--", 4) == 0) {
            fail(ps, "'<!--' inside <%s>", node->name);
            return;
        }
    }
    if (*ps->p == '\0') {
        fail(ps, "<%s> is never closed", node->name);
        return;
    }
    node->text = strndup(begin, (size_t)(ps->p - begin));
}

static void count_special(struct parser *ps, const struct html_node *node)
{
    if (node->in_svg) {
        return; /* an SVG <title> is a tooltip, not the page's title */
    }
    ps->html += strcmp(node->name, "html") == 0;
    ps->head += strcmp(node->name, "head") == 0;
    ps->body += strcmp(node->name, "body") == 0;
    ps->title += strcmp(node->name, "title") == 0;
}

/* Reads a start tag at ps->p; returns the element to continue in. */
static struct html_node *read_start_tag(struct parser *ps, struct html_node *current)
{
    ps->p++;
    const char *begin = ps->p;
    while (isalnum((unsigned char)*ps->p) || *ps->p == '-') {
        ps->p++;
    }
    if (ps->p == begin) {
        fail(ps, "'<' that starts no tag");
        return current;
    }
    struct html_node *node = add_node(current);
    node->name = strndup(begin, (size_t)(ps->p - begin));
    node->in_svg = current->in_svg || strcmp(node->name, "svg") == 0;
    count_special(ps, node);
    bool self_closed = false;
    while (!ps->failed) {
        if (!isspace((unsigned char)*ps->p) && *ps->p != '>' && *ps->p != '/') {
            fail(ps, "attributes of <%s> must be separated by spaces", node->name);
            break;
        }
        while (isspace((unsigned char)*ps->p)) {
            ps->p++;
        }
        if (*ps->p == '>') {
            ps->p++;
            break;
        }
        if (ps->p[0] == '/' && ps->p[1] == '>') {
            self_closed = true;
            ps->p += 2;
            break;
        }
        read_attribute(ps, node);
    }
    bool html_void = !node->in_svg && is_void(node->name);
    if (self_closed && !node->in_svg && !html_void) {
        fail(ps, "<%s/> closes itself outside <svg>", node->name);
    }
    if (self_closed || html_void) {
        return current;
    }
    if (!node->in_svg && (strcmp(node->name, "script") == 0 || strcmp(node->name, "style") == 0)) {
        read_raw(ps, node);
    }
    return node;
}

static struct html_node *read_end_tag(struct parser *ps, struct html_node *current)
{
    ps->p += 2;
    const char *begin = ps->p;
    while (isalnum((unsigned char)*ps->p) || *ps->p == '-') {
        ps->p++;
    }
    size_t length = (size_t)(ps->p - begin);
    if (*ps->p != '>') {
        fail(ps, "an end tag </%.*s must end at once with '>'", (int)length, begin);
        return current;
    }
    ps->p++;
    if (current->name == NULL || strlen(current->name) != length ||
        strncmp(current->name, begin, length) != 0) {
        fail(ps, "</%.*s> closes <%s>", (int)length, begin,
             current->name ? current->name : "nothing");
        return current;
    }
    return current->parent;
}

/* The element children of NODE, in order. */
static const struct html_node *element_child(const struct html_node *node, size_t n)
{
    for (size_t i = 0; i < node->child_count; i++) {
        if (node->children[i]->name != NULL && n-- == 0) {
            return node->children[i];
        }
    }
    return NULL;
}

static void check_structure(struct parser *ps, const struct html_node *root)
{
    if (ps->html != 1 || ps->head != 1 || ps->body != 1 || ps->title != 1) {
        fail(ps, "%zu html, %zu head, %zu body and %zu title elements: expected one each",
             ps->html, ps->head, ps->body, ps->title);
        return;
    }
    const struct html_node *html = element_child(root, 0);
    const struct html_node *head = html ? element_child(html, 0) : NULL;
    const struct html_node *body = html ? element_child(html, 1) : NULL;
    if (html == NULL || strcmp(html->name, "html") != 0 || element_child(root, 1) != NULL ||
        head == NULL || strcmp(head->name, "head") != 0 || body == NULL ||
        strcmp(body->name, "body") != 0 || element_child(html, 2) != NULL) {
        fail(ps, "expected <html> holding <head> and then <body>");
    }
}

struct html_node *html_parse(const char *text, char *error, size_t error_size)
{
    struct parser ps = {.start = text, .p = text, .error = error, .error_size = error_size};
    struct html_node *root = calloc(1, sizeof(*root));
    struct html_node *current = root;
    if (strncasecmp(text, "<!DOCTYPE html>", 15) != 0) {
        fail(&ps, "the page does not start with <!DOCTYPE html>");
    }
    ps.p += 15;
    while (!ps.failed && *ps.p != '\0') {
        if (*ps.p != '<') {
            read_text(&ps, current);
        } else if (ps.p[1] == '/') {
            current = read_end_tag(&ps, current);
        } else if (ps.p[1] == '!') {
            fail(&ps, "a comment or declaration where none is expected");
        } else {
            current = read_start_tag(&ps, current);
        }
    }
    if (!ps.failed && current != root) {
        fail(&ps, "<%s> is never closed", current->name);
    }
    if (!ps.failed) {
        check_structure(&ps, root);
    }
    for (size_t i = 0; i < ps.id_count; i++) {
        free(ps.ids[i]);
    }
    free(ps.ids);
    if (ps.failed) {
        html_free(root);
        return NULL;
    }
    return root;
}

void html_free(struct html_node *node)
{
    if (node == NULL) {
        return;
    }
    for (size_t i = 0; i < node->child_count; i++) {
        html_free(node->children[i]);
    }
    for (size_t i = 0; i < node->attr_count; i++) {
        free(node->attrs[i].name);
        free(node->attrs[i].value);
    }
    free(node->attrs);
    free(node->children);
    free(node->name);
    free(node->text);
    free(node);
}

const char *html_attr(const struct html_node *node, const char *name)
{
    for (size_t i = 0; i < node->attr_count; i++) {
        if (strcmp(node->attrs[i].name, name) == 0) {
            return node->attrs[i].value;
        }
    }
    return NULL;
}

void html_each(const struct html_node *node,
               void (*visit)(const struct html_node *element, void *context), void *context)
{
    if (node->name != NULL) {
        visit(node, context);
    }
    for (size_t i = 0; i < node->child_count; i++) {
        if (node->children[i]->name != NULL) {
            html_each(node->children[i], visit, context);
        }
    }
}

const struct html_node *html_find(const struct html_node *node, const char *name,
                                  const char *value)
{
    if (node->name != NULL) {
        const char *found = html_attr(node, name);
        if (found != NULL && (value == NULL || strcmp(found, value) == 0)) {
            return node;
        }
    }
    for (size_t i = 0; i < node->child_count; i++) {
        const struct html_node *hit = html_find(node->children[i], name, value);
        if (hit != NULL) {
            return hit;
        }
    }
    return NULL;
}

static void collect_text(const struct html_node *node, struct buffer *b)
{
    if (node->name == NULL) {
        put(b, node->text, strlen(node->text));
        return;
    }
    for (size_t i = 0; i < node->child_count; i++) {
        collect_text(node->children[i], b);
    }
}

char *html_text(const struct html_node *node)
{
    struct buffer b = {0};
    put(&b, "", 0);
    collect_text(node, &b);
    return b.data;
}
