/*
** check_batch.c -- a batch read a chunk at a time (batch_load_within):
** however small the budget of loaded puzzles, every problem is checked
** once, in input order, with no more files in memory than the budget
** allows (one at least), and the total counts them all at the end.
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "judge/batch.h"

Suite *batch_suite(void);

struct seen {
	const struct batch *b;
	char order[64][256];
	int n, most_loaded;
};

static void note(void *ctx, const struct puzzle *p, int collection_size, struct judgement *r)
{
	struct seen *s = ctx;
	(void)collection_size;
	if (s->b->nfiles > s->most_loaded)
		s->most_loaded = s->b->nfiles;
	ck_assert_int_lt(s->n, 64);
	snprintf(s->order[s->n++], sizeof s->order[0], "%s#%d %s", p->file, p->index,
	         verdict_names[r->verdict]);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

static const char mate1[] = "fen: \"7k/8/6K1/8/8/8/8/R7 w - - 0 1\"\nstipulation: \"#1\"\n";

/* The same batch read with a budget of `budget` bytes. */
static void run_with(const char *dir, size_t budget, struct seen *s, int *total)
{
	char *paths[1] = {(char *)dir};
	struct batch b;
	struct judge_opts o;
	memset(&o, 0, sizeof o);
	o.an.max_refs = 1;
	o.an.hash_mb = 1;
	memset(s, 0, sizeof *s);
	s->b = &b;
	ck_assert_int_eq(batch_load_within(&b, paths, 1, NULL, budget), 0);
	ck_assert_int_eq(batch_run(&b, &o, 1, PROGRESS_NONE, note, s), 0);
	*total = b.total;
	ck_assert_int_eq(batch_unread(&b), 0);
	batch_free(&b);
}

START_TEST(test_chunks)
{
	char dir[] = "/tmp/maat-check-batch.XXXXXX", path[128];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	/* three files, the second a collection of two puzzles */
	snprintf(path, sizeof path, "%s/a.yaml", dir);
	write_file(path, mate1);
	snprintf(path, sizeof path, "%s/b.yaml", dir);
	write_file(path, "fen: \"7k/8/6K1/8/8/8/8/R7 w - - 0 1\"\nstipulation: \"#1\"\n---\n"
	                 "fen: \"7k/8/6K1/8/8/8/8/R7 w - - 0 1\"\nstipulation: \"#3\"\n");
	snprintf(path, sizeof path, "%s/c.yaml", dir);
	write_file(path, mate1);

	struct seen whole, tiny;
	int total_whole, total_tiny;
	run_with(dir, (size_t)1 << 30, &whole, &total_whole);
	run_with(dir, 1, &tiny, &total_tiny);
	/* all of it at once, and one file at a time */
	ck_assert_int_eq(whole.most_loaded, 3);
	ck_assert_int_eq(tiny.most_loaded, 1);
	/* the same problems, verdicts and order either way */
	ck_assert_int_eq(whole.n, 4);
	ck_assert_int_eq(tiny.n, 4);
	ck_assert_int_eq(total_whole, 4);
	ck_assert_int_eq(total_tiny, 4);
	for (int i = 0; i < 4; i++)
		ck_assert_str_eq(whole.order[i], tiny.order[i]);
	ck_assert(strstr(whole.order[1], "b.yaml#1 sound") != NULL);
	ck_assert(strstr(whole.order[2], "b.yaml#2 cooked") != NULL);
	ck_assert(strstr(whole.order[3], "c.yaml#1 sound") != NULL);

	for (const char *n = "abc"; *n; n++) {
		snprintf(path, sizeof path, "%s/%c.yaml", dir, *n);
		unlink(path);
	}
	rmdir(dir);
}
END_TEST

/* A shard over chunks: problem i of the whole batch, whichever chunk it is in. */
START_TEST(test_shard_over_chunks)
{
	char dir[] = "/tmp/maat-check-shard.XXXXXX", path[128];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	for (int i = 0; i < 5; i++) {
		snprintf(path, sizeof path, "%s/%d.yaml", dir, i);
		write_file(path, mate1);
	}
	char *paths[1] = {dir};
	struct judge_opts o;
	memset(&o, 0, sizeof o);
	o.an.hash_mb = 1;
	for (size_t budget = 1; budget <= ((size_t)1 << 30); budget <<= 30) {
		struct batch b;
		struct seen s;
		memset(&s, 0, sizeof s);
		s.b = &b;
		ck_assert_int_eq(batch_load_within(&b, paths, 1, NULL, budget), 0);
		batch_shard(&b, 1, 2);
		ck_assert_int_eq(batch_run(&b, &o, 1, PROGRESS_NONE, note, &s), 0);
		ck_assert_int_eq(s.n, 2); /* problems 1 and 3 of 0..4 */
		ck_assert_int_eq(b.total, 2);
		ck_assert(strstr(s.order[0], "/1.yaml#1") != NULL);
		ck_assert(strstr(s.order[1], "/3.yaml#1") != NULL);
		batch_free(&b);
	}
	for (int i = 0; i < 5; i++) {
		snprintf(path, sizeof path, "%s/%d.yaml", dir, i);
		unlink(path);
	}
	rmdir(dir);
}
END_TEST

Suite *batch_suite(void)
{
	Suite *s = suite_create("batch");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_chunks);
	tcase_add_test(tc, test_shard_over_chunks);
	suite_add_tcase(s, tc);
	return s;
}
