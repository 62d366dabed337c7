/*
** claim.c -- read a claimed solution and check every move it names.
**
** The reader follows the move numbers: "1.X" is the solving side's first
** move, "1...Y" the defence to it, a bare move continues the line ("1.X! Y
** 2.Z#").  Marks: "!" after a first move = key, "?" = try, "but 1...Y!" =
** the refutation of the try, "threat:" / "(2.Z#)" = threat (played after a
** pass).  Comments in {} are skipped, words are ignored.  Each move is
** checked when read, against the line it continues.
*/
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "claim.h"
#include "play/play.h"
#include "solve/search.h"
#include "textsafe.h"

#define MAX_LINE CLAIM_MAX_LINE

struct ply {
	move_t move; /* MOVE_NONE = a pass (threat line) */
	char text[40];
};

struct reader {
	const struct game *g;
	struct search *s;
	const struct analysis *a;
	int n;
	struct ply line[MAX_LINE];
	int len;          /* plies in line */
	int made;         /* plies of line made on the search position */
	bool threat_next; /* the next solving-side move is a threat */
	bool try_open;    /* last first move was a try */
	bool but;         /* "but": next defence is a refutation */
	char *why;
	size_t whylen;
	struct claim_diff *diff; /* may be NULL */
};

/* Note what differs at ply p (the line before it is r->line[0..p)). */
static int differs(struct reader *r, enum claim_kind kind, int p, move_t given, const char *text)
{
	struct claim_diff *d = r->diff;
	if (!d)
		return 1;
	d->kind = kind;
	d->plies = p < 0 ? 0 : p > MAX_LINE ? MAX_LINE : p;
	for (int i = 0; i < d->plies; i++)
		d->line[i] = r->line[i].move;
	d->given = given;
	snprintf(d->given_text, sizeof d->given_text, "%s", text);
	d->given_text[text_whole(d->given_text, strlen(d->given_text))] = 0; /* not in a character */
	return 1;
}

static void unwind(struct reader *r, int to)
{
	while (r->made > to) {
		r->made--;
		if (r->line[r->made].move == MOVE_NONE)
			search_unmake_null(r->s);
		else
			search_unmake(r->s, r->line[r->made].move);
	}
}

static void describe_line(struct reader *r, int plies, char *buf, size_t len)
{
	buf[0] = 0;
	for (int i = 0; i < plies && i < r->len; i++) {
		size_t l = strlen(buf);
		if (i % 2 == 0)
			snprintf(buf + l, len - l, "%s%d.%s", i ? " " : "", i / 2 + 1, r->line[i].text);
		else
			snprintf(buf + l, len - l, " %s", r->line[i].move ? r->line[i].text : "(pass)");
	}
}

static bool is_key(const struct analysis *a, move_t m)
{
	for (int i = 0; i < a->nkeys; i++)
		if (a->keys[i].move == m)
			return true;
	return false;
}

