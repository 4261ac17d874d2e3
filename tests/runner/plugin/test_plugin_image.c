/*
 * Plugins loaded from a sealed copy in memory: a file cut short is refused
 * before the loader maps it, a loaded plugin works on after its file is cut
 * to nothing, its digest is that of the bytes loaded, a digest that is not
 * the expected one is refused, and two plugins loaded one after the other
 * under the same descriptor number stay two plugins.
 */
#include "test.h"

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "digest.h"
#include "files.h"
#include "game_adapter.h"
#include "plugin.h"
#include "plugin_image.h"

#define MNK TOURNEY_TEST_GAME_DIR "/mnk.so"
#define CONNECT4 TOURNEY_TEST_GAME_DIR "/connect4.so"

static const struct tourney_param_value mnk_3x3[3] = {{.i = 3}, {.i = 3}, {.i = 3}};

/* A temporary copy of the file at FROM, its first KEEP bytes (all of it
 * when KEEP is 0), at PATH (a mkstemp template). */
static void copy_to_temp(const char *from, char *path, size_t keep)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    copy_file(from, path, keep);
}

/* The size mnk.so's ELF headers say it has at least: its program headers
 * and every segment's bytes. */
static uint64_t elf_extent(const char *path)
{
    FILE *file = fopen(path, "rb");
    assert_non_null(file);
    Elf64_Ehdr header;
    assert_int_equal(fread(&header, sizeof(header), 1, file), 1);
    uint64_t extent = header.e_phoff + (uint64_t)header.e_phnum * sizeof(Elf64_Phdr);
    for (uint16_t i = 0; i < header.e_phnum; i++) {
        Elf64_Phdr segment;
        assert_int_equal(fseek(file, (long)(header.e_phoff + i * sizeof(segment)), SEEK_SET), 0);
        assert_int_equal(fread(&segment, sizeof(segment), 1, file), 1);
        if (segment.p_offset + segment.p_filesz > extent) {
            extent = segment.p_offset + segment.p_filesz;
        }
    }
    fclose(file);
    return extent;
}

static void test_cut_short_is_refused(void **state)
{
    (void)state;
    uint64_t extent = elf_extent(MNK);
    Elf64_Ehdr header;
    FILE *file = fopen(MNK, "rb");
    assert_non_null(file);
    assert_int_equal(fread(&header, sizeof(header), 1, file), 1);
    fclose(file);
    /* Cut in the ELF header, in the program headers, in the segments, and
     * one byte short of the end of the last segment. */
    const struct {
        size_t keep;
        uint64_t needed;
    } cuts[] = {
        {10, EI_NIDENT},
        {40, sizeof(Elf64_Ehdr)},
        {(size_t)header.e_phoff + 8, header.e_phoff + header.e_phnum * sizeof(Elf64_Phdr)},
        {(size_t)extent - 1, extent},
    };
    for (size_t i = 0; i < sizeof(cuts) / sizeof(cuts[0]); i++) {
        char path[] = "/tmp/tourney-cut-XXXXXX";
        copy_to_temp(MNK, path, cuts[i].keep);
        struct plugin plugin;
        struct error err;
        assert_int_equal(tourney_plugin_open(&plugin, path, TOURNEY_KIND_GAME, &err), -1);
        assert_null(plugin.handle);
        char expected[512];
        snprintf(expected, sizeof(expected),
                 "%s: the file is cut short: it has %zu bytes, and its ELF headers need %llu "
                 "(a partial copy, or a file truncated?)",
                 path, cuts[i].keep, (unsigned long long)cuts[i].needed);
        assert_string_equal(err.text, expected);
        unlink(path);
    }
    /* The whole file is not cut short. */
    char path[] = "/tmp/tourney-cut-XXXXXX";
    copy_to_temp(MNK, path, (size_t)extent);
    struct plugin plugin;
    struct error err;
    if (tourney_plugin_open(&plugin, path, TOURNEY_KIND_GAME, &err) != 0) {
        fail_msg("%s", err.text);
    }
    tourney_plugin_close(&plugin);
    unlink(path);
}

/* Plays x 0, o 1, x 2, o 3, x 4, o 5, x 6 on GAME: x wins on the diagonal. */
static void play_a_game(struct game_adapter *game)
{
    void *position = tourney_game_adapter_new_state(game);
    assert_non_null(position);
    for (tourney_move move = 0; move < 7; move++) {
        assert_true(tourney_game_adapter_play(game, position, move));
    }
    assert_int_equal(tourney_game_adapter_status(game, position), TOURNEY_WIN_FIRST);
    char board[64];
    assert_true(tourney_game_adapter_board_text(game, position, board, sizeof(board)));
    assert_string_equal(board, "x o x\no x o\nx . .\n");
    free(position);
}

