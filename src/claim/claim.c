/*
** claim.c -- battle play: the tokens of a claimed solution (lex.h) read as
** keys, tries, threats, variations and set play, every move checked.
**
** The reader follows the move numbers: "1.X" is the solving side's first
** move, "1...Y" the defence to it, a bare move continues the line ("1.X!
** Y 2.Z#").  A move is checked in the line it continues:
**   - a first move marked "!" (or unmarked) is a key: it wins in n;
**     marked "?" (also "??", "?!?", "!?", or after "Try:") a try: it does
**     not win, and what follows it is only checked to be legal;
**   - a later move of the solving side wins in the moves left (unless a
**     move before it in the line is marked "?");
**   - "but 1...Y!" (or a defence marked "!" after a try) refutes the try;
**   - "threat:", "(2.Z#)", ">", "~" (any defence): the next move of the
**     solving side is played after a pass;
**   - "1...Y" before any first move is set play: the solving side passes;
**   - "1...fxe5/Sxe5 2.Sd6#": every alternative is followed, "S~" (any
**     move of that piece) by the one after which the line goes on;
**   - "( ... )" holds another branch (a threat right after a move of the
**     solving side); after it the line is as it was before it.
** Prose (more words than moves) is read for its keys alone; twin parts
** the puzzle does not have, the retro move (0...) and "~" of the solving
** side are not read.  Each mismatch says what the file claims (in its own
** words), where (the line of play, the line of the text) and what is true.
*/
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "claim/claim.h"
#include "claim/lex.h"
#include "notation/move_parse.h"
#include "play/play.h"
#include "solve/search.h"

#define MAX_LINE CLAIM_MAX_LINE
#define MAX_ALT 8    /* alternatives at one ply: "1...Rc6/Rb7/Ra7" */
#define MAX_GROUPS 8 /* parentheses inside parentheses */

struct ply {
	bool pass;  /* the side passes: a threat's line, set play */
	bool any;   /* alt[0] is a pattern: "S~" */
	bool fails; /* marked "?": what follows need not win */
	int nalt;
	const char *alt[MAX_ALT]; /* the move(s) as the file writes them (in the
	                             claim_text's keep) */
	int line;                 /* of the claim text */
};

/* The texts of a message about the move read: each grows as its text
   needs (a claimed move is as long as the file writes it). */
struct msg {
	struct strbuf before, num, what, truth, list;
};

static void msg_free(struct msg *m)
{
	strbuf_free(&m->before);
	strbuf_free(&m->num);
	strbuf_free(&m->what);
	strbuf_free(&m->truth);
	strbuf_free(&m->list);
}

struct group {
	struct ply *saved; /* the line before the group (NULL: too deep, not kept) */
	int len, last, skip_from;
};

struct reader {
	const struct problem *pb;
	const struct game *g;
	struct search *s;
	const struct analysis *a;
	struct claim_text *ct;
	int n;
	struct ply line[MAX_LINE];
	int len;  /* plies of the line */
	int last; /* ply of the last move read, -1: none yet */
	bool threat_next, but, try_word, alt_next;
	int skip_from; /* moves from this ply on are not read (-1: none) */
	bool foreign;  /* a Duplex: the other part's key and its play, not read */
	struct group groups[MAX_GROUPS];
	int ngroups;

	/* the move being checked and the branch it is checked in */
	int p;
	const struct ctok *tok;
	struct ply cur; /* the move's alternatives, decided at its first branch */
	bool decided;
	move_t path[MAX_LINE + 1];
	int choice[MAX_LINE]; /* alternative of each ply on the branch */
	bool noted;           /* why holds the first failure */
	bool no_memory;       /* a part of a move could not be kept */
	struct strbuf sa, sb; /* a message's line and move (walk, read_move,
	                         check_zugzwang), as long as they are */
	struct msg ms;        /* check_here's (kept here: a search that runs out
	                         of time jumps out of it) */

	struct strbuf *why;
	struct claim_diff *diff;
};

/* ---- messages ---- */

static bool solver_ply(int p)
{
	return p % 2 == 0;
}

/* The line before ply `plies` on the branch, in the file's words, whole:
   "1.Qe6 Kxc3", "1.Qe6 threat: 2.Sd7", "set play: 1...Kd5 2.Qe4". */
static void describe(const struct reader *r, int plies, struct strbuf *b)
{
	strbuf_clear(b);
	for (int i = 0; i < plies; i++) {
		const struct ply *pl = &r->line[i];
		const char *t = pl->pass ? "" : pl->any ? pl->alt[0] : pl->alt[r->choice[i]];
		if (pl->pass)
			strbuf_puts(b, i == 0 ? "set play:" : i % 2 == 1 ? " threat:" : " (pass)");
		else if (solver_ply(i))
			strbuf_printf(b, "%s%d.%s", b->len ? " " : "", i / 2 + 1, t);
		else if (i == 1 && r->line[0].pass)
			strbuf_printf(b, " 1...%s", t);
		else
			strbuf_printf(b, " %s", t);
	}
}

