#define _GNU_SOURCE /* memfd_create, F_ADD_SEALS */
#include "plugin_image.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* No plugin is this large; a file that is, or that grows without end while
 * it is read, is refused rather than read into memory. */
#define IMAGE_MAX_SIZE ((size_t)1 << 30)

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define NATIVE_ELF_DATA ELFDATA2LSB
#else
#define NATIVE_ELF_DATA ELFDATA2MSB
#endif

/* The whole file at PATH, into *BYTES (heap) and *SIZE. */
static int read_file(const char *path, unsigned char **bytes, size_t *size, struct error *err)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return tourney_error_set_errno(err, "cannot open");
    }
    struct stat info;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        close(fd);
        return tourney_error_set(err, "not a regular file");
    }
    size_t capacity = (size_t)info.st_size + 1; /* room to see the end */
    size_t length = 0;
    unsigned char *buffer = NULL;
    for (;;) {
        if (length == capacity || buffer == NULL) {
            capacity = buffer == NULL ? capacity : capacity * 2;
            unsigned char *grown = capacity <= IMAGE_MAX_SIZE ? realloc(buffer, capacity) : NULL;
            if (grown == NULL) {
                free(buffer);
                close(fd);
                return capacity <= IMAGE_MAX_SIZE
                           ? tourney_error_nomem(err)
                           : tourney_error_set(err, "larger than %zu MiB, too large for a plugin",
                                               IMAGE_MAX_SIZE >> 20);
            }
            buffer = grown;
        }
        ssize_t got = read(fd, buffer + length, capacity - length);
        if (got < 0 && errno == EINTR) {
            continue;
        }
        if (got < 0) {
            tourney_error_set_errno(err, "cannot read");
            free(buffer);
            close(fd);
            return -1;
        }
        if (got == 0) {
            break;
        }
        length += (size_t)got;
    }
    close(fd);
    *bytes = buffer;
    *size = length;
    return 0;
}

static int cut_short(struct error *err, size_t size, uint64_t needed)
{
    return tourney_error_set(err,
                             "the file is cut short: it has %zu bytes, and its ELF headers "
                             "need %llu (a partial copy, or a file truncated?)",
                             size, (unsigned long long)needed);
}

/* Whether OFFSET + LENGTH fits in SIZE bytes, without overflow. */
static bool fits(uint64_t offset, uint64_t length, size_t size)
{
    return offset <= size && length <= size - offset;
}

/* Refuses an ELF file that is cut short. What is not an ELF file of this
 * machine's class and byte order passes: the loader refuses it with a
 * message of its own, before it maps anything. */
static int check_elf(const unsigned char *bytes, size_t size, struct error *err)
{
    if (size < SELFMAG || memcmp(bytes, ELFMAG, SELFMAG) != 0) {
        return 0;
    }
    if (size < EI_NIDENT) {
        return cut_short(err, size, EI_NIDENT);
    }
    if (bytes[EI_CLASS] != ELFCLASS64 || bytes[EI_DATA] != NATIVE_ELF_DATA) {
        return 0;
    }
    Elf64_Ehdr header;
    if (size < sizeof(header)) {
        return cut_short(err, size, sizeof(header));
    }
    memcpy(&header, bytes, sizeof(header));
    if (header.e_phentsize != sizeof(Elf64_Phdr)) {
        return 0;
    }
    uint64_t table = (uint64_t)header.e_phnum * sizeof(Elf64_Phdr);
    if (!fits(header.e_phoff, table, size)) {
        return cut_short(err, size, header.e_phoff + table);
    }
    /* Every segment with bytes in the file: the loadable ones are mapped
     * from it, and the others lie within them in a well-formed file. */
    for (uint16_t i = 0; i < header.e_phnum; i++) {
        Elf64_Phdr segment;
        memcpy(&segment, bytes + header.e_phoff + i * sizeof(segment), sizeof(segment));
        if (segment.p_filesz > 0 && !fits(segment.p_offset, segment.p_filesz, size)) {
            uint64_t needed = segment.p_offset + segment.p_filesz;
            return cut_short(err, size, needed < segment.p_offset ? UINT64_MAX : needed);
        }
    }
    return 0;
}

/* BYTES into a new memfd named after PATH, sealed against every change. */
static int seal_copy(struct plugin_image *image, const char *path, const unsigned char *bytes,
                     size_t size, struct error *err)
{
    const char *base = strrchr(path, '/');
    char name[200];
    snprintf(name, sizeof(name), "%s", base != NULL ? base + 1 : path);
    image->fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (image->fd < 0) {
        return tourney_error_set_errno(err, "cannot copy it into memory");
    }
    size_t written = 0;
    while (written < size) {
        ssize_t n = write(image->fd, bytes + written, size - written);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return tourney_error_set_errno(err, "cannot copy it into memory");
        }
        written += (size_t)n;
    }
    if (fcntl(image->fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) !=
        0) {
        return tourney_error_set_errno(err, "cannot seal its copy in memory");
    }
    image->size = size;
    return 0;
}

int tourney_plugin_image_read(struct plugin_image *image, const char *path, struct error *err)
{
    memset(image, 0, sizeof(*image));
    image->fd = -1;
    unsigned char *bytes = NULL;
    size_t size = 0;
    if (read_file(path, &bytes, &size, err) != 0) {
        return -1;
    }
    int status = check_elf(bytes, size, err);
    if (status == 0) {
        tourney_digest_bytes(bytes, size, image->digest);
        status = seal_copy(image, path, bytes, size, err);
    }
    free(bytes);
    if (status != 0) {
        tourney_plugin_image_close(image);
    }
    return status;
}

void tourney_plugin_image_path(const struct plugin_image *image, char *buf, size_t size)
{
    snprintf(buf, size, "/proc/self/fd/%d", image->fd);
}

int tourney_plugin_image_renumber(struct plugin_image *image, struct error *err)
{
    int fd = fcntl(image->fd, F_DUPFD_CLOEXEC, image->fd + 1);
    if (fd < 0) {
        return tourney_error_set_errno(err, "cannot give its copy in memory another descriptor");
    }
    close(image->fd);
    image->fd = fd;
    return 0;
}

void tourney_plugin_image_close(struct plugin_image *image)
{
    if (image->fd >= 0) {
        close(image->fd);
    }
    image->fd = -1;
}
