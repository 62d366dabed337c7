/*
** check_textsafe.c -- strings from input on the way to a terminal
** (textsafe.h): controls escaped in their visible form, the program's own
** format left alone, UTF-8 cut between characters, never inside one.
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/textsafe.h"

Suite *textsafe_suite(void);

/* What text_fprintf() writes, as a string (free() it). */
static char *printed(const char *fmt, const char *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(f);
	text_fprintf(f, fmt, arg);
	fclose(f);
	return buf;
}

static void expect_printed(const char *fmt, const char *arg, const char *want)
{
	char *got = printed(fmt, arg);
	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(test_controls_escaped)
{
	/* a title that would redraw the verdict line ("cooked" -> "sound") */
	expect_printed("%s: cooked\n", "x\r\033[2Kx.yaml: sound",
	               "x\\r\\e[2Kx.yaml: sound: cooked\n");
	expect_printed("[%s]", "a\tb\nc\bd\ve\ff\ag", "[a\\tb\\nc\\bd\\ve\\ff\\ag]");
	expect_printed("[%s]", "\x01\x1f\x7f", "[\\x01\\x1f\\x7f]");
	/* C1 controls, bidirectional overrides, line separators */
	expect_printed("[%s]",
	               "a\xc2\x9b"
	               "b",
	               "[a\\u009bb]");
	expect_printed("[%s]",
	               "\xe2\x80\xae"
	               "evil",
	               "[\\u202eevil]");
	expect_printed("[%s]", "\xe2\x80\xa8", "[\\u2028]");
	/* bytes that are not UTF-8 (a file name's) */
	expect_printed("[%s]", "caf\xe9.yaml", "[caf\\xe9.yaml]");
	expect_printed("[%s]", "\xc0\xaf", "[\\xc0\\xaf]");
	/* what is printable stays: UTF-8, backslashes, quotes */
	expect_printed("[%s]", "Müller \\ \"€\" ♔", "[Müller \\ \"€\" ♔]");
	/* the format is the program's: its own newline and escapes stay */
	expect_printed("\r\033[K%s\n", "ok", "\r\033[Kok\n");
}
END_TEST

START_TEST(test_conversions)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(f);
	text_fprintf(f, "%d %u %zu %llu %ld %.2f %g %c %x %% %5d|%-4s|%4s|%.*s|%.3s", -7, 3u,
	             (size_t)12, 1234567890123ULL, -5L, 3.14159, 0.5, 'k', 255u, 42, "ab", "cd", 2,
	             "xyz", "\xe2\x82\xac\xe2\x82\xac");
	fclose(f);
	/* precisions count bytes and never cut a character: %.3s of two
	   euro signs keeps one */
	ck_assert_str_eq(
	    buf, "-7 3 12 1234567890123 -5 3.14 0.5 k ff %    42|ab  |  cd|xy|\xe2\x82\xac");
	free(buf);
	/* the width counts what is shown */
	expect_printed("|%6s|", "\033", "|    \\e|");
	expect_printed("|%s|", NULL, "|(null)|");
}
END_TEST

START_TEST(test_escape_into_buffer)
{
	char buf[16];
	ck_assert(text_escape(buf, sizeof buf, "a\033b"));
	ck_assert_str_eq(buf, "a\\eb");
	/* cut at an escape or a character, never inside one */
	ck_assert(!text_escape(buf, 6, "abcd\033"));
	ck_assert_str_eq(buf, "abcd");
	ck_assert(!text_escape(buf, 6, "abc\xe2\x82\xac"));
	ck_assert_str_eq(buf, "abc");
}
END_TEST

/* A file name's backslash doubled: "x<LF>y" and "x\\ny" never alike
   (issue 23, item 16); a title's kept. */
