#include "write_all.h"

#include <errno.h>
#include <unistd.h>

int tourney_write_all(int fd, const void *data, size_t length)
{
    const unsigned char *bytes = data;
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written < 0 && errno == EINTR) {
            continue;
        }
        if (written <= 0) {
            if (written == 0) {
                errno = 0;
            }
            return -1;
        }
        bytes += written;
        length -= (size_t)written;
    }
    return 0;
}
