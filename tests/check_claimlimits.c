/*
** check_claimlimits.c -- the claim check keeps the problem's limits (issue
** 11 item 8): its searches stop on the deadline (--max-time) and on the
** stop flag (Ctrl-C), and say timeout; a claim check that runs out of
** memory is an error, not a claim mismatch.
**
** The problem is judged once without limits; then its play's verdict is
** taken again with the claim check given a table of its own (so that it
** searches afresh, far more than the 4096 nodes between two looks at the
** limits) and the limit under test.
*/
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "base/stopflag.h"
#include "input/load.h"
#include "judge/judge.h"
#include "judge/verdict.h"
#include "model/puzzle.h"
#include "solve/search.h"
#include "solve/tt.h"

Suite *claimlimits_suite(void);

/* Horwitz, CPC 1847, #4: the claimed key needs a search of some 10^4 nodes. */
static const char puzzle_text[] = "algebraic:\n"
                                  "  white: [Ke2, Qf6, Se7]\n"
                                  "  black: [Ke4]\n"
                                  "stipulation: \"#4\"\n"
                                  "solution: \"1.Se7-c8!\"\n";

struct judged {
	struct collection col;
	struct judgement r;
};

static void judge_text(struct judged *j)
{
	ck_assert_int_eq(puzzle_load_buffer("t.yaml", puzzle_text, strlen(puzzle_text), &j->col),
	                 0);
	ck_assert_int_eq(j->col.count, 1);
	struct judge_opts o = {.an = {.max_refs = 1, .hash_mb = 4}};
	judge_problem(&j->col.items[0], -1, &o, NULL, &j->r);
	ck_assert_int_eq(j->r.verdict, VERDICT_SOUND);
	ck_assert(j->r.analysed);
}

static void judged_free(struct judged *j)
{
	judgement_free(&j->r);
	collection_free(&j->col);
}

/* The play's verdict again, on the problem as changed by the caller. */
static struct verdict_info verdict_again(struct judged *j, const struct problem *pb)
{
	struct verdict_info v;
	memset(&v, 0, sizeof v);
	verdict_judge(pb, &j->r.an, &v);
	return v;
}

START_TEST(test_claim_check_obeys_the_deadline)
{
	struct judged j;
	judge_text(&j);
	struct problem pb = j.r.pb;
	pb.tt = NULL;
	pb.hash_mb = 1;
	pb.max_seconds = 5;
	pb.limits.deadline = search_clock() - 1; /* --max-time 5, run out */
	struct verdict_info v = verdict_again(&j, &pb);
	ck_assert_int_eq(v.verdict, VERDICT_TIMEOUT);
	ck_assert_str_eq(strbuf_str(&v.reason), "no answer within 5 s (--max-time)");
	strbuf_free(&v.reason);
	/* the same claim, with time: sound (the limit, not the claim, stopped it) */
	pb.limits.deadline = 0;
	v = verdict_again(&j, &pb);
	ck_assert_int_eq(v.verdict, VERDICT_SOUND);
	strbuf_free(&v.reason);
	judged_free(&j);
}
END_TEST

START_TEST(test_claim_check_obeys_the_stop_flag)
{
	struct judged j;
	judge_text(&j);
	stop_flag stop;
	atomic_init(&stop, 0);
	stop_set(&stop, 1); /* Ctrl-C during the claim check */
	struct problem pb = j.r.pb;
	pb.tt = NULL;
	pb.hash_mb = 1;
	pb.limits.stop = &stop;
	struct verdict_info v = verdict_again(&j, &pb);
	ck_assert_int_eq(v.verdict, VERDICT_TIMEOUT);
	ck_assert_str_eq(strbuf_str(&v.reason), "interrupted before an answer");
	strbuf_free(&v.reason);
	judged_free(&j);
}
END_TEST

START_TEST(test_claim_check_out_of_memory_is_an_error)
{
	struct judged j;
	judge_text(&j);
	struct problem pb = j.r.pb;
	pb.tt = NULL;
	pb.hash_mb = TT_MAX_MB + 1; /* its table cannot be had */
	struct verdict_info v = verdict_again(&j, &pb);
	ck_assert_int_eq(v.verdict, VERDICT_ERROR); /* exit 2, not claim mismatch's 1 */
	ck_assert_str_eq(strbuf_str(&v.reason), "out of memory while checking the claim");
	strbuf_free(&v.reason);
	judged_free(&j);
}
END_TEST

Suite *claimlimits_suite(void)
{
	Suite *s = suite_create("claimlimits");
	TCase *t = tcase_create("limits");
	tcase_add_test(t, test_claim_check_obeys_the_deadline);
	tcase_add_test(t, test_claim_check_obeys_the_stop_flag);
	tcase_add_test(t, test_claim_check_out_of_memory_is_an_error);
	suite_add_tcase(s, t);
	return s;
}