/* " (solution line 4)" when the solution has more than one line. */
static void where(const struct reader *r, int line, char *buf, size_t len)
{
	if (r->ct->lines > 1 && line > 0)
		snprintf(buf, len, " (solution line %d)", line);
	else
		buf[0] = 0;
}

static int by_text(const void *x, const void *y)
{
	return strcmp((const char *)x, (const char *)y);
}

struct named_move {
	char text[32]; /* first: qsort by text; maat's own text of a legal move,
	                  bounded by construction (the longest, a tafl move that
	                  takes four men, "d4-b4xb3/c4/a4/e4", is 17 bytes) */
	move_t m;
};

/* The legal moves here, by their text. */
static int sorted_moves(struct reader *r, struct named_move *out)
{
	move_t moves[MAX_MOVES];
	int n;
	if (search_status(r->s, moves, &n) != RESULT_ONGOING)
		return 0;
	for (int i = 0; i < n; i++) {
		out[i].m = moves[i];
		r->g->move_text(r->s->pos, moves[i], MOVE_PRETTY, out[i].text, sizeof out[i].text);
	}
	qsort(out, (size_t)n, sizeof *out, by_text);
	return n;
}

/* "Rc7-c5#": m's text with the mark of what it leads to. */
static void marked(struct reader *r, const struct named_move *nm, char *buf, size_t len)
{
	move_t moves[MAX_MOVES];
	int n;
	search_make(r->s, nm->m);
	enum result res = search_status(r->s, moves, &n);
	const char *mark = res == RESULT_WIN || (res == RESULT_LOSS && n == 0) ? "#"
	                   : res == RESULT_DRAW                                ? "="
	                   : r->g->in_check && r->g->in_check(r->s->pos)       ? "+"
	                                                                       : "";
	search_unmake(r->s, nm->m);
	snprintf(buf, len, "%s%s", nm->text, mark);
}

/* The solving side to move at ply p: "2.Rc7-c5", the first (by text) of
   its moves that win in `left`, added to b; nothing when none. */
static void what_wins(struct reader *r, int p, int left, struct strbuf *b)
{
	struct named_move mv[MAX_MOVES];
	int n = left > 0 ? sorted_moves(r, mv) : 0;
	for (int i = 0; i < n; i++) {
		search_make(r->s, mv[i].m);
		bool wins = search_after(r->s, left);
		search_unmake(r->s, mv[i].m);
		if (wins) {
			char text[40]; /* a named_move's text and a mark: bounded */
			marked(r, &mv[i], text, sizeof text);
			claim_numbered(b, p, text);
			return;
		}
	}
}

/* The defender to move at ply p after a move of the solving side that
   should win in `left` more of its moves: the first defence after which
   it does not, added to b; nothing when none. */
static void what_refutes(struct reader *r, int p, int left, struct strbuf *b)
{
	struct named_move mv[MAX_MOVES];
	int n = sorted_moves(r, mv);
	for (int i = 0; i < n; i++) {
		search_make(r->s, mv[i].m);
		bool wins = search_attack(r->s, left);
		search_unmake(r->s, mv[i].m);
		if (!wins) {
			char text[40]; /* a named_move's text and a mark: bounded */
			marked(r, &mv[i], text, sizeof text);
			claim_numbered(b, p, text);
			return;
		}
	}
}

/* The defender's legal moves here: "Kd4, Kd6, e5" (the first six, the
   rest counted), added to b. */
static void legal_list(struct reader *r, struct strbuf *b)
{
	struct named_move mv[MAX_MOVES];
	int n = sorted_moves(r, mv);
	for (int i = 0; i < n && i < 6; i++)
		strbuf_printf(b, "%s%s", i ? ", " : "", mv[i].text);
	if (n > 6)
		strbuf_printf(b, " (and %d more)", n - 6);
}

static void fill_diff(struct reader *r, enum claim_kind kind, int plies, move_t given,
                      const char *text)
{
	struct claim_diff *d = r->diff;
	if (!d)
		return;
	d->kind = kind;
	d->plies = plies < 0 ? 0 : plies > MAX_LINE ? MAX_LINE : plies;
	for (int i = 0; i < d->plies; i++)
		d->line[i] = r->path[i];
	d->given = given;
	free(d->given_text);
	d->given_text = strdup(text);
	if (!d->given_text)
		r->no_memory = true;
}

/* A failure of the check at ply p on this branch: `why` keeps the first. */
static int fail(struct reader *r, enum claim_kind kind, int plies, move_t given, const char *text,
                const char *fmt, ...) __attribute__((format(printf, 6, 7)));