START_TEST(test_escape_name)
{
	char a[16], b[16];
	ck_assert(text_escape_name(a, sizeof a, "x\ny"));
	ck_assert(text_escape_name(b, sizeof b, "x\\ny"));
	ck_assert_str_eq(a, "x\\ny");
	ck_assert_str_eq(b, "x\\\\ny");
	ck_assert(text_escape(b, sizeof b, "x\\ny"));
	ck_assert_str_eq(b, "x\\ny");
	ck_assert(!text_escape_name(a, 5, "ab\\c"));
	ck_assert_str_eq(a, "ab\\\\");
}
END_TEST

START_TEST(test_quote)
{
	char q[4 * 8 + 4];
	text_quote(q, sizeof q, "abc", 3, 8);
	ck_assert_str_eq(q, "abc");
	text_quote(q, sizeof q, "a\033[2K", 5, 8);
	ck_assert_str_eq(q, "a\\e[2K");
	/* at most max bytes of the input, cut between characters */
	text_quote(q, sizeof q, "abcdefghij", 10, 8);
	ck_assert_str_eq(q, "abcdefgh...");
	text_quote(q, sizeof q, "\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6", 10, 8);
	ck_assert_str_eq(q, "\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6...");
	/* n bytes of a longer text */
	text_quote(q, sizeof q, "z1234567) Move", 8, 8);
	ck_assert_str_eq(q, "z1234567");
	/* the worst case fits: every byte an escape */
	text_quote(q, sizeof q, "\x01\x02\x03\x04\x05\x06\x07\x08\x0e", 9, 8);
	ck_assert_str_eq(q, "\\x01\\x02\\x03\\x04\\x05\\x06\\a\\b...");
	ck_assert_uint_eq(text_char("\xe2\x82\xac", 3), 3);
	ck_assert_uint_eq(text_char("\xe2\x82", 2), 0);
	ck_assert_uint_eq(text_char("\xed\xa0\x80", 3), 0); /* a surrogate */
	ck_assert_uint_eq(text_char("\xc0\x80", 2), 0);     /* overlong */
}
END_TEST

START_TEST(test_cut_between_characters)
{
	const char *euros = "\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac"; /* 9 bytes */
	ck_assert_uint_eq(text_fit(euros, 9, 9), 9);
	ck_assert_uint_eq(text_fit(euros, 9, 8), 6);
	ck_assert_uint_eq(text_fit(euros, 9, 2), 0);
	ck_assert_uint_eq(text_fit("ab\xff"
	                           "c",
	                           4, 3),
	                  3); /* a bad byte is one */
	/* what snprintf() left cut short */
	ck_assert_uint_eq(text_whole(euros, 8), 6);
	ck_assert_uint_eq(text_whole(euros, 7), 6);
	ck_assert_uint_eq(text_whole(euros, 6), 6);
	ck_assert_uint_eq(text_whole("abc", 3), 3);
	ck_assert_uint_eq(text_whole("\xf0\x9f\x98", 3), 0);

	char buf[8];
	ck_assert(text_copy(buf, sizeof buf, "abcdefg"));
	ck_assert_str_eq(buf, "abcdefg");
	/* too long: cut with an ellipsis, at a character */
	ck_assert(!text_copy(buf, sizeof buf, "abcdefgh"));
	ck_assert_str_eq(buf, "abcd\xe2\x80\xa6");
	ck_assert(!text_copy(buf, sizeof buf, "a\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6"));
	ck_assert_str_eq(buf, "a\xc3\xb6\xe2\x80\xa6");
	/* no room for the ellipsis: cut all the same */
	char small[3];
	ck_assert(!text_copy(small, sizeof small, "\xc3\xb6\xc3\xb6"));
	ck_assert_str_eq(small, "\xc3\xb6");
}
END_TEST

Suite *textsafe_suite(void)
{
	Suite *s = suite_create("textsafe");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_controls_escaped);
	tcase_add_test(tc, test_conversions);
	tcase_add_test(tc, test_escape_into_buffer);
	tcase_add_test(tc, test_escape_name);
	tcase_add_test(tc, test_quote);
	tcase_add_test(tc, test_cut_between_characters);
	suite_add_tcase(s, tc);
	return s;
}
