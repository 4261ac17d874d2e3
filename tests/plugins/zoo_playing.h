/*
 * zoo_playing.h - whether the plugin was loaded by an agent process that
 * plays: the host loaded the game (m,n,k) before the agent. A probe
 * (`validate`, or `run` before it plays) loads the agent alone, so a zoo
 * agent that misbehaves only where it plays is still described.
 *
 * Include it before any system header: it needs _GNU_SOURCE.
 */
#ifndef TOURNEY_TESTS_ZOO_PLAYING_H
#define TOURNEY_TESTS_ZOO_PLAYING_H

#define _GNU_SOURCE /* dl_iterate_phdr */
#include <link.h>
#include <string.h>

static int zoo_is_game(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    (void)data;
    return info->dlpi_name != NULL && strstr(info->dlpi_name, "/mnk.so") != NULL;
}

static int zoo_playing(void)
{
    return dl_iterate_phdr(zoo_is_game, NULL);
}

#endif /* TOURNEY_TESTS_ZOO_PLAYING_H */
