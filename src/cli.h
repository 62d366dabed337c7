/*
** cli.h -- the subcommand table and what every subcommand shares.
**
** Adding a subcommand:
**   1. write src/cmd_NAME.c with `int cmd_NAME(int argc, char **argv)`;
**   2. declare it below and add a row to `commands[]` in src/cli.c;
**   3. document it in man/maat.1 and add cases to tests/cli.sh.
** A handler returns the process exit status: 0 success, 1 "the answer is
** no" (unsound puzzle...), 2 bad input or usage, 130 interrupted.
*/
#ifndef MAAT_CLI_H
#define MAAT_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"

enum { EXIT_OK = 0, EXIT_UNSOUND = 1, EXIT_INPUT = 2, EXIT_INTERRUPTED = 130 };

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *usage;
	const char *summary;
};

int cmd_perft(int argc, char **argv);
int cmd_games(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_render(int argc, char **argv);
int cmd_compose(int argc, char **argv);

int maat_main(int argc, char **argv);

/* Shared argument helpers (cli.c). */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
bool cli_parse_int(const char *s, long lo, long hi, long *out);
/* Load --game/--position/--rule into pos (pos_size bytes of storage).
   Prints "position: ..." and returns -1 on error. */
int cli_load_position(const struct game *g, void *pos, const char *text, char **rules,
		      int nrules);
const struct game *cli_find_game(const char *id);

struct judge_opts;
/* Options shared by solve and verify: --tries K, --hash MB, --max-time S,
   -j N.  Returns 1 when argv[*i] was one of them (and *i moved past its
   value), 0 when it was not, -1 after printing an error. */
int cli_solver_option(int argc, char **argv, int *i, struct judge_opts *o, int *jobs);
void cli_default_solver_options(struct judge_opts *o);
/* The error for a transposition table of --hash MB that cannot be had. */
void cli_table_error(size_t megabytes);

#endif
