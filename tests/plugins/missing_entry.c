/* A shared object that is not a plugin: it exports no entry symbol. */
int tourney_not_an_entry(void);

int tourney_not_an_entry(void)
{
    return 42;
}
