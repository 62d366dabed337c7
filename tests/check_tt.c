/*
** check_tt.c -- the transposition table: facts kept exactly while the part
** in use doubles, forgotten by a new generation.
*/
#include <check.h>
#include <stdint.h>

#include "solve/tt.h"

static uint64_t splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

#define KEYS 150000

START_TEST(test_tt_grows_and_keeps_every_fact)
{
	struct tt t;
	ck_assert_int_eq(tt_init(&t, 16), 0);
	uint64_t start = t.mask;
	ck_assert_uint_lt(start, t.max_mask); /* 16 MB: it starts smaller */
	uint64_t seed = 1;
	for (int i = 0; i < KEYS; i++) {
		uint64_t key = splitmix(&seed);
		if (i % 3)
			tt_store_fail(&t, key, 1 + i % 20);
		else
			tt_store_win(&t, key, 1 + i % 20, (move_t)(i & 0xffff));
	}
	ck_assert_uint_gt(t.mask, start);
	ck_assert_uint_le(t.mask, t.max_mask);
	seed = 1;
	int lost = 0;
	for (int i = 0; i < KEYS; i++) {
		uint64_t key = splitmix(&seed);
		const struct tt_entry *e = tt_probe(&t, key);
		if (!e) {
			lost++;
			continue;
		}
		if (i % 3) {
			ck_assert_int_eq(e->fail_ge, 1 + i % 20);
			ck_assert_int_eq(e->win_le, 0);
		} else {
			ck_assert_int_eq(e->win_le, 1 + i % 20);
			ck_assert_uint_eq(e->best, (move_t)(i & 0xffff));
		}
	}
	/* A bucket holds four: the few keys of a bucket that overflowed while
	   the part in use was small are forgotten (1011 of 150,000 here), the
	   rest kept with their facts. */
	ck_assert_int_lt(lost, KEYS / 100);
	/* a new problem knows nothing of the old one, starts from the same
	   small part as a fresh table (its search the same whatever came
	   before: a shard of a batch, a single solve), and takes new facts */
	uint64_t grown = t.mask;
	tt_new_generation(&t);
	ck_assert_uint_eq(t.mask, start);
	seed = 1;
	for (int i = 0; i < KEYS; i++)
		ck_assert_ptr_null(tt_probe(&t, splitmix(&seed)));
	tt_store_fail(&t, 42, 3);
	ck_assert_int_eq(tt_probe(&t, 42)->fail_ge, 3);
	/* it grows again over the old problem's entries, which read as free:
	   the same keys all found again as before */
	seed = 1;
	for (int i = 0; i < KEYS; i++)
		tt_store_fail(&t, splitmix(&seed), 1 + i % 20);
	ck_assert_uint_eq(t.mask, grown);
	seed = 1;
	int lost2 = 0;
	for (int i = 0; i < KEYS; i++) {
		const struct tt_entry *e = tt_probe(&t, splitmix(&seed));
		lost2 += !e;
		ck_assert(!e || e->fail_ge == 1 + i % 20);
	}
	ck_assert_int_lt(lost2, KEYS / 100);
	tt_free(&t);
}
END_TEST

START_TEST(test_tt_full_table_replaces_instead_of_growing)
{
	struct tt t;
	ck_assert_int_eq(tt_init(&t, 1), 0);
	uint64_t seed = 7;
	for (int i = 0; i < 4 * KEYS; i++)
		tt_store_fail(&t, splitmix(&seed), 1);
	ck_assert_uint_eq(t.mask, t.max_mask);
	tt_store_win(&t, 99, 2, 5);
	ck_assert_int_eq(tt_probe(&t, 99)->win_le, 2);
	tt_free(&t);
}
END_TEST

Suite *tt_suite(void);
Suite *tt_suite(void)
{
	Suite *s = suite_create("tt");
	TCase *tc = tcase_create("tt");
	/* 150,000 keys through four doublings: 0.5 s of CPU, seconds of wall on a
	   loaded machine; the limit guards against a hang, not speed */
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_tt_grows_and_keeps_every_fact);
	tcase_add_test(tc, test_tt_full_table_replaces_instead_of_growing);
	suite_add_tcase(s, tc);
	return s;
}