static int fail(struct reader *r, enum claim_kind kind, int plies, move_t given, const char *text,
                const char *fmt, ...)
{
	if (r->noted)
		return 1;
	r->noted = true;
	va_list ap;
	va_start(ap, fmt);
	strbuf_clear(r->why);
	strbuf_vprintf(r->why, fmt, ap);
	va_end(ap);
	fill_diff(r, kind, plies, given, text);
	return 1;
}

/* ---- the checks ---- */

static bool is_key(const struct analysis *a, move_t m)
{
	for (int i = 0; i < a->nkeys; i++)
		if (a->keys[i].note.move == m)
			return true;
	return false;
}

static void claimed_key(struct reader *r, move_t m)
{
	struct claim_diff *d = r->diff;
	if (!d)
		return;
	for (int i = 0; i < d->nclaimed; i++)
		if (d->claimed[i] == m)
			return;
	if (d->nclaimed < CLAIM_MAX_KEYS)
		d->claimed[d->nclaimed++] = m;
	if (d->intended == MOVE_NONE)
		d->intended = m;
}

/* Does a line before ply p hold a move marked "?" (a try, at any depth)? */
static bool failing_line(const struct reader *r, int p)
{
	for (int i = 0; i < p; i++)
		if (r->line[i].fails)
			return true;
	return false;
}

/* "Sc~": the legal moves of that piece (a letter or figurine in the
   claim's language, the file or rank of its square); "~": every move. */
static int any_candidates(struct reader *r, const char *pattern, move_t *out)
{
	move_t moves[MAX_MOVES];
	int n = r->g->gen_moves(r->s->pos, moves), k = 0;
	char code = 0;
	size_t i = game_piece_code(pattern, r->ct->lang, &code);
	bool piece = i > 0;
	if (!piece && pattern[0] != '~' && !islower((unsigned char)pattern[0]))
		return 0; /* a letter that is no piece */
	char file = 0, rank = 0;
	for (; pattern[i] && pattern[i] != '~'; i++) {
		if (pattern[i] >= 'a' && pattern[i] <= 'i')
			file = pattern[i];
		else if (pattern[i] >= '1' && pattern[i] <= '9')
			rank = pattern[i];
	}
	for (int m = 0; m < n; m++) {
		char canon[16];
		r->g->move_text(r->s->pos, moves[m], MOVE_CANONICAL, canon, sizeof canon);
		if ((file && canon[0] != file) || (rank && canon[1] != rank))
			continue;
		if (piece && game_move_code(r->g, r->s->pos, moves[m]) != code)
			continue;
		out[k++] = moves[m];
	}
	return k;
}

/* The alternatives of the move read: the whole token when it is a move,
   else its parts at '/' ("fxe5/Sxe5", "Rc6/Rb7/..."; "e8=S/N" is one). */
static void decide_alternatives(struct reader *r)
{
	struct ply *c = &r->cur;
	const char *t = r->tok->text;
	c->nalt = 0;
	if (r->tok->kind == CT_ANY || !strchr(t, '/') ||
	    game_parse_move_lang(r->g, r->s->pos, t, r->ct->lang, NULL, 0) != MOVE_NONE) {
		c->alt[c->nalt++] = t;
		return;
	}
	for (const char *p = t; *p && c->nalt < MAX_ALT;) {
		size_t n = strcspn(p, "/");
		if (notation_looks_like_move(p, n)) {
			const char *part = claim_text_keep(r->ct, p, n);
			if (!part) {
				r->no_memory = true;
				break;
			}
			c->alt[c->nalt++] = part;
		}
		p += n + (p[n] == '/');
	}
	if (c->nalt == 0)
		c->alt[c->nalt++] = t;
}

