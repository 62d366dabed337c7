/*
** corpus_bench.c -- time maat's verifier on a corpus file (a JSONL file of
** tests/corpus) and check every answer against the record, for every play
** (tests/corpus_check.c says what is compared).
**
**   build/corpus_bench FILE.jsonl [--tries] [--claims] [--min-n N] [--max-n N]
**                     [--max-time S] [--play P] [--id ID] [--times OUT]
**
** Prints one line per play and stipulation length: count, disagreements,
** maat's CPU seconds, Popeye's recorded CPU, the slowest record; one line
** per play; then the total.  --claims also reads each record's
** popeye_output (Popeye's printed solution) as the claim of a file: it
** must agree.  --times writes "ID PLAY N SECONDS ok|DISAGREE"
** per record solved, for a side-by-side comparison with a peer.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus_check.h"
#include "minijson.h"
#include "solve/tt.h"

#define MAX_GROUPS 128

struct group {
	char play[16];
	double n;
	int count, bad;
	double seconds, slowest, popeye;
	char slowest_id[64];
};

static struct group *group_of(struct group *groups, int *ngroups, const char *play, double n)
{
	for (int i = 0; i < *ngroups; i++)
		if (!strcmp(groups[i].play, play) && groups[i].n == n)
			return &groups[i];
	if (*ngroups == MAX_GROUPS)
		return &groups[MAX_GROUPS - 1];
	struct group *g = &groups[(*ngroups)++];
	memset(g, 0, sizeof *g);
	snprintf(g->play, sizeof g->play, "%s", play);
	g->n = n;
	return g;
}

static int by_play_n(const void *x, const void *y)
{
	const struct group *a = x, *b = y;
	int c = strcmp(a->play, b->play);
	return c ? c : (a->n > b->n) - (a->n < b->n);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: corpus_bench FILE.jsonl [--tries] [--claims] [--min-n N] "
		                "[--max-n N] [--max-time S] [--play P] [--id ID] [--times OUT]\n");
		return 2;
	}
	struct corpus_filter flt = {.tries = false, .min_n = 0, .max_n = 999};
	FILE *times = NULL;
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--tries"))
			flt.tries = true;
		else if (!strcmp(argv[i], "--claims"))
			flt.claims = true;
		else if (!strcmp(argv[i], "--min-n") && i + 1 < argc)
			flt.min_n = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--max-n") && i + 1 < argc)
			flt.max_n = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--play") && i + 1 < argc)
			flt.play = argv[++i];
		else if (!strcmp(argv[i], "--id") && i + 1 < argc)
			flt.id = argv[++i];
		else if (!strcmp(argv[i], "--max-time") && i + 1 < argc)
			flt.max_seconds = atof(argv[++i]);
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
	struct tt tt;
	if (tt_init(&tt, TT_DEFAULT_MB) < 0)
		return 2;
	static struct group groups[MAX_GROUPS];
	int ngroups = 0, refused = 0, refused_bad = 0, claims = 0, claims_bad = 0;
	char *line = NULL;
	size_t cap = 0;
	while (getline(&line, &cap, f) > 0) {
		struct mj *rec = mj_parse(line);
		if (!rec)
			continue;
		const char *id = mj_get(rec, "id")->str;
		struct corpus_result r;
		corpus_check_record(rec, &tt, &flt, &r);
		if (r.skipped) {
			mj_free(rec);
			continue;
		}
		if (strcmp(mj_get(rec, "status")->str, "ok") != 0) {
			refused++;
			refused_bad += !r.ok;
			if (!r.ok)
				fprintf(stderr, "DISAGREE %s: %s\n", id, r.why);
			mj_free(rec);
			continue;
		}
		claims += r.claim_checked;
		claims_bad += r.claim_checked && !r.ok;
		struct group *gr = group_of(groups, &ngroups, r.play, mj_get(rec, "n")->num);
		gr->count++;
		gr->bad += !r.ok;
		gr->seconds += r.seconds;
		const struct mj *cpu = mj_get(rec, "popeye_cpu_s");
		gr->popeye += cpu ? cpu->num : 0;
		if (r.seconds >= gr->slowest) {
			gr->slowest = r.seconds;
			snprintf(gr->slowest_id, sizeof gr->slowest_id, "%s", id);
		}
		if (!r.ok)
			fprintf(stderr, "DISAGREE %s (%s): %s\n", id,
			        mj_get(rec, "stipulation")->str, r.why);
		if (times)
			fprintf(times, "%s %s %g %.4f %s\n", id, r.play, mj_get(rec, "n")->num,
			        r.seconds, r.ok ? "ok" : "DISAGREE");
		mj_free(rec);
	}
	free(line);
	fclose(f);
	if (times)
		fclose(times);
	qsort(groups, (size_t)ngroups, sizeof *groups, by_play_n);
	double total = 0, ptotal = 0, ptime = 0, pseconds = 0;
	int count = 0, bad = 0, pcount = 0, pbad = 0;
	for (int i = 0; i < ngroups; i++) {
		struct group *gr = &groups[i];
		printf("  %-13s N=%-4g %4d problems  %3d disagree  maat CPU %8.3f s  (Popeye's "
		       "recorded CPU %8.3f s)  slowest %s %.3f s\n",
		       gr->play, gr->n, gr->count, gr->bad, gr->seconds, gr->popeye, gr->slowest_id,
		       gr->slowest);
		pcount += gr->count;
		pbad += gr->bad;
		pseconds += gr->seconds;
		ptime += gr->popeye;
		if (i + 1 == ngroups || strcmp(groups[i + 1].play, gr->play) != 0) {
			printf("  %-13s all    %4d problems  %3d disagree  maat CPU %8.3f s  "
			       "(Popeye's "
			       "recorded CPU %8.3f s)\n",
			       gr->play, pcount, pbad, pseconds, ptime);
			pcount = pbad = 0;
			pseconds = ptime = 0;
		}
		total += gr->seconds;
		ptotal += gr->popeye;
		count += gr->count;
		bad += gr->bad;
	}
	printf("  all %4d problems  %3d disagree  maat CPU %8.3f s  (Popeye's recorded CPU %8.3f "
	       "s)\n",
	       count, bad, total, ptotal);
	if (flt.claims)
		printf("  %d of Popeye's printed solutions read as claims: %d do not agree\n",
		       claims, claims_bad);
	if (refused)
		printf("  and %d positions Popeye refuses: maat refuses %d of them\n", refused,
		       refused - refused_bad);
	tt_free(&tt);
	return bad || refused_bad ? 1 : 0;
}