/* A move read at ply p ("1." = 0, "1..." = 1, "2." = 2 ...). */
static int read_move(struct reader *r, int p, const char *text, bool mark_try)
{
	bool solver = p % 2 == 0;
	/* a threat is played after a pass by the defender */
	if (solver && p >= 2 && p < MAX_LINE && r->threat_next && p - 1 <= r->len) {
		if (!r->g->has_threats)
			return 0;
		unwind(r, p - 1 < r->made ? p - 1 : r->made);
		r->line[p - 1].move = MOVE_NONE;
		strcpy(r->line[p - 1].text, "(pass)");
		r->len = p;
	}
	/* set play (S8): a defence before any key, "1...Kd5 2.Qe4#", answers a
	   pass of the solving side */
	if (!solver && p == 1 && r->len == 0 && r->g->has_threats &&
	    (!r->g->in_check || !r->g->in_check(r->s->pos))) {
		r->line[0].move = MOVE_NONE;
		strcpy(r->line[0].text, "(pass)");
		r->len = 1;
		r->try_open = false;
		r->threat_next = false;
	}
	if (p >= MAX_LINE || p > r->len) {
		snprintf(r->why, r->whylen, "the line of '%s' does not follow from the moves before it",
			 text);
		return differs(r, CLAIM_OFF_LINE, p < r->len ? p : r->len, MOVE_NONE, text);
	}
	unwind(r, p < r->made ? p : r->made);
	r->len = p;
	for (; r->made < p; r->made++) {
		if (r->line[r->made].move == MOVE_NONE)
			search_make_null(r->s);
		else
			search_make(r->s, r->line[r->made].move);
	}
	char err[128], before[256];
	move_t m = game_parse_move(r->g, r->s->pos, text, err, sizeof err);
	describe_line(r, p, before, sizeof before);
	if (m == MOVE_NONE) {
		snprintf(r->why, r->whylen, "%s%s%d%s%s is not a legal move%s", before,
			 p ? " " : "", p / 2 + 1, solver ? "." : "...", text, p ? " there" : "");
		return differs(r, CLAIM_ILLEGAL, p, MOVE_NONE, text);
	}
	r->line[p].move = m;
	r->g->move_text(r->s->pos, m, MOVE_PRETTY, r->line[p].text, sizeof r->line[p].text);
	r->len = p + 1;

	int left = r->n - p / 2; /* solving-side moves left, this one included */
	if (solver) {
		search_make(r->s, m);
		bool wins = search_after(r->s, left);
		search_unmake(r->s, m);
		if (p == 0) {
			r->try_open = mark_try;
			if (!mark_try && r->diff && r->diff->intended == MOVE_NONE)
				r->diff->intended = m;
			if (mark_try && is_key(r->a, m)) {
				snprintf(r->why, r->whylen,
					 "1.%s is given as a try, but it wins in %d", r->line[0].text, r->n);
				return differs(r, CLAIM_TRY_WINS, 0, m, text);
			}
			if (!mark_try && !wins) {
				if (r->a->nkeys)
					snprintf(r->why, r->whylen,
						 "the file's key 1.%s does not win in %d; the key is 1.%s",
						 r->line[0].text, r->n, r->a->keys[0].text);
				else
					snprintf(r->why, r->whylen,
						 "the file's key 1.%s does not win in %d", r->line[0].text,
						 r->n);
				return differs(r, CLAIM_KEY_FAILS, 0, m, text);
			}
		} else if (!wins && !r->try_open) {
			snprintf(r->why, r->whylen,
				 "after %s the file gives %d.%s, which does not win in the %d move%s left",
				 before, p / 2 + 1, r->line[p].text, left, left == 1 ? "" : "s");
			return differs(r, CLAIM_CONTINUATION_FAILS, p, m, text);
		}
		r->threat_next = false;
	} else if (r->but && p == 1) {
		r->but = false;
		search_make(r->s, m);
		bool still_wins = search_attack(r->s, r->n - 1);
		search_unmake(r->s, m);
		if (still_wins) {
			snprintf(r->why, r->whylen, "1...%s does not refute 1.%s: it still wins",
				 r->line[1].text, r->line[0].text);
			return differs(r, CLAIM_NOT_REFUTATION, 2, m, text);
		}
	}
	return 0;
}

/* Split "1...Kc1-b1" into number 1, dots 3 and the move text. */
static int numbered(const char *tok, int *num, int *dots, const char **rest)
{
	const char *p = tok;
	if (!isdigit((unsigned char)*p))
		return 0;
	int v = 0;
	while (isdigit((unsigned char)*p) && v < 1000)
		v = v * 10 + (*p++ - '0');
	if (*p != '.' || v == 0)
		return 0; /* "0." is no move number (found by fuzzing: ply -2) */
	int d = 0;
	while (*p == '.') {
		p++;
		d++;
	}
	*num = v;
	*dots = d;
	*rest = p;
	return 1;
}

/* The ply of a move token ("2.Qd8#" = 2, "2...Kd4" = 3, a bare move:
   the one after `last`), -1 when none. */
static int numbered_ply(const char *tok, int last)
{
	int num = 0, dots = 0;
	const char *rest;
	if (numbered(tok, &num, &dots, &rest))
		return 2 * (num - 1) + (dots > 1 ? 1 : 0);
	return last + 1;
}

/* The move of a token without its number. */
static const char *numbered_rest(const char *tok)
{
	int num = 0, dots = 0;
	const char *rest;
	return numbered(tok, &num, &dots, &rest) ? rest : tok;
}

static bool looks_like_move(const char *t)
{
	/* a square name somewhere, or castling */
	if (!strncmp(t, "0-0", 3) || !strncmp(t, "O-O", 3))
		return true;
	for (const char *p = t; p[0] && p[1]; p++)
		if (p[0] >= 'a' && p[0] <= 'i' && p[1] >= '1' && p[1] <= '9')
			return true;
	return false;
}

/* Marks standing alone after a move ("1.Qa7-a1 + ?", Popeye's spacing):
   is there a '?' among them before the next word? */
static bool try_mark_follows(const char *rest)
{
	while (rest && *rest) {
		while (*rest == ' ' || *rest == '\t')
			rest++;
		size_t n = strcspn(rest, " \t");
		if (n == 0)
			return false;
		if (strspn(rest, "+#!?=") < n)
			return false; /* a word or a move */
		if (memchr(rest, '?', n))
			return true;
		rest += n;
	}
	return false;
}