/* The move read, at ply p of the branch set up on the search position. */
static int check_move(struct reader *r, struct msg *ms)
{
	int p = r->p;
	char at[48], err[320];
	if (!r->decided) {
		decide_alternatives(r);
		r->decided = true;
	}
	describe(r, p, &ms->before);
	const char *before = strbuf_str(&ms->before);
	where(r, r->tok->line, at, sizeof at);
	if (r->cur.any) {
		move_t c[MAX_MOVES];
		if (any_candidates(r, r->cur.alt[0], c) > 0)
			return 0;
		claim_numbered(&ms->num, p, r->cur.alt[0]);
		return fail(r, CLAIM_ILLEGAL, p, MOVE_NONE, r->cur.alt[0],
		            "after %s the file's %s%s fits no legal move", before,
		            strbuf_str(&ms->num), at);
	}
	for (int k = 0; k < r->cur.nalt; k++) {
		const char *text = r->cur.alt[k];
		move_t m =
		    game_parse_move_lang(r->g, r->s->pos, text, r->ct->lang, err, sizeof err);
		/* the move as the file writes it, with its check or mate (its "!"
		   or "?" the message says in words) */
		unsigned mk = r->tok->marks;
		strbuf_clear(&ms->num);
		claim_numbered(&ms->num, p, text);
		strbuf_printf(&ms->num, "%s%s", (mk & CM_CHECK) && !strchr(text, '+') ? "+" : "",
		              (mk & CM_MATE) && !strchr(text, '#') ? "#" : "");
		const char *num = strbuf_str(&ms->num);
		strbuf_clear(&ms->what);
		strbuf_clear(&ms->truth);
		strbuf_clear(&ms->list);
		if (m == MOVE_NONE) {
			bool ambiguous = strstr(err, "ambiguous") != NULL;
			const char *what_is = ambiguous ? "ambiguous: more than one move fits it"
			                                : "not a legal move";
			/* the squares of a legal move, the letter of another man */
			const char *man = move_parse_wrong_man(err);
			if (p == 0) {
				if (r->a->nkeys)
					strbuf_printf(&ms->what, "; the key is 1.%s",
					              r->a->keys[0].note.text);
				return fail(r, CLAIM_ILLEGAL, 0, MOVE_NONE, text,
				            "the file's %s%s is %s in the diagram%s%s%s%s", num, at,
				            what_is, man ? " (" : "", man ? man : "",
				            man ? ")" : "", strbuf_str(&ms->what));
			}
			if (solver_ply(p)) {
				what_wins(r, p, r->n - p / 2, &ms->what);
				strbuf_printf(
				    &ms->truth, "%s%s", ms->what.len ? "what wins there: " : "",
				    ms->what.len ? strbuf_str(&ms->what) : "nothing wins there");
			} else {
				legal_list(r, &ms->list);
				strbuf_printf(&ms->truth, "the moves there: %s",
				              strbuf_str(&ms->list));
			}
			return fail(r, CLAIM_ILLEGAL, p, MOVE_NONE, text,
			            "after %s the file's %s%s is %s there%s%s%s; %s", before, num,
			            at, what_is, man ? " (" : "", man ? man : "", man ? ")" : "",
			            strbuf_str(&ms->truth));
		}
		int left = r->n - p / 2; /* solving-side moves left, this one included */
		if (p == 0) {
			bool try_ = r->cur.fails;
			if (try_ && is_key(r->a, m))
				return fail(
				    r, CLAIM_TRY_WINS, 0, m, text,
				    "the file gives %s%s as a try, but it wins in %d: it is a key",
				    num, at, r->n);
			if (try_)
				continue;
			claimed_key(r, m);
			search_make(r->s, m);
			bool wins = search_after(r->s, left);
			if (!wins)
				what_refutes(r, 1, r->n - 1, &ms->what);
			search_unmake(r->s, m);
			if (!wins) {
				if (r->diff)
					r->diff->intended = m; /* the key in question */
				if (ms->what.len)
					strbuf_printf(&ms->truth, ": %s refutes it",
					              strbuf_str(&ms->what));
				else
					strbuf_puts(&ms->truth, ": it ends the game without a win");
				if (r->a->nkeys)
					strbuf_printf(&ms->list, "the key is 1.%s",
					              r->a->keys[0].note.text);
				else
					strbuf_puts(&ms->list, "there is no key");
				return fail(r, CLAIM_KEY_FAILS, 0, m, text,
				            "the file's key %s%s does not win in %d%s; %s", num, at,
				            r->n, strbuf_str(&ms->truth), strbuf_str(&ms->list));
			}
		} else if (solver_ply(p)) {
			if (failing_line(r, p))
				continue;
			search_make(r->s, m);
			bool wins = search_after(r->s, left);
			search_unmake(r->s, m);
			if (!wins) {
				what_wins(r, p, left, &ms->what);
				bool threat = r->line[p - 1].pass;
				const char *what = strbuf_str(&ms->what);
				r->path[p] = m;
				if (threat) {
					describe(r, p - 1, &ms->before);
					return fail(r, CLAIM_CONTINUATION_FAILS, p, m, text,
					            "after %s the file's threat %s%s does not win "
					            "in the %d "
					            "move%s left; what is threatened there: %s",
					            strbuf_str(&ms->before), num, at, left,
					            left == 1 ? "" : "s",
					            what[0] ? what : "nothing");
				}
				return fail(
				    r, CLAIM_CONTINUATION_FAILS, p, m, text,
				    "after %s the file gives %s%s, which does not win in the %d "
				    "move%s left; %s%s",
				    before, num, at, left, left == 1 ? "" : "s",
				    what[0] ? what : "nothing wins there", what[0] ? " does" : "");
			}
		} else if (p == 1 && !r->line[0].pass &&
		           (r->but || (r->line[0].fails && (r->tok->marks & CM_KEY)))) {
			search_make(r->s, m);
			bool still = search_attack(r->s, r->n - 1);
			if (still)
				what_wins(r, 2, r->n - 1, &ms->what);
			search_unmake(r->s, m);
			if (still) {
				if (is_key(r->a, r->path[0])) {
					strbuf_printf(&ms->truth, "; 1.%s wins: it is a key",
					              r->line[0].alt[r->choice[0]]);
				} else {
					what_refutes(r, 1, r->n - 1, &ms->list);
					if (ms->list.len)
						strbuf_printf(&ms->truth, "; the refutation is %s",
						              strbuf_str(&ms->list));
				}
				r->path[1] = m;
				return fail(
				    r, CLAIM_NOT_REFUTATION, 2, m, text,
				    "the file's refutation %s%s does not refute 1.%s: %s still "
				    "wins%s",
				    num, at, r->line[0].alt[r->choice[0]],
				    ms->what.len ? strbuf_str(&ms->what) : "it",
				    strbuf_str(&ms->truth));
			}
		}
	}
	return 0;
}

