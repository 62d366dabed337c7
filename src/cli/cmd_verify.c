/*
** cmd_verify.c -- maat verify PATH...: one verdict per puzzle, a summary,
** and the exit status (0 all sound, 1 any unsound, 2 any input error).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "judge/batch.h"
#include "output/writer.h"

struct verify_args {
	struct judge_opts o;
	int jobs;
	bool json, no_time, solution, explain, progress;
	const char *stip, *format;
	struct cli_shard shard;
};

#define CLI_ARGS struct verify_args
static const struct cli_opt verify_opts[] = {
    CLI_FLAG_ROW("--json", json,
                 "one JSON object per line (maat(1) JSON OUTPUT); the same as --format json"),
    CLI_TEXT_ROW("--format", NULL, format, "F",
                 "text (default), json, popeye (each solution as Popeye prints it) or magazine "
                 "(as magazines print it, with --solution)"),
    CLI_FLAG_ROW(
        "--explain", explain,
        "show what an unsound problem needs: cooks, refutations, where the claim goes wrong"),
    CLI_FLAG_ROW("--solution", solution, "print each solution after its verdict"),
    CLI_FLAG_ROW("--no-time", no_time, "leave times out of the JSON (reproducible output)"),
    CLI_TEXT_ROW("--stip", NULL, stip, "STIP",
                 "the stipulation of FEN lines and EPD records without dm"),
    CLI_NUM_ROW(CLI_SHARD, "--shard", NULL, shard, 0, 1000000, "K/N",
                "check only problem i of the batch where i mod N = K (i from 0, in input order)"),
    CLI_FLAG_ROW("--progress", progress,
                 "a progress line on standard error, also when it is no terminal"),
    CLI_SOLVER_OPTS,
};
#undef CLI_ARGS

const struct cli_spec verify_spec = {
    "verify", "PATH...", "check puzzle files: sound, cooked, short, no solution, claim mismatch",
    verify_opts, CLI_NOPTS(verify_opts)};

struct verify_run {
	const struct writer *w;
	bool with_time, solution;
	bool tries; /* --tries given: the magazine format prints the tries */
	int count[VERDICT_COUNT];
};

static void report(void *ctx, const struct puzzle *p, int collection_size, struct judgement *r)
{
	struct verify_run *run = ctx;
	run->count[r->verdict]++;
	char *label = cli_label(p, collection_size);
	struct writer_opts wo = {
	    .solution = run->solution, .with_time = run->with_time, .tries = run->tries};
	run->w->problem(stdout, p, label ? label : p->file, r, &wo);
	free(label);
	fflush(stdout);
}

int cmd_verify(int argc, char **argv)
{
	struct verify_args a;
	memset(&a, 0, sizeof a);
	cli_default_solver_options(&a.o);
	a.o.an.max_seconds = -1; /* not given */
	a.o.an.max_refs = -1;    /* not given: 1, and the magazine format shows no tries */
	char **paths = argv + 1;
	int npaths = 0;
	int pr = cli_parse(&verify_spec, argc, argv, &a, paths, &npaths);
	if (pr)
		return CLI_EXIT(pr);
	if (npaths == 0) {
		cli_usage(stderr, &verify_spec);
		return EXIT_INPUT;
	}
	if (!cli_check_stip("verify", a.stip))
		return EXIT_INPUT;
	if (a.o.an.max_seconds < 0)
		a.o.an.max_seconds = CLI_MAX_TIME;
	a.o.explain = a.explain;
	const struct writer *w = cli_writer(a.format, a.json);
	if (!w)
		return EXIT_INPUT;
	struct verify_run run = {
	    .w = w, .with_time = !a.no_time, .solution = a.solution, .tries = a.o.an.max_refs >= 0};
	if (a.o.an.max_refs < 0)
		a.o.an.max_refs = 1;
	/* The tree costs time and only a format that prints it, --solution or
	   --explain shows it. */
	a.o.an.tree = w->tree || run.solution || a.o.explain;
	/* (the Popeye format prints a tree only for Option Variation;
	   --explain reads the tree whatever is printed) */
	a.o.shows_tree = a.o.explain ? NULL : w->shows_tree;
	struct batch b;
	struct load_opts lo = {.stip = a.stip};
	if (batch_load(&b, paths, npaths, &lo) < 0) {
		cli_error("out of memory");
		batch_free(&b);
		return EXIT_INPUT;
	}
	if (b.total == 0 && b.load_errors == 0 && !batch_interrupted(&b)) {
		/* nothing checked is no success: a wrong directory, most likely */
		cli_error("no puzzle files (*.yaml, *.yml, *.olv, *.inp, *.epd, *.fen) found");
		batch_free(&b);
		return EXIT_INPUT;
	}
	if (a.shard.n)
		batch_shard(&b, a.shard.k, a.shard.n);
	enum batch_progress progress = a.progress ? (isatty(2) ? PROGRESS_TERMINAL : PROGRESS_LINES)
	                               : isatty(2) && w->summary ? PROGRESS_TERMINAL
	                                                         : PROGRESS_NONE;
	int rc = batch_run(&b, &a.o, a.jobs, progress, report, &run);
	if (rc < 0) {
		cli_error("verify: %s", b.why);
		batch_free(&b);
		return EXIT_INPUT;
	}
	int checked = 0;
	for (int v = 0; v < VERDICT_COUNT; v++)
		checked += run.count[v];

	if (w->summary) {
		printf("%d puzzle%s:", b.total, b.total == 1 ? "" : "s");
		const char *sep = " ";
		for (int v = 0; v < VERDICT_COUNT; v++)
			if (run.count[v]) {
				printf("%s%d %s", sep, run.count[v],
				       run.count[v] > 1 ? verdict_plurals[v] : verdict_names[v]);
				sep = ", ";
			}
		if (rc == BATCH_INTERRUPTED) {
			printf("%s%d not checked (interrupted)", sep, b.total - checked);
			sep = ", ";
		}
		if (rc == BATCH_INTERRUPTED && batch_unread(&b))
			printf("%s%d file%s not read", sep, batch_unread(&b),
			       batch_unread(&b) == 1 ? "" : "s"),
			    sep = ", ";
		if (b.load_errors)
			printf("%s%d unreadable path%s", sep, b.load_errors,
			       b.load_errors == 1 ? "" : "s");
		if (a.shard.n)
			printf(" (shard %d/%d)", a.shard.k, a.shard.n);
		printf("\n");
	} else if (rc == BATCH_INTERRUPTED) {
		fprintf(stderr, "maat: interrupted: %d of %d puzzles not checked",
		        b.total - checked, b.total);
		if (batch_unread(&b))
			fprintf(stderr, ", %d file%s not read", batch_unread(&b),
			        batch_unread(&b) == 1 ? "" : "s");
		fputc('\n', stderr);
	}
	int unreadable = b.load_errors;
	batch_free(&b);
	if (rc == BATCH_INTERRUPTED)
		return EXIT_INTERRUPTED;
	if (run.count[VERDICT_ERROR] || unreadable)
		return EXIT_INPUT;
	for (int v = 0; v < VERDICT_COUNT; v++)
		if (v != VERDICT_SOUND && v != VERDICT_UNSUPPORTED && run.count[v])
			return EXIT_UNSOUND;
	return EXIT_OK;
}
