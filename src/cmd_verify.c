/*
** cmd_verify.c -- maat verify PATH...: one verdict per puzzle, a summary,
** and the exit status (0 all sound, 1 any unsound, 2 any input error).
*/
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "batch.h"
#include "cli.h"

struct verify_run {
	bool json, with_time, solution;
	int count[VERDICT_COUNT];
};

static void report(void *ctx, const struct puzzle *p, int collection_size, struct judgement *r)
{
	struct verify_run *run = ctx;
	run->count[r->verdict]++;
	if (run->json) {
		judge_print_json(stdout, p, r, run->with_time);
	} else {
		char label[1024];
		judge_label(p, collection_size, label, sizeof label);
		judge_print_text(stdout, p, label, r, run->solution);
	}
	fflush(stdout);
}

int cmd_verify(int argc, char **argv)
{
	struct judge_opts o;
	struct verify_run run = {.with_time = true};
	int jobs = 0;
	char **paths = argv + 1;
	int npaths = 0;
	cli_default_solver_options(&o);
	for (int i = 1; i < argc; i++) {
		int used = cli_solver_option(argc, argv, &i, &o, &jobs);
		if (used < 0)
			return EXIT_INPUT;
		if (used)
			continue;
		if (!strcmp(argv[i], "--json"))
			run.json = true;
		else if (!strcmp(argv[i], "--no-time"))
			run.with_time = false;
		else if (!strcmp(argv[i], "--solution"))
			run.solution = true;
		else if (!strcmp(argv[i], "--explain"))
			o.explain = true;
		else if (argv[i][0] == '-' && argv[i][1]) {
			cli_error("verify: unknown option '%s'", argv[i]);
			return EXIT_INPUT;
		} else
			paths[npaths++] = argv[i];
	}
	if (npaths == 0) {
		cli_error(
		    "usage: maat verify [--json] [--explain] [-j N] [--tries K] [--max-time S] "
		    "PATH...");
		return EXIT_INPUT;
	}
	/* The tree costs time and only the JSON, --solution or --explain shows it. */
	o.an.tree = run.json || run.solution || o.explain;
	struct batch b;
	if (batch_load(&b, paths, npaths, NULL) < 0) {
		cli_error("out of memory");
		batch_free(&b);
		return EXIT_INPUT;
	}
	if (b.total == 0 && b.load_errors == 0) {
		/* nothing checked is no success: a wrong directory, most likely */
		cli_error("no puzzle files (*.yaml, *.yml, *.olv, *.inp, *.epd, *.fen) found");
		batch_free(&b);
		return EXIT_INPUT;
	}
	int rc = batch_run(&b, &o, jobs, isatty(2) && !run.json, report, &run);
	if (rc < 0) {
		cli_table_error(o.an.hash_mb);
		batch_free(&b);
		return EXIT_INPUT;
	}
	int checked = 0;
	for (int v = 0; v < VERDICT_COUNT; v++)
		checked += run.count[v];

	if (!run.json) {
		printf("%d puzzle%s:", b.total, b.total == 1 ? "" : "s");
		const char *sep = " ";
		for (int v = 0; v < VERDICT_COUNT; v++)
			if (run.count[v]) {
				printf("%s%d %s", sep, run.count[v],
				       run.count[v] > 1 ? verdict_plurals[v] : verdict_names[v]);
				sep = ", ";
			}
		if (rc == BATCH_INTERRUPTED)
			printf("%s%d not checked (interrupted)", sep, b.total - checked);
		if (b.load_errors)
			printf("%s%d unreadable path%s", sep, b.load_errors,
			       b.load_errors == 1 ? "" : "s");
		printf("\n");
	} else if (rc == BATCH_INTERRUPTED) {
		fprintf(stderr, "maat: interrupted: %d of %d puzzles not checked\n",
		        b.total - checked, b.total);
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
