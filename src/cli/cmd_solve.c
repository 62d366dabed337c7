/*
** cmd_solve.c -- maat solve: the solution of one problem, or of every
** problem in the files given, as composers read it.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/interrupt.h"
#include "base/textsafe.h"
#include "cli/cli.h"
#include "judge/batch.h"
#include "output/writer.h"
#include "solve/tt.h"

struct solve_run {
	const struct writer *w;
	bool with_time;
	bool tries; /* --tries given */
	int worst;
	int solved; /* puzzles reported */
};

static int exit_for(enum verdict v)
{
	if (v == VERDICT_ERROR)
		return EXIT_INPUT;
	return v == VERDICT_SOUND || v == VERDICT_UNSUPPORTED ? EXIT_OK : EXIT_UNSOUND;
}

static void report(void *ctx, const struct puzzle *p, int collection_size, struct judgement *r)
{
	struct solve_run *run = ctx;
	int rc = exit_for(r->verdict);
	run->solved++;
	if (rc > run->worst)
		run->worst = rc;
	char *label = cli_label(p, collection_size);
	struct writer_opts wo = {
	    .solution = true, .solve = true, .with_time = run->with_time, .tries = run->tries};
	run->w->problem(stdout, p, label ? label : p->file, r, &wo);
	free(label);
}

struct solve_args {
	struct judge_opts o;
	int jobs;
	bool json, no_time, progress;
	const char *game, *position, *stip, *format, *style;
	struct cli_list rules;
	struct cli_shard shard;
};

#define CLI_ARGS struct solve_args
static const struct cli_opt solve_opts[] = {
    CLI_FLAG_ROW("--json", json,
                 "one JSON object per line (maat(1) JSON OUTPUT); the same as --format json"),
    CLI_TEXT_ROW("--format", NULL, format, "F",
                 "text (default), json, popeye (the solution as Popeye prints it) or magazine "
                 "(as magazines print it)"),
    CLI_TEXT_ROW("--style", NULL, style, "S",
                 "magazine: the publication style, the same as --format magazine"),
    CLI_FLAG_ROW("--no-time", no_time, "times as 0 (reproducible output)"),
    CLI_TEXT_ROW("--game", NULL, game, "G", "the game of --position (maat games)"),
    CLI_TEXT_ROW("--position", NULL, position, "STR",
                 "a position instead of files (default: the game's start)"),
    CLI_LIST_ROW("--rule", rules, "NAME=VALUE", "a rule option of the game, for --position"),
    CLI_TEXT_ROW("--stip", NULL, stip, "STIP",
                 "the stipulation of --position, or of FEN lines and EPD records without dm"),
    CLI_NUM_ROW(CLI_SHARD, "--shard", NULL, shard, 0, 1000000, "K/N",
                "solve only problem i of the files where i mod N = K (i from 0)"),
    CLI_FLAG_ROW("--progress", progress,
                 "a progress line on standard error, also when it is no terminal"),
    CLI_SOLVER_OPTS,
};
#undef CLI_ARGS

const struct cli_spec solve_spec = {"solve", "FILE... | --game G [--position STR] --stip STIP",
                                    "solve problems and print their solution trees", solve_opts,
                                    CLI_NOPTS(solve_opts)};

