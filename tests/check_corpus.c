/*
** check_corpus.c -- maat against Popeye (and Stockfish) on problems whose
** answers were established outside the project (tests/corpus/, copied from
** the project's shared corpus; fields in tests/corpus/README.md).
**
** For every record: the same set of keys, each with the same least number
** of moves; the same tries (first moves refuted by exactly one defence) with
** the same refutation, where Popeye computed them; and positions Popeye
** refuses are refused.  The default run takes the records Popeye solves in
** under CORPUS_FAST_SECONDS; MAAT_CORPUS=all takes them all (make bench).
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "game.h"
#include "minijson.h"

#define CORPUS_FAST_SECONDS 0.02

static int run_corpus(const char *path, double fast_limit, int *checked)
{
	struct tt table, *tt = &table;
	ck_assert_int_eq(tt_init(tt, 16), 0);
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	const struct game *g = game_find("chess");
	char *line = NULL;
	size_t cap = 0;
	int failures = 0;
	bool all = getenv("MAAT_CORPUS") && !strcmp(getenv("MAAT_CORPUS"), "all");
	while (getline(&line, &cap, f) > 0) {
		struct mj *rec = mj_parse(line);
		const struct mj *id = mj_get(rec, "id"), *fen = mj_get(rec, "fen");
		const struct mj *n = mj_get(rec, "n"), *status = mj_get(rec, "status");
		const struct mj *cpu = mj_get(rec, "popeye_cpu_s");
		if (!all && (!cpu || cpu->num > fast_limit)) {
			mj_free(rec);
			continue;
		}
		_Alignas(16) unsigned char pos[MAX_POS_SIZE];
		char err[256];
		int parsed = g->parse(pos, fen->str, err, sizeof err);
		if (strcmp(status->str, "ok") != 0) {
			if (parsed == 0) {
				fprintf(stderr, "%s: Popeye refuses it, maat accepted it\n", id->str);
				failures++;
			}
			(*checked)++;
			mj_free(rec);
			continue;
		}
		if (parsed < 0) {
			fprintf(stderr, "%s: maat refuses it: %s\n", id->str, err);
			failures++;
			mj_free(rec);
			continue;
		}
		const struct mj *tries = mj_get(rec, "tries");
		struct analysis_opts o = {.max_refs = tries ? 1 : 0, .tree = false, .hash_mb = 16};
		struct analysis a;
		ck_assert_int_eq(analysis_run(g, pos, (int)n->num, &o, tt, &a), 0);

		const struct mj *keys = mj_get(rec, "key_min_moves");
		int want_keys = mj_len(keys);
		bool bad = a.nkeys != want_keys;
		for (int k = 0; k < a.nkeys && !bad; k++) {
			const struct mj *w = mj_get(keys, a.keys[k].canon);
			bad = !w || (int)w->num != a.keys[k].moves;
		}
		if (tries && !bad && (int)n->num > 1) {
			bad = a.ntries != mj_len(tries);
			for (const struct mj *t = tries->child; t && !bad; t = t->next) {
				const char *mv = mj_get(t, "move")->str;
				const char *ref = mj_get(t, "refutations")->child->str;
				bool found = false;
				for (int i = 0; i < a.ntries; i++)
					found |= !strcmp(a.tries[i].canon, mv) &&
						 !strcmp(a.tries[i].ref_canon[0], ref);
				bad = !found;
			}
		}
		if (bad) {
			fprintf(stderr, "%s %s #%d: maat keys:", id->str, fen->str, (int)n->num);
			for (int k = 0; k < a.nkeys; k++)
				fprintf(stderr, " %s(%d)", a.keys[k].canon, a.keys[k].moves);
			fprintf(stderr, " tries:");
			for (int i = 0; i < a.ntries; i++)
				fprintf(stderr, " %s/%s", a.tries[i].canon, a.tries[i].ref_canon[0]);
			fprintf(stderr, "\n");
			failures++;
		}
		(*checked)++;
		analysis_free(&a);
		mj_free(rec);
	}
	free(line);
	fclose(f);
	tt_free(tt);
	return failures;
}

START_TEST(test_O2_S4_S5_popeye_corpus_agrees)
{
	int checked = 0;
	int failures = run_corpus("corpus/popeye-orthodox.jsonl", CORPUS_FAST_SECONDS, &checked);
	fprintf(stderr, "popeye corpus: %d checked, %d disagree\n", checked, failures);
	ck_assert_int_gt(checked, 50);
	ck_assert_int_eq(failures, 0);
}
END_TEST

START_TEST(test_O2_S1_lichess_mates_agree)
{
	int checked = 0;
	int failures = run_corpus("corpus/lichess-mates.jsonl", CORPUS_FAST_SECONDS, &checked);
	fprintf(stderr, "lichess corpus: %d checked, %d disagree\n", checked, failures);
	ck_assert_int_gt(checked, 20);
	ck_assert_int_eq(failures, 0);
}
END_TEST

Suite *corpus_suite(void);
Suite *corpus_suite(void)
{
	Suite *s = suite_create("corpus");
	TCase *tc = tcase_create("popeye");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_O2_S4_S5_popeye_corpus_agrees);
	tcase_add_test(tc, test_O2_S1_lichess_mates_agree);
	suite_add_tcase(s, tc);
	return s;
}
