/*
** cli.c -- subcommand dispatch, usage, and the argument helpers the
** commands share.
*/
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "cli.h"
#include "tt.h"

static int cmd_help(int argc, char **argv);

static const struct command commands[] = {
	{"compose", cmd_compose,
	 "maat compose --game G --stip \"win in N\" [--count K] [--seed S] [--pieces MIN-MAX] "
	 "[-o DIR|FILE]",
	 "search for new sound problems and write them as puzzle files"},
	{"games", cmd_games, "maat games", "list the games, their rules and start positions"},
	{"help", cmd_help, "maat help", "this text"},
	{"perft", cmd_perft,
	 "maat perft --game G [--position STR] [--rule NAME=VALUE]... DEPTH [--divide] [--json]",
	 "count the leaves of the legal move tree (move generator proof)"},
	{"render", cmd_render, "maat render FILE... -o OUT.{png,svg,pdf} [options]",
	 "draw diagrams"},
	{"solve", cmd_solve,
	 "maat solve FILE | maat solve --game G --position STR --stip \"win in N\"",
	 "solve a problem and print the solution tree"},
	{"verify", cmd_verify, "maat verify [--json] [--explain] [--tries K] [--max-time S] [-j N] PATH...",
	 "check puzzle files: sound, cooked, short, no solution, claim mismatch"},
};

#define NCOMMANDS (int)(sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
	fprintf(f, "usage: maat COMMAND [ARGS]\n\ncommands:\n");
	for (int i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "\n");
	for (int i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %s\n", commands[i].usage);
	fprintf(f, "\nSee maat(1) and maat-puzzle(5).\n");
}

static int cmd_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	usage(stdout);
	return EXIT_OK;
}

void cli_error(const char *fmt, ...)
{
	va_list ap;
	fputs("maat: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

bool cli_parse_int(const char *s, long lo, long hi, long *out)
{
	char *end;
	if (!s || !*s)
		return false;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

const struct game *cli_find_game(const char *id)
{
	const struct game *g = id ? game_find(id) : NULL;
	if (!g || !g->gen_moves) {
		fprintf(stderr, "maat: unknown game '%s' (games:", id ? id : "");
		for (const struct game *const *p = game_all(); *p; p++)
			if ((*p)->gen_moves)
				fprintf(stderr, " %s", (*p)->id);
		fprintf(stderr, ")\n");
		return NULL;
	}
	return g;
}

/* A game's message may quote the text it was given as it is: one line. */
static const char *one_line(char *msg)
{
	for (char *p = msg; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = ' ';
	return msg;
}

int cli_load_position(const struct game *g, void *pos, const char *text, char **rules,
		      int nrules)
{
	char err[256] = "";
	if (g->parse(pos, text ? text : g->start, err, sizeof err) < 0) {
		fprintf(stderr, "position: %s\n", one_line(err));
		return -1;
	}
	for (int i = 0; i < nrules; i++) {
		char name[64];
		const char *eq = strchr(rules[i], '=');
		if (!eq || eq == rules[i] || (size_t)(eq - rules[i]) >= sizeof name) {
			fprintf(stderr, "rule: expected NAME=VALUE, got '%s'\n", rules[i]);
			return -1;
		}
		memcpy(name, rules[i], (size_t)(eq - rules[i]));
		name[eq - rules[i]] = 0;
		if (!g->set_rule) {
			fprintf(stderr, "rule: %s has no rule options\n", g->id);
			return -1;
		}
		if (g->set_rule(pos, name, eq + 1, err, sizeof err) < 0) {
			fprintf(stderr, "rule: %s\n", one_line(err));
			return -1;
		}
	}
	return 0;
}

void cli_table_error(size_t megabytes)
{
	size_t memory = tt_memory_mb();
	if (memory)
		cli_error("cannot allocate a transposition table of %zu MB (--hash; memory: %zu MB)",
			  megabytes, memory);
	else
		cli_error("cannot allocate a transposition table of %zu MB (--hash)", megabytes);
}

void cli_default_solver_options(struct judge_opts *o)
{
	memset(o, 0, sizeof *o);
	o->an.max_refs = 1;
	o->an.tree = true;
	o->an.hash_mb = TT_DEFAULT_MB;
}

int cli_solver_option(int argc, char **argv, int *i, struct judge_opts *o, int *jobs)
{
	const char *a = argv[*i];
	const char *v = *i + 1 < argc ? argv[*i + 1] : NULL;
	long n;
	if (!strcmp(a, "--tries")) {
		if (!cli_parse_int(v, 0, ANALYSIS_MAX_REFS, &n)) {
			cli_error("--tries takes a number from 0 to %d", ANALYSIS_MAX_REFS);
			return -1;
		}
		o->an.max_refs = (int)n;
	} else if (!strcmp(a, "--hash")) {
		if (!cli_parse_int(v, 1, TT_MAX_MB, &n)) {
			cli_error("--hash takes megabytes from 1 to %d", TT_MAX_MB);
			return -1;
		}
		o->an.hash_mb = (size_t)n;
	} else if (!strcmp(a, "--max-time")) {
		char *end;
		double t = v ? strtod(v, &end) : 0;
		if (!v || *end || !(t > 0 && t <= 1e6)) {
			cli_error("--max-time takes seconds, more than 0 and at most 1000000");
			return -1;
		}
		o->an.max_seconds = t;
	} else if (!strcmp(a, "-j") || !strcmp(a, "--jobs")) {
		if (!cli_parse_int(v, 0, 1024, &n)) {
			cli_error("-j takes a number of threads from 0 (all cores) to 1024");
			return -1;
		}
		*jobs = (int)n;
	} else {
		return 0;
	}
	(*i)++;
	return 1;
}

int maat_main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_INPUT;
	}
	const char *name = argv[1];
	if (!strcmp(name, "-h") || !strcmp(name, "--help"))
		name = "help";
	if (!strcmp(name, "--version")) {
		printf("maat 0.1\n");
		return EXIT_OK;
	}
	for (int i = 0; i < NCOMMANDS; i++) {
		if (strcmp(commands[i].name, name) == 0) {
			int rc = commands[i].run(argc - 1, argv + 1);
			/* A full disk must not pass silently (git's run_builtin). */
			if (fflush(stdout) != 0 || ferror(stdout)) {
				cli_error("write failure on standard output");
				return EXIT_INPUT;
			}
			return rc;
		}
	}
	cli_error("unknown command '%s'", argv[1]);
	usage(stderr);
	return EXIT_INPUT;
}
