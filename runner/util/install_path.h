/*
 * install_path.h - where an installed file is for the program running now:
 * found from the program's own folder (/proc/self/exe) by the path `meson
 * install` put between them, so that a prefix copied or mounted anywhere
 * (another host's /opt, a user's home, a container's volume) runs as it
 * is; else where the prefix it was built for put it.
 */
#ifndef TOURNEY_RUNNER_INSTALL_PATH_H
#define TOURNEY_RUNNER_INSTALL_PATH_H

/* FROM_BIN, a path relative to the folder of the program at EXE_PATH, when
 * it is not empty, EXE_PATH is known and something is there; else
 * INSTALLED. A heap string, or NULL when out of memory. */
char *tourney_install_path(const char *exe_path, const char *from_bin, const char *installed);

#endif /* TOURNEY_RUNNER_INSTALL_PATH_H */
