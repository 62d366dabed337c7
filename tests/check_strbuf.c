/*
** check_strbuf.c -- text built piece by piece (base/strbuf.h): as long as
** it needs to be, never cut.
*/
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"

Suite *strbuf_suite(void);

START_TEST(test_pieces_join_whole)
{
	struct strbuf b = STRBUF_INIT;
	ck_assert_str_eq(strbuf_str(&b), "");
	strbuf_puts(&b, "1.Qa7-f2!");
	strbuf_putc(&b, ' ');
	strbuf_printf(&b, "threat: %d.%s", 2, "0-0#");
	ck_assert_str_eq(strbuf_str(&b), "1.Qa7-f2! threat: 2.0-0#");
	ck_assert_uint_eq(b.len, strlen("1.Qa7-f2! threat: 2.0-0#"));
	ck_assert(!strbuf_failed(&b));
	char *s = strbuf_take(&b);
	ck_assert_str_eq(s, "1.Qa7-f2! threat: 2.0-0#");
	ck_assert_ptr_null(b.s);
	free(s);
}
END_TEST

START_TEST(test_long_text_is_never_cut)
{
	/* what a fixed char[768] cut: a reason naming a long line of play */
	struct strbuf b = STRBUF_INIT;
	for (int i = 1; i <= 2000; i++)
		strbuf_printf(&b, "%d.Kd%d ", i, i % 8 + 1);
	ck_assert_uint_gt(b.len, 10000);
	ck_assert(strstr(strbuf_str(&b), "2000.Kd1 ") != NULL);
	/* one piece far longer than printf's first try */
	char *big = malloc(100001);
	memset(big, 'x', 100000);
	big[100000] = 0;
	strbuf_clear(&b);
	strbuf_printf(&b, "[%s]", big);
	ck_assert_uint_eq(b.len, 100002);
	ck_assert_int_eq(strbuf_str(&b)[100001], ']');
	free(big);
	strbuf_free(&b);
}
END_TEST

START_TEST(test_empty_take_is_an_empty_string)
{
	struct strbuf b = STRBUF_INIT;
	char *s = strbuf_take(&b);
	ck_assert_ptr_nonnull(s);
	ck_assert_str_eq(s, "");
	free(s);
	/* emptied after use: the memory is kept, the text is gone */
	strbuf_puts(&b, "abc");
	strbuf_clear(&b);
	ck_assert_str_eq(strbuf_str(&b), "");
	strbuf_puts(&b, "d");
	ck_assert_str_eq(strbuf_str(&b), "d");
	strbuf_free(&b);
}
END_TEST

START_TEST(test_a_failed_buffer_says_so)
{
	/* a piece too large for any memory: the buffer keeps what it had,
	   takes nothing more, and take() answers NULL */
	struct strbuf b = STRBUF_INIT;
	strbuf_puts(&b, "kept");
	strbuf_put(&b, "x", (size_t)-1 / 2);
	ck_assert(strbuf_failed(&b));
	ck_assert_str_eq(strbuf_str(&b), "kept");
	strbuf_puts(&b, "more");
	ck_assert_str_eq(strbuf_str(&b), "kept");
	ck_assert_ptr_null(strbuf_take(&b));
	ck_assert_ptr_null(b.s);
}
END_TEST

START_TEST(test_a_failure_outlives_clear)
{
	/* a text read before the clear may have lost its piece: the failure
	   stays, to be reported at the end, and nothing is added after it */
	struct strbuf b = STRBUF_INIT;
	strbuf_puts(&b, "1.Qa7-f2");
	strbuf_put(&b, "x", (size_t)-1 / 2);
	strbuf_clear(&b);
	ck_assert(strbuf_failed(&b));
	ck_assert_str_eq(strbuf_str(&b), "");
	strbuf_puts(&b, "after");
	ck_assert_str_eq(strbuf_str(&b), "");
	/* reset: the caller says the failure in its own words */
	strbuf_reset(&b);
	ck_assert(!strbuf_failed(&b));
	strbuf_puts(&b, "out of memory");
	char *s = strbuf_take(&b);
	ck_assert_str_eq(s, "out of memory");
	free(s);
	/* take and free start afresh */
	strbuf_put(&b, "x", (size_t)-1 / 2);
	ck_assert_ptr_null(strbuf_take(&b));
	ck_assert(!strbuf_failed(&b));
	strbuf_puts(&b, "new");
	ck_assert_str_eq(strbuf_str(&b), "new");
	strbuf_free(&b);
}
END_TEST

Suite *strbuf_suite(void)
{
	Suite *s = suite_create("strbuf");
	TCase *t = tcase_create("strbuf");
	tcase_add_test(t, test_pieces_join_whole);
	tcase_add_test(t, test_long_text_is_never_cut);
	tcase_add_test(t, test_empty_take_is_an_empty_string);
	tcase_add_test(t, test_a_failed_buffer_says_so);
	tcase_add_test(t, test_a_failure_outlives_clear);
	suite_add_tcase(s, t);
	return s;
}
