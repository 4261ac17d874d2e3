/* Opens a network connection from a constructor: to 127.0.0.1 at the port
 * TOURNEY_ZOO_PORT names, where it says hello; without a port it only
 * makes the socket. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#define ZOO_NAME "ctor-socket"
#include "zoo_agent.h"

__attribute__((constructor)) static void phone_home(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    const char *port = getenv("TOURNEY_ZOO_PORT");
    if (fd < 0) {
        return;
    }
    if (port != NULL) {
        struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(port))};
        to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (connect(fd, (const struct sockaddr *)&to, sizeof(to)) == 0) {
            ssize_t sent = send(fd, "hello\n", 6, 0);
            (void)sent;
        }
    }
    close(fd);
}

static int misbehave(tourney_move *move)
{
    (void)move;
    return TOURNEY_OK;
}
