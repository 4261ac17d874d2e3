/*
 * tests/connect4_testgen.c - writes the solved Connect Four positions of
 * tests/data/connect4/, one file per difficulty (connect4_testdata.c), each
 * position solved by the exhaustive solver (connect4_solver.c).
 *
 *     connect4-testgen DIRECTORY
 *
 * The same program writes the same files, byte for byte, on every run:
 * `meson compile -C build connect4-testdata` rewrites the ones in the tree.
 */
#include <stdio.h>
#include <stdlib.h>

#include "connect4_solver.h"
#include "connect4_testdata.h"

/* Writes one difficulty's file; returns 0, or 1 after saying what failed. */
static int write_file(const char *directory, const struct c4_difficulty *d)
{
    char path[4096];
    struct c4_solver solver;
    int status = 1;

    snprintf(path, sizeof(path), "%s/%s", directory, d->file);
    c4_moves *moves = malloc(sizeof(*moves) * (size_t)d->count);
    if (moves == NULL) {
        fprintf(stderr, "connect4-testgen: out of memory\n");
        return 1;
    }
    c4_choose_positions(d, moves);
    FILE *out = fopen(path, "w");
    if (out == NULL) {
        perror(path);
        goto err_open;
    }
    for (int i = 0; i < d->count; i++) {
        struct c4_board board;
        int score;
        /* A table per position: its memory goes back as soon as it is solved. */
        if (c4_board_read(&board, moves[i]) != 0 || c4_solver_init(&solver) != 0) {
            fprintf(stderr, "connect4-testgen: cannot set up %s\n", moves[i]);
            goto err_write;
        }
        int rc = c4_solve(&solver, &board, &score);
        c4_solver_finish(&solver);
        if (rc != 0) {
            fprintf(stderr, "connect4-testgen: out of memory solving %s\n", moves[i]);
            goto err_write;
        }
        fprintf(out, "%s %d\n", moves[i], score);
    }
    status = 0;
err_write:
    if (fclose(out) != 0 && status == 0) {
        perror(path);
        status = 1;
    }
err_open:
    free(moves);
    return status;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: connect4-testgen DIRECTORY\n");
        return 2;
    }
    for (int i = 0; i < C4_DIFFICULTY_COUNT; i++) {
        if (write_file(argv[1], &c4_difficulties[i]) != 0) {
            return 1;
        }
    }
    return 0;
}
