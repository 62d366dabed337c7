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

#include "corpus_check.h"
#include "minijson.h"

#define CORPUS_FAST_SECONDS 0.02

static int run_corpus(const char *path, double fast_limit, int *checked)
{
	struct tt table, *tt = &table;
	ck_assert_int_eq(tt_init(tt, 16), 0);
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	char *line = NULL;
	size_t cap = 0;
	int failures = 0;
	bool all = getenv("MAAT_CORPUS") && !strcmp(getenv("MAAT_CORPUS"), "all");
	struct corpus_filter flt = {.tries = true, .min_n = 0, .max_n = 999};
	while (getline(&line, &cap, f) > 0) {
		struct mj *rec = mj_parse(line);
		const struct mj *cpu = mj_get(rec, "popeye_cpu_s");
		/* the fast run leaves out what Popeye solved only in its intelligent mode */
		if (!all && (!cpu || cpu->num > fast_limit || mj_get(rec, "popeye_options"))) {
			mj_free(rec);
			continue;
		}
		struct corpus_result r;
		corpus_check_record(rec, tt, &flt, &r);
		if (!r.ok) {
			fprintf(stderr, "%s (%s): %s\n", mj_get(rec, "id")->str,
			        mj_get(rec, "stipulation")->str, r.why);
			failures++;
		}
		(*checked)++;
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

/* S2, S3, S6-S8: help, self, reflex and series play as Popeye solves them. */
START_TEST(test_S2_S3_S6_S7_S8_popeye_help_self_corpus_agrees)
{
	int checked = 0;
	/* Popeye's times here include its start (about 0.02 s per run) */
	int failures = run_corpus("corpus/popeye-help-self.jsonl", 0.05, &checked);
	fprintf(stderr, "popeye help/self corpus: %d checked, %d disagree\n", checked, failures);
	ck_assert_int_gt(checked, 100);
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
	tcase_add_test(tc, test_S2_S3_S6_S7_S8_popeye_help_self_corpus_agrees);
	suite_add_tcase(s, tc);
	return s;
}
