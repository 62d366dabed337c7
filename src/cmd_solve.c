/*
** cmd_solve.c -- maat solve: the solution of one problem, or of every
** problem in the files given, as composers read it.
*/
#include <stdio.h>
#include <string.h>

#include "batch.h"
#include "cli.h"
#include "tt.h"

struct solve_run {
	bool json, with_time;
	int worst;
	int solved; /* puzzles reported */
};

static int exit_for(enum verdict v)
{
	if (v == VERDICT_ERROR)
		return EXIT_INPUT;
	return v == VERDICT_SOUND || v == VERDICT_UNSUPPORTED ? EXIT_OK : EXIT_UNSOUND;
}

static void report(void *ctx, const struct puzzle *p, int collection_size,
		   struct judgement *r)
{
	struct solve_run *run = ctx;
	int rc = exit_for(r->verdict);
	run->solved++;
	if (rc > run->worst)
		run->worst = rc;
	if (run->json) {
		judge_print_json(stdout, p, r, run->with_time);
		return;
	}
	char label[1024];
	judge_label(p, collection_size, label, sizeof label);
	if (r->position[0])
		printf("%s  %s  %s\n", p->game->id, r->position, r->has_stip ? r->stip.text : "");
	judge_print_text(stdout, p, label, r, true);
	if (r->analysed)
		printf("(%llu positions, %.2f s)\n\n", (unsigned long long)r->an.nodes_searched,
		       run->with_time ? r->an.seconds : 0.0);
}

int cmd_solve(int argc, char **argv)
{
	struct judge_opts o;
	struct solve_run run = {.with_time = true};
	const char *game_id = NULL, *position = NULL, *stip = NULL;
	char *rules[MAX_RULES];
	int nrules = 0, jobs = 1, npaths = 0;
	char **paths = argv + 1;
	cli_default_solver_options(&o);
	for (int i = 1; i < argc; i++) {
		int used = cli_solver_option(argc, argv, &i, &o, &jobs);
		if (used < 0)
			return EXIT_INPUT;
		if (used)
			continue;
		const char *a = argv[i];
		if (!strcmp(a, "--json"))
			run.json = true;
		else if (!strcmp(a, "--no-time"))
			run.with_time = false;
		else if (!strcmp(a, "--game") && i + 1 < argc)
			game_id = argv[++i];
		else if (!strcmp(a, "--position") && i + 1 < argc)
			position = argv[++i];
		else if (!strcmp(a, "--stip") && i + 1 < argc)
			stip = argv[++i];
		else if (!strcmp(a, "--rule") && i + 1 < argc) {
			if (nrules == MAX_RULES) {
				cli_error("too many --rule options");
				return EXIT_INPUT;
			}
			rules[nrules++] = argv[++i];
		} else if (a[0] == '-' && a[1]) {
			cli_error("solve: unknown option '%s'", a);
			return EXIT_INPUT;
		} else
			paths[npaths++] = argv[i];
	}
	if (npaths > 0) {
		if (game_id || position || stip) {
			cli_error("solve: give FILE or --game/--position/--stip, not both");
			return EXIT_INPUT;
		}
		struct batch b;
		if (batch_load(&b, paths, npaths, NULL) < 0) {
			batch_free(&b);
			cli_error("out of memory");
			return EXIT_INPUT;
		}
		int done = batch_run(&b, &o, jobs, false, report, &run);
		int rc = b.load_errors ? EXIT_INPUT : run.worst;
		if (done < 0) {
			cli_table_error(o.an.hash_mb);
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
		cli_error("usage: maat solve FILE... | maat solve --game G [--position STR] --stip "
			  "\"win in N\"");
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
	if (cli_load_position(g, p.pos, position, rules, nrules) < 0)
		return EXIT_INPUT;
	p.has_position = true;
	char err[256];
	if (stip_parse(stip, &p.stip, err, sizeof err) < 0) {
		fprintf(stderr, "stipulation: %s\n", err);
		return EXIT_INPUT;
	}
	p.has_stip = true;
	/* the table here, so that a --hash too big gets its own message */
	struct tt tt;
	if (tt_init(&tt, o.an.hash_mb) < 0) {
		cli_table_error(o.an.hash_mb);
		return EXIT_INPUT;
	}
	struct judgement r;
	judge_puzzle(&p, &o, &tt, &r);
	report(&run, &p, 1, &r);
	judgement_free(&r);
	tt_free(&tt);
	return run.worst;
}