static void test_loaded_plugin_outlives_its_file(void **state)
{
    (void)state;
    char path[] = "/tmp/tourney-copy-XXXXXX";
    copy_to_temp(MNK, path, 0);
    char digest[TOURNEY_DIGEST_HEX];
    assert_int_equal(tourney_digest_file(MNK, digest), 0);
    struct plugin plugin;
    struct error err;
    assert_int_equal(tourney_plugin_open(&plugin, path, TOURNEY_KIND_GAME, &err), 0);
    assert_string_equal(plugin.path, path);
    assert_string_equal(plugin.digest, digest);
    /* Cut to nothing, then rewritten with other bytes: the code loaded is
     * the runner's own copy. */
    assert_int_equal(truncate(path, 0), 0);
    FILE *file = fopen(path, "wb");
    assert_non_null(file);
    fputs("not a plugin any more\n", file);
    fclose(file);
    struct game_adapter game;
    assert_int_equal(tourney_game_adapter_init(&game, &plugin, mnk_3x3, &err), 0);
    play_a_game(&game);
    tourney_game_adapter_finish(&game);
    tourney_plugin_close(&plugin);
    unlink(path);
}

static void test_expected_digest(void **state)
{
    (void)state;
    char digest[TOURNEY_DIGEST_HEX];
    assert_int_equal(tourney_digest_file(MNK, digest), 0);
    struct plugin plugin;
    struct error err;
    assert_int_equal(tourney_plugin_open_digest(&plugin, MNK, TOURNEY_KIND_GAME, digest, &err), 0);
    assert_string_equal(tourney_plugin_name(&plugin), "mnk");
    tourney_plugin_close(&plugin);
    const char *other = "00000000000000000000000000000000";
    assert_int_equal(tourney_plugin_open_digest(&plugin, MNK, TOURNEY_KIND_GAME, other, &err), -1);
    char expected[256];
    snprintf(expected, sizeof(expected), "%s: its digest is %s where %s was expected", MNK, digest,
             other);
    assert_string_equal(err.text, expected);
    assert_null(plugin.handle);
}

/* Loaded in place (the agent host's way): no copy, no digest. */
static void test_in_place(void **state)
{
    (void)state;
    struct plugin plugin;
    struct error err;
    assert_int_equal(tourney_plugin_open_in_place(&plugin, MNK, TOURNEY_KIND_GAME, &err), 0);
    assert_string_equal(plugin.digest, "");
    struct game_adapter game;
    assert_int_equal(tourney_game_adapter_init(&game, &plugin, mnk_3x3, &err), 0);
    play_a_game(&game);
    tourney_game_adapter_finish(&game);
    tourney_plugin_close(&plugin);
    assert_int_equal(
        tourney_plugin_open_in_place(&plugin, "/nonexistent/x.so", TOURNEY_KIND_GAME, &err), -1);
    assert_string_equal(err.text, "/nonexistent/x.so: cannot open: No such file or directory");
}

/* Each copy is loaded from /proc/self/fd/N, and descriptor numbers are
 * reused once a copy's is closed: the loader, which knows objects by name,
 * must never hand back the plugin loaded before under the same name. */
static void test_names_are_never_shared(void **state)
{
    (void)state;
    struct plugin plugins[4];
    const char *paths[4] = {MNK, CONNECT4, MNK, CONNECT4};
    const char *names[4] = {"mnk", "connect4", "mnk", "connect4"};
    struct error err;
    for (int i = 0; i < 4; i++) {
        assert_int_equal(tourney_plugin_open(&plugins[i], paths[i], TOURNEY_KIND_GAME, &err), 0);
        assert_string_equal(tourney_plugin_name(&plugins[i]), names[i]);
    }
    /* Two copies of one file are two objects. */
    assert_ptr_not_equal(plugins[0].handle, plugins[2].handle);
    for (int i = 0; i < 4; i++) {
        tourney_plugin_close(&plugins[i]);
    }
    /* An image's path names its descriptor. */
    struct plugin_image image;
    assert_int_equal(tourney_plugin_image_read(&image, MNK, &err), 0);
    char path[64];
    char expected[64];
    tourney_plugin_image_path(&image, path, sizeof(path));
    snprintf(expected, sizeof(expected), "/proc/self/fd/%d", image.fd);
    assert_string_equal(path, expected);
    int before = image.fd;
    assert_int_equal(tourney_plugin_image_renumber(&image, &err), 0);
    assert_true(image.fd > before);
    tourney_plugin_image_close(&image);
    assert_int_equal(image.fd, -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cut_short_is_refused),
        cmocka_unit_test(test_loaded_plugin_outlives_its_file),
        cmocka_unit_test(test_expected_digest),
        cmocka_unit_test(test_in_place),
        cmocka_unit_test(test_names_are_never_shared),
    };
    return cmocka_run_group_tests_name("plugin images", tests, NULL, NULL);
}