static int check_here(struct reader *r)
{
	struct msg *ms = &r->ms;
	int rc = check_move(r, ms);
	r->no_memory |= strbuf_failed(&ms->before) || strbuf_failed(&ms->num) ||
	                strbuf_failed(&ms->what) || strbuf_failed(&ms->truth) ||
	                strbuf_failed(&ms->list) || strbuf_failed(&r->sa) || strbuf_failed(&r->sb);
	return rc;
}

/* Walk the branches of the line up to ply p: every alternative of a ply,
   some candidate of a "~" ply; 0 when the move read holds on them all. */
static int walk(struct reader *r, int i)
{
	if (i == r->p)
		return check_here(r);
	struct ply *pl = &r->line[i];
	r->choice[i] = 0;
	if (pl->pass) {
		/* no pass out of check: the king would be taken next (and a
		   position with no king is no position; found by fuzz_claim) */
		if (r->g->in_check && r->g->in_check(r->s->pos)) {
			describe(r, i, &r->sa);
			return fail(r, CLAIM_ILLEGAL, i, MOVE_NONE, "",
			            "after %s the side to move is in check: a threat line cannot "
			            "start there",
			            strbuf_str(&r->sa));
		}
		search_make_null(r->s);
		r->path[i] = MOVE_NONE;
		int rc = walk(r, i + 1);
		search_unmake_null(r->s);
		return rc;
	}
	if (pl->any) {
		move_t c[MAX_MOVES];
		int nc = any_candidates(r, pl->alt[0], c);
		for (int k = 0; k < nc; k++) {
			search_make(r->s, c[k]);
			r->path[i] = c[k];
			bool noted = r->noted;
			int rc = walk(r, i + 1);
			search_unmake(r->s, c[k]);
			if (rc == 0) {
				r->noted = noted; /* another candidate failed: no matter */
				return 0;
			}
		}
		return 1;
	}
	for (int k = 0; k < pl->nalt; k++) {
		r->choice[i] = k;
		move_t m = game_parse_move_lang(r->g, r->s->pos, pl->alt[k], r->ct->lang, NULL, 0);
		if (m == MOVE_NONE) {
			describe(r, i, &r->sa);
			strbuf_clear(&r->sb);
			claim_numbered(&r->sb, i, pl->alt[k]);
			return fail(r, CLAIM_ILLEGAL, i, MOVE_NONE, pl->alt[k],
			            "after %s the file's %s is not a legal move there",
			            strbuf_str(&r->sa), strbuf_str(&r->sb));
		}
		search_make(r->s, m);
		r->path[i] = m;
		int rc = walk(r, i + 1);
		search_unmake(r->s, m);
		if (rc)
			return rc;
	}
	return 0;
}

/* ---- reading the tokens ---- */

static void new_part(struct reader *r)
{
	for (int i = 0; i < r->ngroups; i++)
		free(r->groups[i].saved);
	r->ngroups = 0;
	r->len = 0;
	r->last = -1;
	r->threat_next = r->but = r->try_word = r->alt_next = r->foreign = false;
	r->skip_from = -1;
}

static void open_group(struct reader *r)
{
	/* right after a move of the solving side: a threat, "1.Qe6! (2.Sd7#)" */
	r->threat_next = r->last >= 0 && solver_ply(r->last);
	if (r->ngroups == MAX_GROUPS)
		return;
	struct group *g = &r->groups[r->ngroups++];
	g->len = r->len;
	g->last = r->last;
	g->skip_from = r->skip_from;
	g->saved = malloc(sizeof r->line[0] * (size_t)(r->len ? r->len : 1));
	if (g->saved)
		memcpy(g->saved, r->line, sizeof r->line[0] * (size_t)r->len);
}