int cmd_solve(int argc, char **argv)
{
	struct solve_args a;
	memset(&a, 0, sizeof a);
	cli_default_solver_options(&a.o);
	a.o.an.max_refs = -1; /* not given: 1, and the magazine format shows no tries */
	a.jobs = 1;
	char **paths = argv + 1;
	int npaths = 0;
	int pr = cli_parse(&solve_spec, argc, argv, &a, paths, &npaths);
	if (pr)
		return CLI_EXIT(pr);
	/* --style is the publication style's own word (issue 24): the
	   magazine writer, which --format names as well */
	if (a.style) {
		if (strcmp(a.style, "magazine") != 0) {
			text_fprintf(stderr,
			             "maat: --style: unknown style '%s' (styles: magazine)\n",
			             a.style);
			return EXIT_INPUT;
		}
		if ((a.format && strcmp(a.format, "magazine") != 0) || a.json) {
			cli_error("solve: --style magazine and --format %s: give one of them",
			          a.json ? "json" : a.format);
			return EXIT_INPUT;
		}
		a.format = "magazine";
	}
	const struct writer *w = cli_writer(a.format, a.json);
	if (!w)
		return EXIT_INPUT;
	struct solve_run run = {.w = w, .with_time = !a.no_time, .tries = a.o.an.max_refs >= 0};
	if (a.o.an.max_refs < 0)
		a.o.an.max_refs = 1;
	struct judge_opts o = a.o;
	o.shows_tree = w->shows_tree;
	const char *game_id = a.game, *position = a.position, *stip = a.stip;
	if (npaths > 0) {
		if (game_id || position || a.rules.n) {
			cli_error("solve: give FILE or --game/--position, not both");
			return EXIT_INPUT;
		}
		if (!cli_check_stip("solve", stip))
			return EXIT_INPUT;
		struct batch b;
		struct load_opts lo = {.stip = stip};
		if (batch_load(&b, paths, npaths, &lo) < 0) {
			batch_free(&b);
			cli_error("out of memory");
			return EXIT_INPUT;
		}
		if (a.shard.n)
			batch_shard(&b, a.shard.k, a.shard.n);
		int done = batch_run(&b, &o, a.jobs, a.progress ? PROGRESS_LINES : PROGRESS_NONE,
		                     report, &run);
		int rc = b.load_errors ? EXIT_INPUT : run.worst;
		if (done < 0) {
			cli_error("solve: %s", b.why);
			rc = EXIT_INPUT;
		} else if (done == BATCH_INTERRUPTED) {
			fprintf(stderr, "maat: interrupted: %d of %d puzzles not solved\n",
			        b.total - run.solved, b.total);
			rc = EXIT_INTERRUPTED;
		}
		batch_free(&b);
		return rc;
	}
	if (!game_id || !stip) {
		cli_usage(stderr, &solve_spec);
		return EXIT_INPUT;
	}
	const struct game *g = cli_find_game(game_id);
	if (!g)
		return EXIT_INPUT;
	static const struct puzzle blank;
	struct puzzle p = blank;
	p.file = "(command line)";
	p.index = 1;
	p.game = g;
	if (cli_load_position(g, p.pos, position, (char **)a.rules.v, a.rules.n) < 0)
		return EXIT_INPUT;
	p.has_position = true;
	char err[256];
	if (stip_parse(stip, &p.stip, err, sizeof err) < 0) {
		text_fprintf(stderr, "stipulation: %s\n", err);
		return EXIT_INPUT;
	}
	p.has_stip = true;
	/* the position names its side to move: it must be the stipulation's */
	if (stip_first_mover(&p.stip, g->side_to_move(p.pos), g->side_name, err, sizeof err) < 0) {
		text_fprintf(stderr, "position: %s\n", err);
		return EXIT_INPUT;
	}
	/* the table here, so that a --hash too big gets its own message */
	struct tt tt;
	if (tt_init(&tt, o.an.hash_mb) < 0) {
		cli_table_error(o.an.hash_mb);
		return EXIT_INPUT;
	}
	/* Ctrl-C ends the search as a timeout would: what was found so far is
	   reported (it was lost: maat died by the signal, with no word) */
	struct interrupt_catch ic;
	interrupt_clear();
	interrupt_catch(&ic, false, true);
	o.an.stop = interrupt_flag();
	struct judgement r;
	judge_puzzle(&p, &o, &tt, &r);
	report(&run, &p, 1, &r);
	judgement_free(&r);
	tt_free(&tt);
	interrupt_release(&ic);
	if (interrupt_signal()) {
		fflush(stdout);
		fprintf(stderr, "maat: interrupted\n");
		return EXIT_INTERRUPTED;
	}
	return run.worst;
}
