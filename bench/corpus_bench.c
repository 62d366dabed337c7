/*
** corpus_bench.c -- time maat's verifier on a corpus file (a JSONL file of tests/corpus)
** and check every answer against the record: keys with their least number
** of moves, tries with their refutation where the record has them (--tries),
** and positions Popeye refuses refused.
**
**   build/corpus_bench FILE.jsonl [--tries] [--min-n N] [--max-n N] [--times OUT]
**
** Prints one line per group of records with the same stipulation: count,
** disagreements, total seconds, slowest record; then the total.  --times
** writes "ID N SECONDS ok|DISAGREE" per record solved, for a side-by-side
** comparison with a peer.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis.h"
#include "game.h"
#include "minijson.h"
#include "search.h"

struct group {
	int n, count, bad;
	double seconds, slowest, popeye;
	char slowest_id[64];
};

/* The record's tries (move and its one refutation) are exactly maat's. */
static bool same_tries(const struct analysis *a, const struct mj *rtries)
{
	if (a->ntries != mj_len(rtries))
		return false;
	for (const struct mj *t = rtries->child; t; t = t->next) {
		const struct mj *mv = mj_get(t, "move"), *refs = mj_get(t, "refutations");
		if (!mv || !refs || !refs->child)
			return false;
		bool found = false;
		for (int i = 0; i < a->ntries && !found; i++)
			found = !strcmp(a->tries[i].canon, mv->str) && a->tries[i].nrefs == 1 &&
			        !strcmp(a->tries[i].ref_canon[0], refs->child->str);
		if (!found)
			return false;
	}
	return true;
}

static void report_disagreement(const char *id, const struct analysis *a)
{
	fprintf(stderr, "DISAGREE %s: maat keys", id);
	for (int k = 0; k < a->nkeys; k++)
		fprintf(stderr, " %s(%d)", a->keys[k].canon, a->keys[k].moves);
	fprintf(stderr, "; tries");
	for (int i = 0; i < a->ntries; i++)
		fprintf(stderr, " %s/%s", a->tries[i].canon,
		        a->tries[i].nrefs ? a->tries[i].ref_canon[0] : "-");
	fprintf(stderr, "\n");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: corpus_bench FILE.jsonl [--tries] [--min-n N] [--max-n N] "
		                "[--times OUT]\n");
		return 2;
	}
	bool tries = false;
	int min_n = 1, max_n = 99;
	FILE *times = NULL;
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--tries"))
			tries = true;
		else if (!strcmp(argv[i], "--min-n") && i + 1 < argc)
			min_n = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--max-n") && i + 1 < argc)
			max_n = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--times") && i + 1 < argc) {
			times = fopen(argv[++i], "w");
			if (!times) {
				perror(argv[i]);
				return 2;
			}
		} else {
			fprintf(stderr, "corpus_bench: unknown argument %s\n", argv[i]);
			return 2;
		}
	}
	FILE *f = fopen(argv[1], "r");
	if (!f) {
		perror(argv[1]);
		return 2;
	}
	const struct game *g = game_find("chess");
	struct tt tt;
	if (tt_init(&tt, TT_DEFAULT_MB) < 0)
		return 2;
	struct group groups[16] = {{0}};
	int refused = 0, refused_bad = 0;
	char *line = NULL;
	size_t cap = 0;
	while (getline(&line, &cap, f) > 0) {
		struct mj *rec = mj_parse(line);
		const char *id = mj_get(rec, "id")->str;
		const struct mj *status = mj_get(rec, "status");
		int n = (int)mj_get(rec, "n")->num;
		_Alignas(16) unsigned char pos[MAX_POS_SIZE];
		char err[256];
		int parsed = g->parse(pos, mj_get(rec, "fen")->str, err, sizeof err);
		if (strcmp(status->str, "ok") && min_n <= 1) {
			/* Popeye refuses the position: so must maat. */
			refused++;
			if (parsed == 0) {
				refused_bad++;
				fprintf(stderr, "DISAGREE %s: Popeye refuses it, maat accepts it\n",
				        id);
			}
			mj_free(rec);
			continue;
		}
		if (strcmp(status->str, "ok") || n < min_n || n > max_n || n >= 16) {
			mj_free(rec);
			continue;
		}
		struct group *gr = &groups[n];
		gr->n = n;
		gr->count++;
		if (parsed < 0) {
			fprintf(stderr, "DISAGREE %s: maat refuses it: %s\n", id, err);
			gr->bad++;
			mj_free(rec);
			continue;
		}
		const struct mj *rtries = mj_get(rec, "tries");
		struct analysis_opts o = {.max_refs = tries && rtries ? 1 : 0, .hash_mb = 64};
		struct analysis a;
		clock_t c0 = clock();
		analysis_run(g, pos, n, &o, &tt, &a);
		/* CPU time, not wall time: other work on the machine must not count. */
		a.seconds = (double)(clock() - c0) / CLOCKS_PER_SEC;
		const struct mj *keys = mj_get(rec, "key_min_moves");
		bool bad = a.nkeys != mj_len(keys);
		for (int k = 0; k < a.nkeys && !bad; k++) {
			const struct mj *w = mj_get(keys, a.keys[k].canon);
			bad = !w || (int)w->num != a.keys[k].moves;
		}
		if (o.max_refs && n > 1 && !bad)
			bad = !same_tries(&a, rtries);
		gr->bad += bad;
		gr->seconds += a.seconds;
		const struct mj *cpu = mj_get(rec, "popeye_cpu_s");
		gr->popeye += cpu ? cpu->num : 0;
		if (a.seconds > gr->slowest) {
			gr->slowest = a.seconds;
			snprintf(gr->slowest_id, sizeof gr->slowest_id, "%s", id);
		}
		if (bad)
			report_disagreement(id, &a);
		if (times)
			fprintf(times, "%s %d %.4f %s\n", id, n, a.seconds,
			        bad ? "DISAGREE" : "ok");
		analysis_free(&a);
		mj_free(rec);
	}
	free(line);
	fclose(f);
	if (times)
		fclose(times);
	double total = 0, ptotal = 0;
	int count = 0, bad = 0;
	for (int i = 0; i < 16; i++) {
		struct group *gr = &groups[i];
		if (!gr->count)
			continue;
		printf("  #%-2d %4d problems  %3d disagree  maat CPU %8.3f s  (Popeye's recorded "
		       "CPU %8.3f s)  slowest %s %.3f s\n",
		       gr->n, gr->count, gr->bad, gr->seconds, gr->popeye, gr->slowest_id,
		       gr->slowest);
		total += gr->seconds;
		ptotal += gr->popeye;
		count += gr->count;
		bad += gr->bad;
	}
	printf(
	    "  all %4d problems  %3d disagree  maat CPU %8.3f s  (Popeye's recorded CPU %8.3f s)\n",
	    count, bad, total, ptotal);
	if (refused)
		printf("  and %d positions Popeye refuses: maat refuses %d of them\n", refused,
		       refused - refused_bad);
	return bad || refused_bad ? 1 : 0;
}