static void close_group(struct reader *r)
{
	r->threat_next = false;
	if (r->ngroups == 0)
		return;
	struct group *g = &r->groups[--r->ngroups];
	if (g->saved) {
		memcpy(r->line, g->saved, sizeof r->line[0] * (size_t)g->len);
		r->len = g->len;
		free(g->saved);
	} else if (r->len > g->len) {
		r->len = g->len;
	}
	r->last = g->last;
	r->skip_from = g->skip_from;
}

static void put_pass(struct reader *r, int at)
{
	memset(&r->line[at], 0, sizeof r->line[at]);
	r->line[at].pass = true;
	r->len = at + 1;
}

/* A Duplex: is the first move t the other side's (not legal in the
   problem, legal after a pass)? */
static bool other_sides_move(struct reader *r, const struct ctok *t)
{
	_Alignas(16) unsigned char pos[MAX_POS_SIZE], undo[MAX_UNDO_SIZE];
	memcpy(pos, r->pb->pos, r->g->pos_size);
	if (game_parse_move_lang(r->g, pos, t->text, r->ct->lang, NULL, 0) != MOVE_NONE)
		return false;
	r->g->make_null(pos, undo);
	return game_parse_move_lang(r->g, pos, t->text, r->ct->lang, NULL, 0) != MOVE_NONE;
}

/* A move (or "~") token at ply p. */
static int read_move(struct reader *r, const struct ctok *t, int p)
{
	const struct game *g = r->g;
	if (r->pb->duplex && (p == 0 || r->foreign)) {
		if (p == 0)
			r->foreign = t->kind == CT_MOVE && other_sides_move(r, t);
		if (r->foreign)
			return 0;
	}
	if (r->skip_from >= 0) {
		if (p >= r->skip_from)
			return 0;
		r->skip_from = -1;
	}
	if (p < 0 || p >= MAX_LINE - 1 || p > 2 * r->n - 1)
		return 0; /* the retro move; beyond the stipulation */
	bool solver = solver_ply(p);
	bool bare_any = t->kind == CT_ANY && !strcmp(t->text, "~");
	if (t->kind == CT_ANY && solver) {
		r->skip_from = p; /* "1.S~": any move of the solving side, not read */
		return 0;
	}
	/* a threat is played after a pass of the defender */
	if (solver && p >= 2 && r->threat_next && p == r->len + 1 && !r->line[p - 2].pass) {
		r->threat_next = false;
		if (!g->has_threats) {
			r->skip_from = p;
			return 0;
		}
		put_pass(r, p - 1);
	}
	/* set play (S8): a defence before any first move answers a pass */
	if (!solver && p == 1 && r->len == 0) {
		if (!g->has_threats || (g->in_check && g->in_check(r->pb->pos))) {
			r->skip_from = 1;
			return 0;
		}
		put_pass(r, 0);
	}
	if (p > r->len) {
		char at[48], missing[32]; /* bounded: a number's text */
		describe(r, r->len, &r->sa);
		strbuf_clear(&r->sb);
		claim_numbered(&r->sb, p, t->text);
		const char *before = strbuf_str(&r->sa), *num = strbuf_str(&r->sb);
		where(r, t->line, at, sizeof at);
		r->noted = false;
		snprintf(missing, sizeof missing, "%d%s", r->len / 2 + 1, r->len % 2 ? "..." : ".");
		if (r->len == 0)
			return fail(r, CLAIM_OFF_LINE, 0, MOVE_NONE, t->text,
			            "the file's %s%s does not follow from the moves before it: no "
			            "first move comes before it",
			            num, at);
		return fail(r, CLAIM_OFF_LINE, r->len, MOVE_NONE, t->text,
		            "the file's %s%s does not follow from the moves before it: after %s a "
		            "move %s is missing",
		            num, at, before, missing);
	}
	/* "1...~ 2.Sd7#", "1.Qe6! ~ 2.Sd7#": any defence, the threat after it */
	if (bare_any && !solver && g->has_threats) {
		put_pass(r, p);
		r->last = p;
		return 0;
	}
	r->len = p;
	memset(&r->cur, 0, sizeof r->cur);
	r->cur.any = t->kind == CT_ANY;
	r->cur.fails = (t->marks & CM_TRY) || (p == 0 && r->try_word);
	r->cur.line = t->line;
	r->p = p;
	r->tok = t;
	r->decided = false;
	r->noted = false;
	if (r->cur.any)
		r->cur.alt[0] = t->text, r->cur.nalt = 1;
	search_reset(r->s, r->pb->pos);
	int rc = walk(r, 0);
	if (rc)
		return rc;
	r->line[p] = r->cur;
	r->len = p + 1;
	r->last = p;
	if (solver)
		r->threat_next = false;
	if (p == 0) {
		r->try_word = false;
		r->but = false;
	} else if (p == 1) {
		r->but = false;
	}
	return 0;
}

