/*
** grid.c -- one reader for a board written rank by rank (see grid.h).
*/
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "games/grid.h"
#include "base/textsafe.h"

const struct grid_form grid_fen = {.sep = '/', .runs = RUNS_DIGIT};
const struct grid_form grid_otn = {
    .sep = '/', .bottom_first = true, .outer_seps = true, .runs = RUNS_NUMBER};
const struct grid_form grid_board = {
    .sep = '\n', .skip_blank = true, .dots = true, .blanks = true, .runs = RUNS_NONE};

#define COUNT_CAP 1000 /* squares counted past it are not: the count stays small */

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The bytes of the character at s (of at most n): a UTF-8 sequence, else 1. */
static size_t char_len(const char *s, size_t n)
{
	size_t k = 1;
	if ((unsigned char)s[0] >= 0xC0)
		while (k < n && k < 4 && ((unsigned char)s[k] & 0xC0) == 0x80)
			k++;
	return k;
}

/* The letters of g's men, for a message: "K Q R B N P k q r b n p". */
static void letters(const struct game *g, char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = 0;
	for (const struct piece_kind *k = g->pieces; k && k->letter && n + 3 <= len; k++)
		n += (size_t)snprintf(buf + n, len - n, "%s%c", n ? " " : "", k->letter);
}

static void unknown_letter(const struct game *g, const char *c, size_t n, int file, int rank,
                           char *err, size_t errlen)
{
	char q[32], sq[4], men[64];
	text_quote(q, sizeof q, c, n, 4);
	square_name(file, rank, sq);
	letters(g, men, sizeof men);
	snprintf(err, errlen, "unknown piece letter '%s' on %s (%s has %s)", q, sq, g->title, men);
}

/* The men's letters as a set of bytes (four words: a setup is checked for
   every candidate the composer makes). */
struct letters {
	uint64_t bit[4];
};

static void letter_set(const struct game *g, struct letters *l)
{
	memset(l, 0, sizeof *l);
	for (const struct piece_kind *k = g->pieces; k && k->letter; k++)
		l->bit[(unsigned char)k->letter >> 6] |= 1ULL << ((unsigned char)k->letter & 63);
}

static bool known(const struct letters *l, char c)
{
	return l->bit[(unsigned char)c >> 6] >> ((unsigned char)c & 63) & 1;
}

/* Is the rank [b, e) blanks alone (a blank line of board:)? */
static bool blank_rank(const char *text, size_t b, size_t e)
{
	for (size_t i = b; i < e; i++)
		if (!blank(text[i]))
			return false;
	return true;
}

/*
** One rank [b, e) of the text, board rank r: its squares counted, then,
** when they are g->files, written into grid.  -1 with the fault.
*/
static int read_rank(const struct game *g, const struct grid_form *form, const struct letters *men,
                     const char *text, size_t b, size_t e, int r, struct setup *s, size_t *at,
                     char *err, size_t errlen)
{
	int count = 0;
	size_t excess = e, bad = e, badn = 0;
	int badfile = 0;
	for (size_t i = b; i < e;) {
		char c = text[i];
		int squares = 1;
		size_t n = 1;
		if (form->blanks && blank(c)) {
			i++;
			continue;
		}
		if (form->runs != RUNS_NONE && c >= '0' && c <= '9') {
			if (c == '0') {
				*at = i;
				snprintf(err, errlen, "a run of 0 empty squares on rank %d", r + 1);
				return -1;
			}
			squares = c - '0';
			if (form->runs == RUNS_NUMBER)
				for (; i + n < e && text[i + n] >= '0' && text[i + n] <= '9'; n++)
					if (squares < COUNT_CAP)
						squares = squares * 10 + (text[i + n] - '0');
		} else if (!(form->dots && c == '.')) {
			n = char_len(text + i, e - i);
			if (bad == e && !(n == 1 && known(men, c))) {
				bad = i;
				badn = n;
				badfile = count;
			}
		}
		if (count + squares > g->files && excess == e)
			excess = i;
		if (count < COUNT_CAP)
			count += squares;
		i += n;
	}
	if (count != g->files) {
		*at = count > g->files ? excess : e;
		snprintf(err, errlen, "rank %d has %d square%s, expected %d", r + 1, count,
		         count == 1 ? "" : "s", g->files);
		return -1;
	}
	if (bad != e) {
		*at = bad;
		unknown_letter(g, text + bad, badn, badfile, r, err, errlen);
		return -1;
	}
	int f = 0;
	for (size_t i = b; i < e; i++) {
		char c = text[i];
		if (form->blanks && blank(c))
			continue;
		if (form->runs != RUNS_NONE && c >= '0' && c <= '9') {
			int run = c - '0';
			if (form->runs == RUNS_NUMBER)
				while (i + 1 < e && text[i + 1] >= '0' && text[i + 1] <= '9')
					run = run * 10 + (text[++i] - '0');
			for (; run > 0; run--)
				s->grid[r][f++] = '.';
		} else {
			s->grid[r][f++] = c;
		}
	}
	return 0;
}

int grid_read(const struct game *g, const struct grid_form *form, const char *text, size_t len,
              struct setup *s, size_t *at, char *err, size_t errlen)
{
	size_t begin = 0, end = len;
	if (form->outer_seps) {
		if (begin < end && text[begin] == form->sep)
			begin++;
		if (end > begin && text[end - 1] == form->sep)
			end--;
	}
	/* the ranks, in the text's order, every one counted */
	size_t start[MAX_RANKS + 1], stop[MAX_RANKS + 1];
	int ranks = 0;
	for (size_t b = begin;;) {
		size_t e = b;
		while (e < end && text[e] != form->sep)
			e++;
		if (!(form->skip_blank && blank_rank(text, b, e))) {
			if (ranks <= MAX_RANKS) {
				start[ranks] = b;
				stop[ranks] = e;
			}
			if (ranks < COUNT_CAP)
				ranks++;
		}
		if (e >= end)
			break;
		b = e + 1;
	}
	if (ranks != g->ranks) {
		*at = ranks > g->ranks ? start[g->ranks] : len; /* the first too many */
		snprintf(err, errlen, "the board has %d rank%s, expected %d", ranks,
		         ranks == 1 ? "" : "s", g->ranks);
		return -1;
	}
	struct letters men;
	letter_set(g, &men);
	for (int i = 0; i < ranks; i++) {
		int r = form->bottom_first ? i : g->ranks - 1 - i;
		if (read_rank(g, form, &men, text, start[i], stop[i], r, s, at, err, errlen) < 0)
			return -1;
	}
	return 0;
}

int grid_unknown_letter(const struct game *g, char c, int file, int rank, char *err, size_t errlen)
{
	unknown_letter(g, &c, 1, file, rank, err, errlen);
	return -1;
}
