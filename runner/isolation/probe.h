/*
 * probe.h - learning what a plugin is without loading it into the runner:
 * an agent process loads it (its load-time code runs there, in the
 * confinement of an agent process that plays: namespaces, Landlock, the
 * system-call filter), checks it exactly as plugin.c does, and sends back
 * its name, description and parameter list. A plugin that kills the
 * process loading it, hangs, floods its output or makes a system call that
 * loading may not make is refused with a message naming the file.
 */
#ifndef TOURNEY_RUNNER_PROBE_H
#define TOURNEY_RUNNER_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tourney/abi.h>

#include "agent_process.h"
#include "config.h"
#include "error.h"
#include "plugin.h"
#include "protocol.h"

/* How long loading a plugin may take, in a probe or before a first game. */
#define PROBE_TIME_LIMIT_MS 10000

struct probe_options {
    const char *host_path; /* the agent host program */
    uint64_t memory_bytes; /* the address-space limit while loading; 0 for none */
    uint64_t output_limit; /* bytes it may print while loading */
    bool try_sandbox;      /* confine it (LOAD_SANDBOX), and learn whether it can be */
};

/* What a probe learned about the system besides the plugin. */
struct probe_result {
    enum sandbox_state sandbox;
    char sandbox_error[256]; /* why it is unavailable */
    int landlock_abi;        /* 0 when Landlock was asked for and is unavailable */
    char landlock_error[160];
    bool namespaces; /* the process ran in namespaces of its own */
    char namespace_error[128];
};

/* Fills PLUGIN with a description of the plugin of KIND at PATH (see
 * tourney_plugin_describe). On failure returns -1 with a message in ERR that
 * starts with PATH. RESULT may be NULL. */
int tourney_plugin_probe(struct plugin *plugin, const char *path, enum tourney_plugin_kind kind,
                         const struct probe_options *options, struct probe_result *result,
                         struct error *err);

/* A probe in flight: started, so that several load at once (a tournament
 * probes all its agents' plugins together), and finished one at a time, in
 * the order their messages should come in. */
struct plugin_probe {
    char *path;
    enum tourney_plugin_kind kind;
    struct agent_process process;
    uint32_t sequence;
    uint64_t deadline_ns;
    bool posted; /* LOAD went out; else ERROR says why not */
    struct error error;
};

/* Starts a process and asks it to load the plugin of KIND at PATH, without
 * waiting. What went wrong is told by tourney_plugin_probe_finish. */
void tourney_plugin_probe_start(struct plugin_probe *probe, const char *path,
                                enum tourney_plugin_kind kind,
                                const struct probe_options *options);

/* Waits for its answer: as tourney_plugin_probe, which is a start and a
 * finish. The probe is released in every case. */
int tourney_plugin_probe_finish(struct plugin_probe *probe, struct plugin *plugin,
                                struct probe_result *result, struct error *err);

/* Stops and releases a probe that will not be finished. Safe on a zeroed
 * or released one. */
void tourney_plugin_probe_cancel(struct plugin_probe *probe);

/* "; its last output: TEXT", the last line the process printed, cut to
 * fit, for a message; empty when it printed nothing. */
void tourney_probe_last_words(const struct agent_process *process, char *buf, size_t size);

/* Loads the plugin of KIND at PATH into this process (tourney_plugin_open,
 * or tourney_plugin_open_digest when DIGEST is not NULL), after an agent
 * process loaded it first when OPTIONS->host_path is a program that can
 * run: a file that cannot be loaded, or code that crashes or exits as it
 * loads, then ends that process and is told by name, never taking this one
 * with it. On failure returns -1 with a message in ERR that starts with
 * PATH. */
int tourney_plugin_open_probed(struct plugin *plugin, const char *path,
                               enum tourney_plugin_kind kind, const char *digest,
                               const struct probe_options *options, struct error *err);

/* How `tourney agents` and `tourney games` open the plugins they list: in
 * an agent process, so that no plugin in a shared directory runs code in the
 * runner; in this process only when the config says isolation = none. */
struct plugin_opener {
    bool in_process;
    char *host_path;
    struct probe_options probe;
};

/* CONFIG may be one that was never loaded (zeroed): its defaults apply.
 * Returns 0, or -1 when out of memory. */
int tourney_plugin_opener_init(struct plugin_opener *opener,
                               const struct tournament_config *config, const char *exe_path);
/* Opens PATH as tourney_plugin_open or tourney_plugin_probe do. */
int tourney_plugin_opener_open(const struct plugin_opener *opener, struct plugin *plugin,
                               const char *path, enum tourney_plugin_kind kind, struct error *err);
void tourney_plugin_opener_finish(struct plugin_opener *opener);

/* The argument vector that starts the agent host for this runner. */
struct host_argv {
    char parent[24];
    const char *argv[3];
};
void tourney_host_argv(struct host_argv *args, const char *host_path);

#endif /* TOURNEY_RUNNER_PROBE_H */