/*
** The line's plies [0, upto) made from the diagram: a pass, a move's first
** alternative, the first candidate of a "~"; each in moves[] (MOVE_NONE
** for a pass, and for the ply that is not legal, which is not made: *ok
** false).  Returns the plies made; take_back() unmakes them.
*/
static int replay(struct reader *r, int upto, move_t moves[], bool *ok)
{
	search_reset(r->s, r->pb->pos);
	*ok = true;
	int made = 0;
	for (; made < upto; made++) {
		const struct ply *pl = &r->line[made];
		move_t m = MOVE_NONE;
		if (pl->pass) {
			search_make_null(r->s);
		} else {
			move_t c[MAX_MOVES];
			m = pl->any ? (any_candidates(r, pl->alt[0], c) ? c[0] : MOVE_NONE)
			            : game_parse_move_lang(r->g, r->s->pos, pl->alt[0], r->ct->lang,
			                                   NULL, 0);
			if (m == MOVE_NONE) {
				moves[made] = MOVE_NONE;
				*ok = false;
				break;
			}
			search_make(r->s, m);
		}
		moves[made] = m;
	}
	return made;
}

static void take_back(struct reader *r, const move_t moves[], int made)
{
	while (made-- > 0) {
		if (moves[made] == MOVE_NONE)
			search_unmake_null(r->s);
		else
			search_unmake(r->s, moves[made]);
	}
}

/* Is t legal at ply q of the line (its first alternatives, a pass, the
   first candidate of a "~")? */
static bool legal_at(struct reader *r, int q, const struct ctok *t)
{
	bool ok;
	move_t moves[MAX_LINE];
	int made = replay(r, q, moves, &ok);
	ok =
	    ok && game_parse_move_lang(r->g, r->s->pos, t->text, r->ct->lang, NULL, 0) != MOVE_NONE;
	take_back(r, moves, made);
	return ok;
}

/*
** The ply of a bare move (no number): the one after the last, unless it is
** not legal there and the last ended its line (the goal reached, as
** "2.Qf4#"); then, as in print ("1.Qe6! Kxc3 2.Sxc4# Kd5 2.Qd6#"), another
** move of the same side before it: the latest where it is legal.
*/
static int bare_ply(struct reader *r, const struct ctok *t)
{
	int p = r->last + 1;
	if (t->kind != CT_MOVE || r->last < 1 || p > r->len || legal_at(r, p, t))
		return p;
	for (int q = p - 2; q >= 1; q -= 2)
		if (q <= r->len && legal_at(r, q, t))
			return q;
	return p;
}

/*
** "zugzwang." after a move of the solving side (Popeye's word where the
** move threatens nothing): had the defender passed there, the solving side
** could not reach its goal in the moves left.  A move that threatens is no
** zugzwang: the claim is false (it was read as a mere word).
*/
static int check_zugzwang(struct reader *r)
{
	int last = r->last;
	if (last < 0 || last >= r->len || !solver_ply(last) || !r->g->has_threats || r->foreign ||
	    r->skip_from >= 0)
		return 0;
	int left = r->n - last / 2 - 1; /* the solving side's moves after it */
	if (left < 1)
		return 0;
	move_t moves[MAX_LINE];
	bool ok;
	int made = replay(r, last + 1, moves, &ok);
	/* the line as the threat's search reads it (what_wins), the ply that
	   failed included */
	memcpy(r->path, moves, (size_t)(made + !ok) * sizeof *moves);
	int rc = 0;
	/* the threat is as long as the line's own win, less the move made: a
	   move that wins in j threatens in j - 1 (Popeye's threat, and the
	   solution tree's: a quiet move inside a threat line of a #5's set play
	   that wins in 2 is a zugzwang when nothing mates in 1); a move that
	   does not win (a try) has the moves left */
	int j = ok ? search_after_min(r->s, left + 1) : 0;
	if (j == 0)
		j = left + 1;
	/* no threat is asked of a side in check (S5: it cannot pass) */
	if (ok && j > 1 && !(r->g->in_check && r->g->in_check(r->s->pos))) {
		search_make_null(r->s);
		if (search_attack(r->s, j - 1)) {
			strbuf_clear(&r->sb);
			what_wins(r, last + 2, j - 1, &r->sb);
			describe(r, last + 1, &r->sa);
			r->noted = false;
			rc = fail(r, CLAIM_FALSE_ZUGZWANG, last + 1, MOVE_NONE, "zugzwang",
			          "the file says zugzwang after %s, but it threatens %s",
			          strbuf_str(&r->sa), r->sb.len ? strbuf_str(&r->sb) : "to win");
		}
		search_unmake_null(r->s);
	}
	take_back(r, moves, made);
	return rc;
}

