/*
** corpus_bench.c -- time maat's verifier on a corpus file (a JSONL file of tests/corpus)
** and check every answer against the record: keys with their least number
** of moves, and tries where the record has them.
**
**   build/corpus_bench FILE.jsonl [--tries] [--max-n N]
**
** Prints one line per group of records with the same stipulation: count,
** disagreements, total seconds, slowest record; then the total.
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

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: corpus_bench FILE.jsonl [--tries] [--max-n N]\n");
		return 2;
	}
	bool tries = false;
	int max_n = 99;
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--tries"))
			tries = true;
		else if (!strcmp(argv[i], "--max-n") && i + 1 < argc)
			max_n = atoi(argv[++i]);
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
	char *line = NULL;
	size_t cap = 0;
	while (getline(&line, &cap, f) > 0) {
		struct mj *rec = mj_parse(line);
		const struct mj *status = mj_get(rec, "status");
		int n = (int)mj_get(rec, "n")->num;
		if (strcmp(status->str, "ok") || n > max_n || n >= 16) {
			mj_free(rec);
			continue;
		}
		_Alignas(16) unsigned char pos[MAX_POS_SIZE];
		char err[256];
		if (g->parse(pos, mj_get(rec, "fen")->str, err, sizeof err) < 0) {
			fprintf(stderr, "%s: %s\n", mj_get(rec, "id")->str, err);
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
			bad = a.ntries != mj_len(rtries);
		struct group *gr = &groups[n];
		gr->n = n;
		gr->count++;
		gr->bad += bad;
		gr->seconds += a.seconds;
		const struct mj *cpu = mj_get(rec, "popeye_cpu_s");
		gr->popeye += cpu ? cpu->num : 0;
		if (a.seconds > gr->slowest) {
			gr->slowest = a.seconds;
			snprintf(gr->slowest_id, sizeof gr->slowest_id, "%s", mj_get(rec, "id")->str);
		}
		if (bad)
			fprintf(stderr, "DISAGREE %s\n", mj_get(rec, "id")->str);
		analysis_free(&a);
		mj_free(rec);
	}
	free(line);
	fclose(f);
	double total = 0, ptotal = 0;
	int count = 0, bad = 0;
	for (int i = 0; i < 16; i++) {
		struct group *gr = &groups[i];
		if (!gr->count)
			continue;
		printf("  #%-2d %4d problems  %3d disagree  maat CPU %8.3f s  (Popeye's recorded CPU %8.3f s)  slowest %s %.3f s\n",
		       gr->n, gr->count, gr->bad, gr->seconds, gr->popeye, gr->slowest_id, gr->slowest);
		total += gr->seconds;
		ptotal += gr->popeye;
		count += gr->count;
		bad += gr->bad;
	}
	printf("  all %4d problems  %3d disagree  maat CPU %8.3f s  (Popeye's recorded CPU %8.3f s)\n", count,
	       bad, total, ptotal);
	return bad ? 1 : 0;
}
