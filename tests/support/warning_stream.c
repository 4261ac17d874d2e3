#include "warning_stream.h"

#include "text_escape.h"

static void say(void *context, const char *text)
{
    const struct warning_stream *s = context;
    if (s->prefix == NULL) {
        tourney_terminal_text(s->stream, text, false);
        fputc('\n', s->stream);
    } else {
        fprintf(s->stream, "%s: %s\n", s->prefix, text);
    }
}

void warning_stream_init(struct warning_stream *s, FILE *stream, const char *prefix)
{
    s->stream = stream;
    s->prefix = prefix;
    s->warn = (struct warnings){.say = say, .context = s};
}