int claim_check(const struct problem *pb, const struct analysis *a, char *why, size_t whylen,
                struct claim_diff *d)
{
	const struct game *g = pb->g;
	const char *text = pb->claim;
	int n = pb->stip.n;
	if (d) {
		memset(d, 0, sizeof *d);
		d->intended = MOVE_NONE;
	}
	if (!text || !*text)
		return CLAIM_OK;
	struct search *s = problem_search(pb);
	char *copy = s ? strdup(text) : NULL;
	if (!copy) {
		search_free(s);
		snprintf(why, whylen, "out of memory");
		return CLAIM_NO_MEMORY;
	}
	search_set_goal(s, pb->play->goal);
	struct reader r = {.g = g, .s = s, .a = a, .n = n, .why = why, .whylen = whylen, .diff = d};
	if (setjmp(s->abort)) {
		free(copy);
		search_free(s);
		snprintf(why, whylen, "the claim could not be checked within the time limit");
		return CLAIM_TIMEOUT;
	}
	/* control characters separate like blanks: a message quoting a word
	   stays one line (found by fuzzing) */
	for (char *p = copy; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = ' ';
	/* drop {comments} */
	for (char *p = copy, *q; (p = strchr(p, '{')) != NULL;) {
		q = strchr(p, '}');
		if (!q) {
			*p = 0;
			break;
		}
		memset(p, ' ', (size_t)(q - p + 1));
	}
	int rc = 0, last = -1;
	char *save = NULL;
	/* "2.X (dual: 2.Y 2.Z) Kd4 3.W": the duals are checked in X's place,
	   then the line goes on from X */
	bool in_dual = false;
	int dual_ply = 0;
	struct ply dual_saved = {0};
	for (char *tok = strtok_r(copy, " ", &save); tok && rc == 0;
	     tok = strtok_r(NULL, " ", &save)) {
		/* "(dual: 2.Z#)" names other continuations of the same line (as
		   report.c writes them): each is checked where it stands, it is
		   no threat */
		if (!strncmp(tok, "(dual", 5)) {
			if (r.len > 0 && !in_dual) {
				in_dual = true;
				dual_ply = r.len - 1;
				dual_saved = r.line[dual_ply];
			}
			continue;
		}
		/* parentheses hold a threat in print style: "(2.Qd8#)" */
		if (*tok == '(') {
			r.threat_next = true;
			tok++;
		}
		size_t l = strlen(tok);
		bool closes = false;
		while (l && (tok[l - 1] == ')' || tok[l - 1] == ',' || tok[l - 1] == ';'))
			closes |= tok[--l] == ')';
		tok[l] = 0;
		if (in_dual && closes) {
			/* the last dual: read it (below), then back to the line */
			in_dual = false;
			if (*tok && looks_like_move(tok)) {
				int p = numbered_ply(tok, last);
				if (p >= 0 && p <= 2 * n - 1)
					rc = read_move(&r, p, numbered_rest(tok), false);
			}
			unwind(&r, r.made < dual_ply ? r.made : dual_ply);
			r.line[dual_ply] = dual_saved;
			r.len = dual_ply + 1;
			last = dual_ply;
			continue;
		}
		if (!*tok)
			continue;
		if (!strncmp(tok, "threat", 6) || !strncmp(tok, "Threat", 6)) {
			r.threat_next = true;
			continue;
		}
		if (!strcmp(tok, "but")) {
			r.but = true;
			continue;
		}
		int num = 0, dots = 0;
		const char *rest;
		int p;
		if (numbered(tok, &num, &dots, &rest)) {
			p = 2 * (num - 1) + (dots > 1 ? 1 : 0);
			if (!*rest) { /* "1..." then the move as the next token */
				last = p - 1;
				continue;
			}
			tok = (char *)rest;
		} else if (looks_like_move(tok) && last >= 0) {
			p = last + 1;
		} else if (looks_like_move(tok) && last < 0) {
			p = 0;
		} else {
			/* marks standing alone: "!" "?" "#" "+" ; words */
			continue;
		}
		if (num > 0 && num > n + 1)
			break;
		/* '?' may follow the move in the same token or alone next */
		l = strlen(tok);
		bool mark_try = l && tok[l - 1] == '?';
		if (p == 0 && !mark_try)
			mark_try = try_mark_follows(save);
		if (p > 2 * n - 1)
			break; /* beyond the stipulation: not ours to check */
		rc = read_move(&r, p, tok, mark_try);
		last = p;
	}
	free(copy);
	search_free(s);
	return rc ? CLAIM_DIFFERS : CLAIM_OK;
}
