#include "wire.h"

#include <stdlib.h>
#include <string.h>

/* Integers are written byte by byte, little-endian, so that neither the
 * alignment of the buffer nor the host's byte order matters. */
static void store_le(unsigned char *out, uint64_t value, size_t bytes)
{
    for (size_t i = 0; i < bytes; i++) {
        out[i] = (unsigned char)(value >> (8 * i));
    }
}

static uint64_t load_le(const unsigned char *in, size_t bytes)
{
    uint64_t value = 0;
    for (size_t i = 0; i < bytes; i++) {
        value |= (uint64_t)in[i] << (8 * i);
    }
    return value;
}

void tourney_wire_writer_init(struct wire_writer *writer, void *fixed, size_t capacity)
{
    memset(writer, 0, sizeof(*writer));
    if (fixed != NULL) {
        writer->data = fixed;
        writer->capacity = capacity;
        writer->fixed = true;
    }
}

void tourney_wire_writer_finish(struct wire_writer *writer)
{
    if (!writer->fixed) {
        free(writer->data);
    }
    memset(writer, 0, sizeof(*writer));
}

/* Room for COUNT more bytes, or NULL (and the writer failed). */
static unsigned char *reserve(struct wire_writer *writer, size_t count)
{
    if (writer->failed) {
        return NULL;
    }
    if (count > WIRE_HEADER_SIZE + (size_t)WIRE_MAX_PAYLOAD - writer->length) {
        writer->failed = true;
        return NULL;
    }
    if (writer->length + count > writer->capacity) {
        size_t capacity = writer->capacity ? writer->capacity : 256;
        while (capacity < writer->length + count) {
            capacity *= 2;
        }
        unsigned char *data = writer->fixed ? NULL : realloc(writer->data, capacity);
        if (data == NULL) {
            writer->failed = true;
            return NULL;
        }
        writer->data = data;
        writer->capacity = capacity;
    }
    unsigned char *at = writer->data + writer->length;
    writer->length += count;
    return at;
}

static void put_le(struct wire_writer *writer, uint64_t value, size_t bytes)
{
    unsigned char *at = reserve(writer, bytes);
    if (at != NULL) {
        store_le(at, value, bytes);
    }
}

void tourney_wire_begin(struct wire_writer *writer, uint16_t version, uint16_t type,
                        uint32_t sequence)
{
    writer->length = 0;
    writer->failed = false;
    put_le(writer, WIRE_MAGIC, 4);
    put_le(writer, version, 2);
    put_le(writer, type, 2);
    put_le(writer, 0, 4); /* the length, set by tourney_wire_end */
    put_le(writer, sequence, 4);
}

void tourney_wire_put_u32(struct wire_writer *writer, uint32_t value)
{
    put_le(writer, value, 4);
}

void tourney_wire_put_u64(struct wire_writer *writer, uint64_t value)
{
    put_le(writer, value, 8);
}

void tourney_wire_put_i32(struct wire_writer *writer, int32_t value)
{
    put_le(writer, (uint32_t)value, 4);
}

void tourney_wire_put_i64(struct wire_writer *writer, int64_t value)
{
    put_le(writer, (uint64_t)value, 8);
}

void tourney_wire_put_bytes(struct wire_writer *writer, const void *bytes, size_t length)
{
    if (length > WIRE_MAX_PAYLOAD) {
        writer->failed = true;
        return;
    }
    put_le(writer, length, 4);
    unsigned char *at = reserve(writer, length);
    if (at != NULL && length > 0) {
        memcpy(at, bytes, length);
    }
}

void tourney_wire_put_string(struct wire_writer *writer, const char *text)
{
    if (text == NULL) {
        put_le(writer, 0, 4);
        return;
    }
    tourney_wire_put_bytes(writer, text, strlen(text) + 1);
}

int tourney_wire_end(struct wire_writer *writer)
{
    if (writer->failed || writer->length < WIRE_HEADER_SIZE) {
        return -1;
    }
    store_le(writer->data + 8, writer->length - WIRE_HEADER_SIZE, 4);
    return 0;
}

int tourney_wire_frame(const void *data, size_t length, uint16_t version,
                       struct wire_header *header, struct error *err)
{
    const unsigned char *bytes = data;
    /* Check what is there already, so garbage is refused at its first bytes
     * rather than after waiting for a length it never meant. */
    if (length >= 4 && load_le(bytes, 4) != WIRE_MAGIC) {
        return tourney_error_set(err, "a frame starts with 0x%08x instead of the magic number",
                                 (unsigned)load_le(bytes, 4));
    }
    if (length < WIRE_HEADER_SIZE) {
        return 0;
    }
    header->magic = (uint32_t)load_le(bytes, 4);
    header->version = (uint16_t)load_le(bytes + 4, 2);
    header->type = (uint16_t)load_le(bytes + 6, 2);
    header->length = (uint32_t)load_le(bytes + 8, 4);
    header->sequence = (uint32_t)load_le(bytes + 12, 4);
    if (header->version != version) {
        return tourney_error_set(err, "protocol version %u, expected %u",
                                 (unsigned)header->version, (unsigned)version);
    }
    if (header->length > WIRE_MAX_PAYLOAD) {
        return tourney_error_set(err, "a frame of %u bytes, more than the %u allowed",
                                 (unsigned)header->length, (unsigned)WIRE_MAX_PAYLOAD);
    }
    return length - WIRE_HEADER_SIZE >= header->length ? 1 : 0;
}

void tourney_wire_reader_init(struct wire_reader *reader, const void *payload, size_t length)
{
    reader->data = payload;
    reader->length = length;
    reader->offset = 0;
    reader->failed = false;
}

/* The next COUNT bytes, or NULL (and the reader failed). */
static const unsigned char *take(struct wire_reader *reader, size_t count)
{
    if (reader->failed || count > reader->length - reader->offset) {
        reader->failed = true;
        return NULL;
    }
    const unsigned char *at = reader->data + reader->offset;
    reader->offset += count;
    return at;
}

static uint64_t get_le(struct wire_reader *reader, size_t bytes)
{
    const unsigned char *at = take(reader, bytes);
    return at ? load_le(at, bytes) : 0;
}

uint32_t tourney_wire_get_u32(struct wire_reader *reader)
{
    return (uint32_t)get_le(reader, 4);
}

uint64_t tourney_wire_get_u64(struct wire_reader *reader)
{
    return get_le(reader, 8);
}

int32_t tourney_wire_get_i32(struct wire_reader *reader)
{
    return (int32_t)(uint32_t)get_le(reader, 4);
}

int64_t tourney_wire_get_i64(struct wire_reader *reader)
{
    return (int64_t)get_le(reader, 8);
}

const void *tourney_wire_get_bytes(struct wire_reader *reader, size_t *length)
{
    *length = tourney_wire_get_u32(reader);
    const unsigned char *at = take(reader, *length);
    if (at == NULL) {
        *length = 0;
    }
    return at;
}

const char *tourney_wire_get_string(struct wire_reader *reader)
{
    size_t length = 0;
    const char *text = tourney_wire_get_bytes(reader, &length);
    if (text == NULL || length == 0) {
        return NULL;
    }
    if (text[length - 1] != '\0' || memchr(text, '\0', length - 1) != NULL) {
        reader->failed = true;
        return NULL;
    }
    return text;
}

bool tourney_wire_done(const struct wire_reader *reader)
{
    return !reader->failed && reader->offset == reader->length;
}
