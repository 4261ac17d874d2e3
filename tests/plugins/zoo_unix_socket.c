/* Connects, in every move, to the named Unix socket TOURNEY_ZOO_SOCKET
 * names (a service of the machine: D-Bus, Docker, an X server, a database)
 * and says hello; logs "connected" or why it could not. Without the
 * sandbox its network namespace keeps it from TCP and abstract sockets,
 * but a named socket is found through the file system. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <tourney/tourney.h>

static const struct tourney_host *zoo_host;
static void *zoo_host_context;

#define ZOO_ON_CREATE(init) (zoo_host = (init)->host, zoo_host_context = (init)->host_context)
#define ZOO_NAME "unix-socket"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    (void)move;
    const char *path = getenv("TOURNEY_ZOO_SOCKET");
    struct sockaddr_un to = {.sun_family = AF_UNIX};
    snprintf(to.sun_path, sizeof(to.sun_path), "%s", path != NULL ? path : "/run/zoo.socket");
    char message[96];
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0) {
        snprintf(message, sizeof(message), "no socket: %s", strerror(errno));
    } else if (connect(fd, (const struct sockaddr *)&to, sizeof(to)) != 0) {
        snprintf(message, sizeof(message), "cannot connect: %s", strerror(errno));
    } else {
        ssize_t sent = send(fd, "hello\n", 6, 0);
        (void)sent;
        snprintf(message, sizeof(message), "connected");
    }
    if (fd >= 0) {
        close(fd);
    }
    zoo_host->log(zoo_host_context, TOURNEY_LOG_INFO, message);
    return TOURNEY_OK;
}
