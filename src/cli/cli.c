/*
** cli.c -- subcommand dispatch, usage, and the argument helpers the
** commands share.
*/
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "base/textsafe.h"
#include "judge/batch.h"
#include "judge/judge.h"
#include "output/writer.h"
#include "play/stip.h"
#include "solve/tt.h"

static int cmd_help(int argc, char **argv);

const struct cli_spec help_spec = {"help", "[COMMAND]", "this text, or the usage of one command",
                                   NULL, 0};

static const struct command commands[] = {
    {cmd_check_proof, &check_proof_spec},
    {cmd_compose, &compose_spec},
    {cmd_convert, &convert_spec},
    {cmd_games, &games_spec},
    {cmd_help, &help_spec},
    {cmd_perft, &perft_spec},
    {cmd_prove, &prove_spec},
    {cmd_render, &render_spec},
    {cmd_summary, &summary_spec},
    {cmd_solve, &solve_spec},
    {cmd_verify, &verify_spec},
};

#define NCOMMANDS (int)(sizeof commands / sizeof commands[0])

static const struct command *find_command(const char *name)
{
	for (int i = 0; i < NCOMMANDS; i++)
		if (!strcmp(commands[i].spec->cmd, name))
			return &commands[i];
	return NULL;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: maat COMMAND [options] [ARGS]\n\ncommands:\n");
	for (int i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-11s %s\n", commands[i].spec->cmd, commands[i].spec->summary);
	fprintf(f, "\n");
	for (int i = 0; i < NCOMMANDS; i++) {
		const struct cli_spec *c = commands[i].spec;
		fprintf(f, "  maat %s%s%s%s\n", c->cmd, c->nopts ? " [options]" : "",
		        *c->operands ? " " : "", c->operands);
	}
	fprintf(f, "\n'maat COMMAND --help' lists the options of a command.\n"
	           "See maat(1) and maat-puzzle(5).\n");
}

static int cmd_help(int argc, char **argv)
{
	char **rest = argv + 1;
	int n = 0, r = cli_parse(&help_spec, argc, argv, NULL, rest, &n);
	if (r == 0 && n > 1) {
		cli_error("help: one command at most, got '%s' and '%s'", rest[0], rest[1]);
		r = -1;
	}
	if (r)
		return CLI_EXIT(r);
	if (n == 0) {
		usage(stdout);
		return EXIT_OK;
	}
	const struct command *c = find_command(rest[0]);
	if (!c) {
		cli_error("help: unknown command '%s'", rest[0]);
		return EXIT_INPUT;
	}
	cli_usage(stdout, c->spec);
	return EXIT_OK;
}

void cli_error(const char *fmt, ...)
{
	va_list ap;
	fputs("maat: ", stderr);
	va_start(ap, fmt);
	text_vfprintf(stderr, fmt, ap);
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
	const struct game *g = game_find(id);
	if (!g) {
		char ids[256];
		game_ids(ids, sizeof ids);
		text_fprintf(stderr, "maat: unknown game '%s' (games: %s)\n", id ? id : "", ids);
	}
	return g;
}

const struct writer *cli_writer(const char *format, bool json)
{
	if (!format)
		return json ? &writer_jsonl : &writer_text;
	const struct writer *w = writer_find(format);
	char names[128];
	writer_names(names, sizeof names);
	if (!w) {
		text_fprintf(stderr, "maat: --format: unknown format '%s' (formats: %s)\n", format,
		             names);
		return NULL;
	}
	if (json && w != &writer_jsonl) {
		text_fprintf(stderr, "maat: --json and --format %s: give one of them\n", format);
		return NULL;
	}
	return w;
}

int cli_load_position(const struct game *g, void *pos, const char *text, char **rules, int nrules)
{
	char err[256] = "";
	if (g->parse(pos, text ? text : g->start, err, sizeof err) < 0) {
		text_fprintf(stderr, "position: %s\n", err);
		return -1;
	}
	if (err[0]) /* what the game dropped (castling rights) */
		text_fprintf(stderr, "position: %s: warning\n", err);
	for (int i = 0; i < nrules; i++) {
		char name[64];
		const char *eq = strchr(rules[i], '=');
		if (!eq || eq == rules[i] || (size_t)(eq - rules[i]) >= sizeof name) {
			text_fprintf(stderr, "rule: expected NAME=VALUE, got '%s'\n", rules[i]);
			return -1;
		}
		memcpy(name, rules[i], (size_t)(eq - rules[i]));
		name[eq - rules[i]] = 0;
		if (!g->set_rule) {
			fprintf(stderr, "rule: %s has no rule options\n", g->id);
			return -1;
		}
		if (g->set_rule(pos, name, eq + 1, err, sizeof err) < 0) {
			text_fprintf(stderr, "rule: %s\n", err);
			return -1;
		}
	}
	return 0;
}

bool cli_check_stip(const char *cmd, const char *stip)
{
	struct stipulation st;
	char err[256];
	if (!stip || stip_parse(stip, &st, err, sizeof err) != -1)
		return true;
	cli_error("%s: --stip: %s", cmd, err);
	return false;
}

char *cli_label(const struct puzzle *p, int collection_size)
{
	size_t len = strlen(p->file ? p->file : "") + 32; /* ":LINE" or "#INDEX" */
	char *buf = malloc(len);
	if (buf)
		judge_label(p, collection_size, buf, len);
	return buf;
}

void cli_table_error(size_t megabytes)
{
	char why[512];
	if (tt_fit(1, true, megabytes, why, sizeof why) == 0)
		cli_error("%s", why);
	else
		cli_error("cannot allocate a transposition table of %zu MB (--hash): out of memory",
		          megabytes);
}

void cli_default_solver_options(struct judge_opts *o)
{
	memset(o, 0, sizeof *o);
	o->an.max_refs = 1;
	o->an.tree = true;
	o->an.hash_mb = TT_DEFAULT_MB;
}

static const struct cli_opt *find_opt(const struct cli_opt *opts, int nopts, const char *a,
                                      size_t len)
{
	for (int i = 0; i < nopts; i++)
		if ((strlen(opts[i].name) == len && !strncmp(a, opts[i].name, len)) ||
		    (opts[i].alias && strlen(opts[i].alias) == len &&
		     !strncmp(a, opts[i].alias, len)))
			return &opts[i];
	return NULL;
}

/* The short form ("-j") of an option, or NULL. */
static const char *short_name(const struct cli_opt *o)
{
	if (o->name[1] != '-' && o->name[2] == 0)
		return o->name;
	if (o->alias && o->alias[1] != '-' && o->alias[2] == 0)
		return o->alias;
	return NULL;
}

/* The value of one option into args; false after printing the error. */
static bool set_opt(const char *cmd, const struct cli_opt *o, const char *v, void *args)
{
	char *at = (char *)args + o->at;
	long n;
	switch (o->kind) {
	case CLI_FLAG:
		*(bool *)at = true;
		return true;
	case CLI_INT:
	case CLI_SIZE:
		if (!cli_parse_int(v, o->lo, o->hi, &n)) {
			cli_error("%s: %s takes %s from %ld to %ld", cmd, o->name,
			          o->kind == CLI_SIZE ? "megabytes" : "a number", o->lo, o->hi);
			return false;
		}
		if (o->kind == CLI_INT)
			*(int *)at = (int)n;
		else
			*(size_t *)at = (size_t)n;
		return true;
	case CLI_SECONDS: {
		char *end;
		errno = 0;
		double t = v && *v ? strtod(v, &end) : -1;
		if (!v || !*v || *end || errno || !(t >= 0 && t <= (double)o->hi) ||
		    (o->lo > 0 && t == 0)) {
			cli_error("%s: %s takes seconds, from %s0 to %ld", cmd, o->name,
			          o->lo > 0 ? "more than " : "", o->hi);
			return false;
		}
		*(double *)at = t;
		return true;
	}
	case CLI_TEXT:
		*(const char **)at = v;
		return true;
	case CLI_LIST: {
		struct cli_list *l = (struct cli_list *)at;
		if (l->n == MAX_RULES) {
			cli_error("%s: %s given more than %d times", cmd, o->name, MAX_RULES);
			return false;
		}
		l->v[l->n++] = v;
		return true;
	}
	case CLI_CHOICE: {
		/* the words of o->value, "place|play|mixed" */
		int k = 0;
		for (const char *w = o->value; v && w && *w; k++) {
			size_t wl = strcspn(w, "|");
			if (strlen(v) == wl && !strncmp(v, w, wl)) {
				*(int *)at = k;
				return true;
			}
			w += wl + (w[wl] == '|');
		}
		char words[128] = "";
		for (const char *w = o->value; w && *w;) {
			size_t wl = strcspn(w, "|"), used = strlen(words);
			bool last = !w[wl];
			snprintf(words + used, sizeof words - used, "%s%.*s",
			         !used  ? ""
			         : last ? " or "
			                : ", ",
			         (int)wl, w);
			w += wl + !last;
		}
		cli_error("%s: %s takes %s, got '%s'", cmd, o->name, words, v ? v : "");
		return false;
	}
	case CLI_U64: {
		char *end;
		errno = 0;
		/* strtoull takes blanks and a sign ("-1" is 2^64-1): digits only */
		unsigned long long u = v && *v >= '0' && *v <= '9' ? strtoull(v, &end, 10) : 0;
		if (!v || *v < '0' || *v > '9' || *end || errno) {
			cli_error("%s: %s takes a number from 0 to %llu", cmd, o->name,
			          (unsigned long long)UINT64_MAX);
			return false;
		}
		*(uint64_t *)at = (uint64_t)u;
		return true;
	}
	case CLI_SHARD: {
		struct cli_shard *sh = (struct cli_shard *)at;
		const char *slash = v ? strchr(v, '/') : NULL;
		char k[24];
		long kk, nn;
		if (!slash || slash == v || (size_t)(slash - v) >= sizeof k) {
			cli_error("%s: %s takes K/N (0 <= K < N), as in 0/8", cmd, o->name);
			return false;
		}
		memcpy(k, v, (size_t)(slash - v));
		k[slash - v] = 0;
		if (!cli_parse_int(slash + 1, 1, o->hi, &nn) || !cli_parse_int(k, 0, nn - 1, &kk)) {
			cli_error("%s: %s takes K/N with 0 <= K < N <= %ld, got '%s'", cmd, o->name,
			          o->hi, v);
			return false;
		}
		sh->k = (int)kk;
		sh->n = (int)nn;
		return true;
	}
	}
	return false;
}

int cli_next(const struct cli_spec *spec, int argc, char **argv, int *i, const struct cli_opt **opt,
             const char **value)
{
	const char *a = argv[*i];
	*opt = NULL;
	*value = a;
	(*i)++;
	if (a[0] != '-' || !a[1]) /* an operand, or "-" (standard input) */
		return 0;
	if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
		cli_usage(stdout, spec);
		return CLI_HELP;
	}
	/* the forms getopt_long reads: "--jobs 2", "--jobs=2", "-j 2", "-j2" */
	const char *eq = a[1] == '-' ? strchr(a, '=') : NULL;
	size_t len = eq ? (size_t)(eq - a) : strlen(a);
	const struct cli_opt *o = find_opt(spec->opts, spec->nopts, a, len);
	const char *v = eq ? eq + 1 : NULL;
	if (!o && a[1] != '-' && a[2]) {
		for (int k = 0; k < spec->nopts && !o; k++) {
			const char *sn = short_name(&spec->opts[k]);
			if (sn && spec->opts[k].kind != CLI_FLAG && sn[1] == a[1])
				o = &spec->opts[k];
		}
		v = a + 2;
		if (o && *v == '=') {
			/* getopt would take "=out.yaml" for the value: a file of that name */
			const char *lf = o->name[1] == '-' ? o->name : o->alias;
			cli_error("%s: '%s': give the value without '=' (%s %s%s%s%s%s)", spec->cmd,
			          a, short_name(o), v + 1, lf ? ", or " : "", lf ? lf : "",
			          lf ? "=" : "", lf ? v + 1 : "");
			return -1;
		}
	}
	if (!o) {
		cli_error("%s: unknown option '%.*s' ('maat %s --help' lists them)", spec->cmd,
		          (int)len, a, spec->cmd);
		return -1;
	}
	if (o->kind == CLI_FLAG && v) {
		cli_error("%s: %s takes no value, got '%s'", spec->cmd, o->name, v);
		return -1;
	}
	if (o->kind != CLI_FLAG && !v) {
		if (*i >= argc) {
			cli_error("%s: %s needs a value (%s)", spec->cmd, o->name, o->value);
			return -1;
		}
		v = argv[(*i)++];
	}
	*opt = o;
	*value = v;
	return 0;
}

