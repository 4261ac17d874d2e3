/*
 * plugin_image.h - a plugin file read once into memory of the runner's own,
 * to be loaded from there: a sealed memfd that nobody can change, cut or
 * grow. The runner then loads the very bytes it digested, and a plugin file
 * that is rebuilt, replaced or truncated while a tournament runs cannot
 * reach the loaded code (a mapped file that shrinks raises SIGBUS in
 * whoever touches the lost pages).
 */
#ifndef TOURNEY_RUNNER_PLUGIN_IMAGE_H
#define TOURNEY_RUNNER_PLUGIN_IMAGE_H

#include <stddef.h>

#include "digest.h"
#include "error.h"

struct plugin_image {
    int fd; /* the sealed memfd, close-on-exec; -1 when closed */
    size_t size;
    char digest[TOURNEY_DIGEST_HEX]; /* of the bytes read */
};

/* Reads the file at PATH into IMAGE and checks that it is not cut short:
 * an ELF file whose program headers or segments lie past its end would be
 * mapped beyond the end of the file, and the dynamic loader would die of
 * SIGBUS touching them. Other files are left for the loader to refuse. On
 * failure returns -1 with the reason (without PATH) in ERR and IMAGE
 * closed. */
int tourney_plugin_image_read(struct plugin_image *image, const char *path, struct error *err);

/* Where the image can be opened by path in this process
 * ("/proc/self/fd/N"). */
void tourney_plugin_image_path(const struct plugin_image *image, char *buf, size_t size);

/* Gives the image another descriptor number (and so another path), at a
 * number above the one it has. Returns 0 or -1 with the reason in ERR. */
int tourney_plugin_image_renumber(struct plugin_image *image, struct error *err);

void tourney_plugin_image_close(struct plugin_image *image);

#endif /* TOURNEY_RUNNER_PLUGIN_IMAGE_H */
