/*
 * The lines an agent that is a program may send (docs/protocol.md): each
 * read into its parts, and anything else refused with what is wrong.
 */
#include "test.h"

#include <stdio.h>
#include <string.h>

#include "line_protocol.h"

/* TEXT read; the strings of what it returns point into a buffer of its
 * own, valid until the next call. */
static struct agent_line parsed(const char *text)
{
    static char line[256];
    snprintf(line, sizeof(line), "%s", text);
    struct agent_line out;
    struct error err;
    if (tourney_agent_line_parse(line, &out, &err) != 0) {
        fail_msg("'%s' was refused: %s", text, err.text);
    }
    return out;
}

static void refused(const char *text, const char *reason)
{
    char line[256];
    snprintf(line, sizeof(line), "%s", text);
    struct agent_line out;
    struct error err;
    assert_int_equal(tourney_agent_line_parse(line, &out, &err), -1);
    assert_string_equal(err.text, reason);
}

static void test_lines(void **state)
{
    (void)state;
    assert_int_equal(parsed("").type, AGENT_LINE_BLANK);
    assert_int_equal(parsed(" \t \r").type, AGENT_LINE_BLANK);
    struct agent_line l = parsed("tourney-protocol 1\r");
    assert_int_equal(l.type, AGENT_LINE_HELLO);
    assert_int_equal(l.version, 1);
    assert_int_equal(parsed("  ready  ").type, AGENT_LINE_READY);

    l = parsed("move 7");
    assert_int_equal(l.type, AGENT_LINE_MOVE);
    assert_int_equal(l.move, 7);
    l = parsed("move -3");
    assert_int_equal(l.move, -3);
    l = parsed("move-text\tb2");
    assert_int_equal(l.type, AGENT_LINE_MOVE_TEXT);
    assert_string_equal(l.text, "b2");

    l = parsed("info score -999999 nodes 18446744073709551615 depth 12");
    assert_int_equal(l.type, AGENT_LINE_INFO);
    assert_true(l.has_nodes && l.has_depth && l.has_score);
    assert_true(l.nodes == UINT64_MAX);
    assert_int_equal(l.depth, 12);
    assert_int_equal(l.score, -999999);
    l = parsed("info depth 3 depth 4");
    assert_true(!l.has_nodes && l.has_depth && !l.has_score);
    assert_int_equal(l.depth, 4);
    l = parsed("info");
    assert_true(!l.has_nodes && !l.has_depth && !l.has_score && !l.has_seldepth);

    /* The selective depth: any number of 32 bits is the agent's to give,
     * below its depth or below 0 too; given, it is set with its flag. */
    l = parsed("info depth 3 seldepth -4");
    assert_true(l.has_depth && l.has_seldepth && !l.has_nodes && !l.has_score);
    assert_int_equal(l.seldepth, -4);
    struct tourney_move_report report = {.struct_size = sizeof(report), .nodes = 5};
    tourney_agent_line_apply_info(&l, &report);
    assert_true(report.nodes == 5);
    assert_int_equal(report.depth, 3);
    assert_int_equal(report.seldepth, -4);
    assert_int_equal(report.has_seldepth, 1);
    assert_int_equal(report.has_score, 0);
    l = parsed("info score 7");
    tourney_agent_line_apply_info(&l, &report);
    assert_int_equal(report.seldepth, -4);
    assert_int_equal(report.score, 7);
    assert_int_equal(report.has_score, 1);

    l = parsed("log warning  two  spaces kept\r");
    assert_int_equal(l.type, AGENT_LINE_LOG);
    assert_int_equal(l.level, 1);
    assert_string_equal(l.text, "two  spaces kept");
    l = parsed("log debug");
    assert_int_equal(l.level, 3);
    assert_string_equal(l.text, "");
    l = parsed("error out of ideas");
    assert_int_equal(l.type, AGENT_LINE_ERROR);
    assert_string_equal(l.text, "out of ideas");
}

static void test_refused(void **state)
{
    (void)state;
    refused("mvoe 3", "unknown word 'mvoe'");
    refused("Move 3", "unknown word 'Move'");
    refused("move three", "'move' takes a move's number, not 'three'");
    refused("move", "'move' takes a move's number, not ''");
    refused("move 3 4", "'move' takes no more words, not '4'");
    refused("move 99999999999999999999", "'move' takes a move's number, not "
                                         "'99999999999999999999'");
    refused("move-text", "'move-text' takes a move's name");
    refused("move-text b2 c3", "'move-text' takes no more words, not 'c3'");
    refused("ready now", "'ready' takes no more words, not 'now'");
    refused("tourney-protocol", "'tourney-protocol' takes a version number");
    refused("tourney-protocol one", "'tourney-protocol' takes a version number");
    refused("info nodes", "'info nodes' without a value");
    refused("info nodes -1", "'info nodes' takes a whole number from 0, not '-1'");
    refused("info depth 2147483648", "'info depth' takes a whole number of 32 bits, not "
                                     "'2147483648'");
    refused("info speed 3", "'info' knows nodes, depth, seldepth and score, not 'speed'");
    refused("info seldepth 2147483648", "'info seldepth' takes a whole number of 32 bits, not "
                                        "'2147483648'");
    refused("info seldepth deep", "'info seldepth' takes a whole number of 32 bits, not 'deep'");
    refused("info seldepth", "'info seldepth' without a value");
    refused("log loud hi", "'log' takes a level (error, warning, info or debug), not 'loud'");
    refused("log", "'log' takes a level (error, warning, info or debug), not ''");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lines),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests_name("line_protocol", tests, NULL, NULL);
}
