#include "test.h"

#include "opened_game.h"

void open_game(struct opened *o, const char *path, const struct tourney_param_value *values)
{
    struct error err;
    assert_int_equal(tourney_plugin_open(&o->plugin, path, TOURNEY_KIND_GAME, &err), 0);
    tourney_error_clear(&err);
    if (tourney_game_adapter_init(&o->game, &o->plugin, values, &err) != 0) {
        fail_msg("%s", err.text);
    }
}

void close_game(struct opened *o)
{
    tourney_game_adapter_finish(&o->game);
    tourney_plugin_close(&o->plugin);
}