/* Prose: only the keys ("1.Qd4!") are read, each in the diagram. */
static int read_prose(struct reader *r)
{
	for (int i = 0; i + 1 < r->ct->n; i++) {
		const struct ctok *t = &r->ct->t[i], *m = &r->ct->t[i + 1];
		if (t->kind == CT_NUMBER && t->num == 1 && t->dots == 1 && m->kind == CT_MOVE &&
		    (m->marks & CM_KEY) && !strchr(m->text, '/')) {
			new_part(r);
			int rc = read_move(r, m, 0);
			if (rc)
				return rc;
		}
	}
	return 0;
}

static int read_tokens(struct reader *r)
{
	const struct claim_text *ct = r->ct;
	if (ct->prose)
		return read_prose(r);
	const struct ctok *number = NULL;
	for (int i = 0; i < ct->n; i++) {
		const struct ctok *t = &ct->t[i];
		const struct ctok *num = number;
		number = NULL;
		switch (t->kind) {
		case CT_NUMBER:
			number = t;
			break;
		case CT_MOVE:
		case CT_ANY: {
			int p;
			if (num)
				p = num->num == 0 ? -1 : 2 * (num->num - 1) + (num->dots == 3);
			else if (r->alt_next && r->last >= 0)
				p = r->last;
			else
				p = bare_ply(r, t);
			r->alt_next = false;
			int rc = read_move(r, t, p);
			if (rc)
				return rc;
			break;
		}
		case CT_THREAT:
			r->threat_next = true;
			break;
		case CT_ZUGZWANG: {
			int rc = check_zugzwang(r);
			if (rc)
				return rc;
			r->threat_next = false;
			break;
		}
		case CT_BUT:
			r->but = true;
			break;
		case CT_TRY_WORD:
			r->try_word = true;
			break;
		case CT_OPEN:
			open_group(r);
			break;
		case CT_CLOSE:
			close_group(r);
			break;
		case CT_SLASH:
			r->alt_next = true;
			break;
		case CT_PART: {
			/* parts of twins the puzzle does not have are not read (the
			   judge gives each twin its part); "a)" and "I)" are read */
			const char *l = t->text + (t->text[0] == '+');
			new_part(r);
			if (l[0] >= 'b' && l[0] <= 'z')
				r->skip_from = 0;
			break;
		}
		case CT_REFUTES:
		case CT_DUAL:
		case CT_WORD:
			break;
		}
	}
	return 0;
}

/* Battle play (claim.h), from claim_check_why. */
static int claim_check(const struct problem *pb, const struct analysis *a, struct strbuf *why,
                       struct claim_diff *d)
{
	struct claim_text ct;
	if (claim_lex(pb->claim, &ct) != 0) {
		strbuf_puts(why, "out of memory");
		return CLAIM_NO_MEMORY;
	}
	struct reader *r = calloc(1, sizeof *r);
	struct search *s = r ? problem_search(pb) : NULL;
	if (!s) {
		free(r);
		claim_text_free(&ct);
		strbuf_puts(why, "out of memory");
		return CLAIM_NO_MEMORY;
	}
	search_set_goal(s, pb->play->goal);
	r->pb = pb;
	r->g = pb->g;
	r->s = s;
	r->a = a;
	r->ct = &ct;
	r->n = pb->stip.n;
	r->why = why;
	r->diff = d;
	new_part(r);
	int rc;
	if (setjmp(s->abort)) {
		strbuf_clear(why);
		strbuf_puts(why, "the claim could not be checked within the time limit");
		rc = CLAIM_TIMEOUT;
	} else {
		rc = read_tokens(r) ? CLAIM_DIFFERS : CLAIM_OK;
	}
	if (r->no_memory || strbuf_failed(why)) {
		strbuf_reset(why);
		strbuf_puts(why, "out of memory");
		rc = CLAIM_NO_MEMORY;
	}
	new_part(r); /* frees what groups kept */
	msg_free(&r->ms);
	strbuf_free(&r->sa);
	strbuf_free(&r->sb);
	free(r);
	search_free(s);
	claim_text_free(&ct);
	return rc;
}

void claim_notes(const char *claim, struct strbuf *b)
{
	struct claim_text ct;
	if (!claim || !*claim || claim_lex(claim, &ct) != 0)
		return;
	claim_text_notes(&ct, b);
	claim_text_free(&ct);
}

int claim_check_why(const struct problem *pb, const struct analysis *a, struct strbuf *why,
                    struct claim_diff *d)
{
	if (d) {
		memset(d, 0, sizeof *d);
		d->intended = MOVE_NONE;
	}
	strbuf_clear(why);
	if (!pb->claim || !*pb->claim)
		return CLAIM_OK;
	if (pb->play->family == FAMILY_LINES)
		return claim_check_lines(pb, a, why);
	return claim_check(pb, a, why, d);
}

void claim_diff_free(struct claim_diff *d)
{
	free(d->given_text);
	d->given_text = NULL;
}
