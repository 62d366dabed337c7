/*
** cli.h -- the subcommand table and what every subcommand shares.
**
** Adding a subcommand:
**   1. write src/cmd_NAME.c with `int cmd_NAME(int argc, char **argv)` and
**      its `const struct cli_spec NAME_spec` (operands, one table of
**      options), read with cli_parse();
**   2. declare both below and add a row to `commands[]` in src/cli.c;
**   3. document it in man/maat.1 and add cases to tests/cli.sh.
** `maat help`, `maat help NAME` and `maat NAME --help` come from the spec.
** A handler returns the process exit status: 0 success, 1 "the answer is
** no" (unsound puzzle...), 2 bad input or usage, 130 interrupted.
**
** Layer: cli -- may use: compose, output, prove, render.
** The layer of the command line: one thin file per command, the option tables.
*/
#ifndef MAAT_CLI_H
#define MAAT_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "games/game.h"
#include "solve/analysis.h"
#include "solve/tt.h"

enum { EXIT_OK = 0, EXIT_UNSOUND = 1, EXIT_INPUT = 2, EXIT_INTERRUPTED = 130 };

struct cli_spec;

/* A subcommand: its handler and its declaration (name, operands, options:
   the one source of its usage, `maat help`, `maat NAME --help`). */
struct command {
	int (*run)(int argc, char **argv);
	const struct cli_spec *spec;
};