int cli_parse(const struct cli_spec *spec, int argc, char **argv, void *args, char **rest,
              int *nrest)
{
	*nrest = 0;
	for (int i = 1; i < argc;) {
		const struct cli_opt *o;
		const char *v;
		int r = cli_next(spec, argc, argv, &i, &o, &v);
		if (r)
			return r;
		if (!o) /* rest is argv + 1 or apart: never ahead of i */
			rest[(*nrest)++] = argv[i - 1];
		else if (!set_opt(spec->cmd, o, v, args))
			return -1;
	}
	return 0;
}

void cli_usage(FILE *f, const struct cli_spec *spec)
{
	fprintf(f, "usage: maat %s%s%s%s\n", spec->cmd, spec->nopts ? " [options]" : "",
	        *spec->operands ? " " : "", spec->operands);
	fprintf(f, "%s\n", spec->summary);
	if (spec->nopts)
		fprintf(f, "options:\n");
	for (int i = 0; i < spec->nopts; i++) {
		const struct cli_opt *o = &spec->opts[i];
		/* the short form first: "-j, --jobs N" */
		bool alias_first = o->alias && o->alias[1] != '-';
		const char *first = alias_first ? o->alias : o->name;
		const char *second = alias_first ? o->name : o->alias;
		char left[64];
		snprintf(left, sizeof left, "%s%s%s%s%s", first, second ? ", " : "",
		         second ? second : "", o->value ? " " : "", o->value ? o->value : "");
		fprintf(f, "  %-24s %s\n", left, o->help);
	}
	fprintf(f, "  %-24s %s\n", "-h, --help", "this text");
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
	const struct command *c = find_command(name);
	if (c) {
		int rc = c->run(argc - 1, argv + 1);
		/* A full disk must not pass silently (git's run_builtin). */
		if (fflush(stdout) != 0 || ferror(stdout)) {
			cli_error("write failure on standard output");
			return EXIT_INPUT;
		}
		return rc;
	}
	cli_error("unknown command '%s'", argv[1]);
	usage(stderr);
	return EXIT_INPUT;
}

bool cli_output_is_input(const char *cmd, const struct batch *b, const char *out)
{
	struct stat o, i;
	if (!out || !strcmp(out, "-") || stat(out, &o) != 0)
		return false; /* nothing there to lose */
	for (int k = 0; k < b->nnames; k++)
		if (strcmp(b->names[k], "-") && stat(b->names[k], &i) == 0 &&
		    i.st_dev == o.st_dev && i.st_ino == o.st_ino) {
			cli_error(
			    "%s: '%s' is one of the files read: writing it would replace its "
			    "puzzles, and lose those not written (give another output; nothing "
			    "written)",
			    cmd, out);
			return true;
		}
	return false;
}