int cmd_perft(int argc, char **argv);
int cmd_games(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_render(int argc, char **argv);
int cmd_compose(int argc, char **argv);
int cmd_summary(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_prove(int argc, char **argv);
int cmd_check_proof(int argc, char **argv);

int maat_main(int argc, char **argv);

/* Shared argument helpers (cli.c). */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
bool cli_parse_int(const char *s, long lo, long hi, long *out);
/* Load --game/--position/--rule into pos (pos_size bytes of storage).
   Prints "position: ..." and returns -1 on error. */
int cli_load_position(const struct game *g, void *pos, const char *text, char **rules, int nrules);
const struct game *cli_find_game(const char *id);
/* judge_label() of p, whole however long its path (malloc'd; NULL when
   out of memory): a label cut to a buffer named another file, or a
   directory ("d/d/.../dd: sound" for d/d/.../ddd/s.yaml). */
struct puzzle;
char *cli_label(const struct puzzle *p, int collection_size);
/* --stip of FEN lines and EPD records (NULL: none given): false after
   "maat: CMD: --stip: ..." when it is malformed, once and before the files
   are read, not at each record.  One maat does not hold (fairy) is each
   record's verdict. */
bool cli_check_stip(const char *cmd, const char *stip);
/* The writer of --format F (NULL: text, or json with --json); prints
   the error and returns NULL for a format maat has not, or --json with
   another --format. */
struct writer;
const struct writer *cli_writer(const char *format, bool json);
/* Is the file `out` (when it exists) one of the files the batch read, the
   same file by another name too (a link, "./x", a directory walked)?  Then
   "maat: CMD: 'OUT' is one of the files read: ..." and true: writing it
   would replace puzzles with what was made of them, and lose those left
   out (convert F -o F). */
struct batch;
bool cli_output_is_input(const char *cmd, const struct batch *b, const char *out);

/*
** A command's options, declared once: each row gives the option's name,
** what its value is and its range, where it is stored (an offset into the
** command's own struct of arguments) and its line in the usage.
** cli_parse() reads argv against the table; cli_usage() prints it.
*/
enum cli_kind {
	CLI_FLAG,    /* bool, no value */
	CLI_INT,     /* int from lo to hi */
	CLI_SIZE,    /* size_t from lo to hi (megabytes) */
	CLI_SECONDS, /* double, from 0 (lo: 0 allowed when lo is 0, else more than 0) to hi */
	CLI_TEXT,    /* const char *, the argument as it is */
	CLI_LIST,    /* struct cli_list: the option may be given up to MAX_RULES times */
	CLI_SHARD,   /* struct cli_shard: "K/N", 0 <= K < N <= hi */
	CLI_CHOICE,  /* int: which of the words of `value` ("place|play|mixed"), from 0 */
	CLI_U64      /* uint64_t: digits only (no sign, no blank) */
};

struct cli_list {
	const char *v[MAX_RULES];
	int n;
};

struct cli_shard {
	int k, n; /* n == 0: no --shard */
};

struct cli_opt {
	const char *name;  /* "--tries" */
	const char *alias; /* "-j", or NULL */
	enum cli_kind kind;
	size_t at; /* offsetof the value in the command's arguments */
	long lo, hi;
	const char *value; /* "K" in the usage; NULL for a flag */
	const char *help;  /* what it does, one line */
};

/*
** A table's rows by kind, each field named in the command's struct of
** arguments, which the file #defines as CLI_ARGS before its table:
**
**   #define CLI_ARGS struct render_args
**   CLI_FLAG_ROW("--coords", o.coords, "file letters and rank numbers"),
**   CLI_INT_ROW("--dpi", NULL, dpi, 36, 2400, "N", "a PNG's resolution"),
**
** CLI_NUM_ROW is the whole row, kind first, for the other kinds with a
** range (CLI_SIZE, CLI_SECONDS, CLI_SHARD, CLI_U64); the others are it
** with what their kind leaves out.  The table stays the one place each
** option is declared: cli_parse() checks its range, cli_usage() prints it.
*/
#define CLI_AT(field) offsetof(CLI_ARGS, field)
#define CLI_NUM_ROW(kind, name, alias, field, lo, hi, value, help)                                 \
	{                                                                                          \
		name, alias, kind, CLI_AT(field), lo, hi, value, help                              \
	}
#define CLI_INT_ROW(name, alias, field, lo, hi, value, help)                                       \
	CLI_NUM_ROW(CLI_INT, name, alias, field, lo, hi, value, help)
#define CLI_FLAG_ROW(name, field, help) CLI_NUM_ROW(CLI_FLAG, name, NULL, field, 0, 0, NULL, help)
#define CLI_TEXT_ROW(name, alias, field, value, help)                                              \
	CLI_NUM_ROW(CLI_TEXT, name, alias, field, 0, 0, value, help)
#define CLI_CHOICE_ROW(name, field, words, help)                                                   \
	CLI_NUM_ROW(CLI_CHOICE, name, NULL, field, 0, 0, words, help)
#define CLI_LIST_ROW(name, field, value, help)                                                     \
	CLI_NUM_ROW(CLI_LIST, name, NULL, field, 0, 0, value, help)

/* Seconds a problem of a batch may take before it is a timeout, unless
   --max-time says otherwise (maat(1)): verify, convert --solve and render's
   solving go on to the end of a collection even when one of its problems
   would take hours. */
#define CLI_MAX_TIME 60

/* The options solve and verify share (struct judge_opts o, int jobs in
   the command's CLI_ARGS): --tries, --hash, --max-time, --set-play,
   --count, -j. */
#define CLI_SOLVER_OPTS                                                                            \
	CLI_INT_ROW("--tries", NULL, o.an.max_refs, 0, ANALYSIS_MAX_REFS, "K",                     \
	            "report tries that fail to at most K defences (default 1)"),                   \
	    CLI_NUM_ROW(CLI_SIZE, "--hash", NULL, o.an.hash_mb, 1, TT_MAX_MB, "MB",                \
	                "transposition table per thread, in megabytes"),                           \
	    CLI_NUM_ROW(CLI_SECONDS, "--max-time", NULL, o.an.max_seconds, 0, 1000000, "S",        \
	                "give up a problem after S seconds: verdict timeout (0: no limit)"),       \
	    CLI_FLAG_ROW("--set-play", o.an.set_play,                                              \
	                 "set play (S8), also where the file does not ask for it"),                \
	    CLI_CHOICE_ROW(                                                                        \
	        "--count", o.count, "first-moves|lines",                                           \
	        "help/series solutions counted by first moves (default, as YACPDB) or lines"),     \
	    CLI_INT_ROW("-j", "--jobs", jobs, 0, 1024, "N", "threads (0: all cores)")

/* A command as the user calls it: the one declaration of its usage. */
struct cli_spec {
	const char *cmd;      /* "verify" */
	const char *operands; /* "PATH...", "" when none */
	const char *summary;  /* what it does, one line (maat help) */
	const struct cli_opt *opts;
	int nopts;
};
#define CLI_NOPTS(t) (int)(sizeof(t) / sizeof((t)[0]))

extern const struct cli_spec compose_spec, convert_spec, games_spec, help_spec, perft_spec,
    render_spec, solve_spec, summary_spec, verify_spec, prove_spec, check_proof_spec;

/*
** Read argv[1..argc-1]: options into args, the other words (and "-")
** into rest, in order.  Returns 0; CLI_HELP after printing the usage on
** standard output for --help or -h (the command then exits with status 0);
** or -1 after printing what is wrong ("maat: verify: --tries takes a
** number from 0 to 16").
*/
#define CLI_HELP 1
int cli_parse(const struct cli_spec *spec, int argc, char **argv, void *args, char **rest,
              int *nrest);
/*
** The word of argv at *i and its value, *i moved past them: an operand
** (*opt NULL, *value the word; "-" is one), or an option of the table
** (*opt) with its value (NULL for a flag): the next word, or in the word
** itself, as getopt_long reads them: "--jobs 2", "--jobs=2", "-j 2", "-j2".
** Returns 0, CLI_HELP (usage printed) or -1 (what is wrong printed) as
** cli_parse(), which reads argv with it; so may a command that reads its
** options' words again (compose's command line in its output).
*/
int cli_next(const struct cli_spec *spec, int argc, char **argv, int *i, const struct cli_opt **opt,
             const char **value);
/* The exit status for what cli_parse() returned when it was not 0. */
#define CLI_EXIT(r) ((r) == CLI_HELP ? EXIT_OK : EXIT_INPUT)
/* "usage: maat CMD [options] OPERANDS" and one line per option. */
void cli_usage(FILE *f, const struct cli_spec *spec);

struct judge_opts;
void cli_default_solver_options(struct judge_opts *o);
/* The error for a transposition table of --hash MB that cannot be had. */
void cli_table_error(size_t megabytes);

#endif
