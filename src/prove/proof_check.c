/*
** proof_check.c -- reading and checking a proof file (see proof_check.h).
**
** Three passes: the directives; every line's position read and entered in
** an exact map; then every line's move made and every reply of the loser
** looked up, which gives the strategy as a graph from line to line.  A
** depth-first walk of that graph finds any cycle and the longest line.
*/
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "prove/proof_check.h"
#include "base/textsafe.h"
#include "games/game.h"
#include "notation/move_parse.h"
#include "prove/posmap.h"

#define MAX_LINE 1024

struct checker {
	const char *name;
	FILE *err;
	struct proof_report *r;
	const struct game *g;
	int winner;
	char rules[MAX_RULES][128];
	size_t rule_line[MAX_RULES], rule_col[MAX_RULES]; /* where each was given */
	int nrules;
};

/* Input as it may be shown: printable ASCII, at most 80 characters. */
static void shown(const char *s, size_t n, char *out, size_t outlen)
{
	size_t k = 0;
	for (size_t i = 0; i < n && k + 4 < outlen && i < 80; i++)
		out[k++] = isprint((unsigned char)s[i]) ? s[i] : '?';
	if (n > 80 && k + 4 < outlen) {
		memcpy(out + k, "...", 3);
		k += 3;
	}
	out[k] = 0;
}

static void error_at(struct checker *c, size_t line, size_t col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void error_at(struct checker *c, size_t line, size_t col, const char *fmt, ...)
{
	c->r->errors++;
	if (c->r->errors > PROOF_MAX_ERRORS || !c->err)
		return;
	va_list ap;
	text_fprintf(c->err, "%s:%zu:%zu: ", c->name, line, col);
	va_start(ap, fmt);
	vfprintf(c->err, fmt, ap);
	va_end(ap);
	fputc('\n', c->err);
}

struct line {
	size_t number;    /* in the file, from 1 */
	const char *text; /* its start */
	size_t len;       /* without the newline */
	size_t move_at;   /* offset of the move */
};

/* Read a position for the proof: the game's reader, then the rules. */
static int read_position(struct checker *c, void *pos, const char *text, char *why, size_t len)
{
	if (c->g->parse(pos, text, why, len) < 0)
		return -1;
	for (int i = 0; i < c->nrules; i++) {
		char name[128];
		const char *eq = strchr(c->rules[i], '=');
		size_t k = (size_t)(eq - c->rules[i]);
		memcpy(name, c->rules[i], k);
		name[k] = 0;
		if (c->g->set_rule(pos, name, eq + 1, why, len) < 0)
			return -1;
	}
	return 0;
}

/* "# NAME: VALUE" directives; the other comments are skipped. */
static void directive(struct checker *c, const struct line *L, bool *seen_root)
{
	static const char *const names[] = {"game", "rule", "root", "winner"};
	const char *p = L->text + 1;
	const char *end = L->text + L->len;
	while (p < end && *p == ' ')
		p++;
	for (int k = 0; k < 4; k++) {
		size_t n = strlen(names[k]);
		if ((size_t)(end - p) <= n || strncmp(p, names[k], n) != 0 || p[n] != ':')
			continue;
		const char *v = p + n + 1;
		while (v < end && *v == ' ')
			v++;
		size_t vlen = (size_t)(end - v);
		size_t col = (size_t)(v - L->text) + 1;
		char value[512], show[128];
		shown(v, vlen, show, sizeof show);
		if (vlen == 0 || vlen >= sizeof value) {
			error_at(c, L->number, col,
			         "%s: expected a value of at most %zu characters", names[k],
			         sizeof value - 1);
			return;
		}
		memcpy(value, v, vlen);
		value[vlen] = 0;
		switch (k) {
		case 0:
			if (c->g) {
				error_at(c, L->number, col, "a second game: line");
			} else if (!(c->g = game_find(value)) || !c->g->gen_moves) {
				c->g = NULL;
				error_at(c, L->number, col, "unknown game '%s'", show);
			} else {
				c->r->game_id = c->g->id;
			}
			return;
		case 1:
			if (!strchr(value, '=') || value[0] == '=' ||
			    strchr(value, '=') - value >= 127 || vlen >= sizeof c->rules[0]) {
				error_at(c, L->number, col, "rule: expected NAME=VALUE, got '%s'",
				         show);
			} else if (c->nrules == MAX_RULES) {
				error_at(c, L->number, col, "more than %d rule: lines", MAX_RULES);
			} else {
				c->rule_line[c->nrules] = L->number;
				c->rule_col[c->nrules] = col;
				strcpy(c->rules[c->nrules++], value);
			}
			return;
		case 2:
			if (*seen_root)
				error_at(c, L->number, col, "a second root: line");
			strcpy(c->r->root, value);
			*seen_root = true;
			return;
		case 3:
			if (c->r->winner[0])
				error_at(c, L->number, col, "a second winner: line");
			else if (vlen >= sizeof c->r->winner)
				error_at(c, L->number, col, "unknown winner '%s'", show);
			else
				strcpy(c->r->winner, value);
			return;
		}
	}
}

/* Split text into lines; NULL when out of memory. */
static struct line *split_lines(const char *text, size_t len, size_t *count)
{
	size_t n = 0, cap = 1024;
	struct line *L = malloc(cap * sizeof *L);
	if (!L)
		return NULL;
	size_t i = 0, number = 0;
	while (i < len) {
		size_t j = i;
		while (j < len && text[j] != '\n')
			j++;
		number++;
		if (n == cap) {
			cap *= 2;
			struct line *bigger = realloc(L, cap * sizeof *L);
			if (!bigger) {
				free(L);
				return NULL;
			}
			L = bigger;
		}
		size_t k = j - i;
		if (k && text[i + k - 1] == '\r')
			k--;
		L[n++] = (struct line){number, text + i, k, 0};
		i = j + 1;
	}
	*count = n;
	return L;
}

struct graph {
	size_t *first; /* edges of line i: to[first[i] .. first[i+1]) */
	uint32_t *to;
	size_t nedges, cap;
};

static int add_edge(struct graph *gr, uint32_t target)
{
	if (gr->nedges == gr->cap) {
		size_t cap = gr->cap ? gr->cap * 2 : 4096;
		uint32_t *to = realloc(gr->to, cap * sizeof *to);
		if (!to)
			return -1;
		gr->to = to;
		gr->cap = cap;
	}
	gr->to[gr->nedges++] = target;
	return 0;
}

/* The side's word ("white", "attackers") to a side, or -1. */
static int side_of(const struct game *g, const char *word)
{
	for (int s = 0; s < 2; s++)
		if (g->side_word[s] && strcmp(g->side_word[s], word) == 0)
			return s;
	return -1;
}

/* Is the position (not over, or over) won for the winner?  1 won, 0 goes
   on, -1 over but not won. */
static int won_for(const struct game *g, void *pos, int winner)
{
	move_t moves[MAX_MOVES];
	int n = g->gen_moves(pos, moves);
	enum result r = g->outcome(pos, moves, n);
	if (r == RESULT_ONGOING && n > 0)
		return 0;
	int mover = g->side_to_move(pos);
	return (r == RESULT_WIN && mover == winner) || (r == RESULT_LOSS && mover != winner) ? 1
	                                                                                     : -1;
}

/* Depth-first over the graph from every line: cycles, and the depth of
   each line (the winner's moves along its longest line). */
static int longest_lines(struct checker *c, const struct line *L, size_t n, const struct graph *gr,
                         int32_t *depth)
{
	uint8_t *color = calloc(n ? n : 1, 1);
	size_t *stack = malloc((n ? n : 1) * sizeof *stack);
	size_t *next = malloc((n ? n : 1) * sizeof *next);
	int rc = 0;
	if (!color || !stack || !next) {
		rc = -2;
		goto out;
	}
	for (size_t start = 0; start < n && rc == 0; start++) {
		if (color[start])
			continue;
		size_t sp = 0;
		stack[sp++] = start;
		color[start] = 1;
		next[start] = gr->first[start];
		while (sp) {
			size_t v = stack[sp - 1];
			if (next[v] < gr->first[v + 1]) {
				uint32_t w = gr->to[next[v]++];
				if (color[w] == 1) {
					error_at(c, L[w].number, 1,
					         "the strategy comes back to this position "
					         "(from line %zu): play could go round forever",
					         L[v].number);
					rc = -1;
					break;
				}
				if (color[w] == 0) {
					color[w] = 1;
					next[w] = gr->first[w];
					stack[sp++] = w;
				}
				continue;
			}
			int32_t d = 0;
			for (size_t e = gr->first[v]; e < gr->first[v + 1]; e++)
				if (depth[gr->to[e]] > d)
					d = depth[gr->to[e]];
			depth[v] = d + 1;
			color[v] = 2;
			sp--;
		}
	}
out:
	free(color);
	free(stack);
	free(next);
	return rc;
}

static size_t count_reached(const struct graph *gr, size_t n, const uint32_t *starts,
                            size_t nstarts)
{
	uint8_t *seen = calloc(n ? n : 1, 1);
	uint32_t *stack = malloc((n ? n : 1) * sizeof *stack);
	size_t reached = 0, sp = 0;
	if (!seen || !stack) {
		free(seen);
		free(stack);
		return 0;
	}
	for (size_t i = 0; i < nstarts; i++)
		if (!seen[starts[i]]) {
			seen[starts[i]] = 1;
			stack[sp++] = starts[i];
		}
	while (sp) {
		uint32_t v = stack[--sp];
		reached++;
		for (size_t e = gr->first[v]; e < gr->first[v + 1]; e++)
			if (!seen[gr->to[e]]) {
				seen[gr->to[e]] = 1;
				stack[sp++] = gr->to[e];
			}
	}
	free(seen);
	free(stack);
	return reached;
}

int proof_check(const char *text, size_t len, const char *name, FILE *err, struct proof_report *r)
{
	return proof_check_until(text, len, name, err, NULL, r);
}

/* Is the stop flag set?  Looked at once every 4096 lines of a pass (a
   line is microseconds). */
static bool stop_at(const stop_flag *stop, size_t i)
{
	return (i & 4095) == 0 && stop_requested(stop);
}

int proof_check_until(const char *text, size_t len, const char *name, FILE *err,
                      const stop_flag *stop, struct proof_report *r)
{
	struct checker c = {.name = name, .err = err, .r = r};
	memset(r, 0, sizeof *r);
	r->depth = -1;
	size_t nlines = 0;
	struct line *L = NULL;
	struct posmap map;
	struct graph gr = {0};
	unsigned char *positions = NULL;
	int32_t *depth = NULL;
	uint32_t *starts = NULL;
	size_t nstarts = 0;
	posmap_init(&map);

	if (memchr(text, 0, len)) {
		error_at(&c, 1, 1, "not a text file (a NUL byte)");
		r->malformed = true;
		goto done;
	}
	L = split_lines(text, len, &nlines);
	if (!L && len) {
		error_at(&c, 1, 1, "out of memory");
		r->malformed = true;
		goto done;
	}
	/* pass 1: the directives */
	bool seen_root = false;
	for (size_t i = 0; i < nlines; i++)
		if (L[i].len && L[i].text[0] == '#')
			directive(&c, &L[i], &seen_root);
	if (!c.g)
		error_at(&c, 1, 1, "no '# game:' line");
	if (!seen_root)
		error_at(&c, 1, 1, "no '# root:' line");
	if (!r->winner[0])
		error_at(&c, 1, 1, "no '# winner:' line");
	if (c.g && r->winner[0] && (c.winner = side_of(c.g, r->winner)) < 0)
		error_at(&c, 1, 1, "winner '%s' is not a side of %s (%s or %s)", r->winner, c.g->id,
		         c.g->side_word[0], c.g->side_word[1]);
	if (c.nrules && c.g && !c.g->set_rule)
		error_at(&c, c.rule_line[0], c.rule_col[0], "rule: %s has no rule options",
		         c.g->id);
	/* each rule at its own line (a bad one was found on the root, at 1:1) */
	if (c.g && c.g->set_rule) {
		_Alignas(16) unsigned char scratch[MAX_POS_SIZE];
		char why[256], show[128];
		for (int i = 0;
		     i < c.nrules && c.g->parse(scratch, c.g->start, why, sizeof why) == 0; i++) {
			char rname[128];
			const char *eq = strchr(c.rules[i], '=');
			memcpy(rname, c.rules[i], (size_t)(eq - c.rules[i]));
			rname[eq - c.rules[i]] = 0;
			if (c.g->set_rule(scratch, rname, eq + 1, why, sizeof why) < 0) {
				shown(why, strlen(why), show, sizeof show);
				error_at(&c, c.rule_line[i], c.rule_col[i], "rule: %s", show);
			}
		}
	}
	for (int i = 0; i < c.nrules; i++)
		strcpy(r->rules[i], c.rules[i]);
	r->nrules = c.nrules;
	if (r->errors) {
		r->malformed = true;
		goto done;
	}
	const struct game *g = c.g;
	char why[256], show[128];
	_Alignas(16) unsigned char root[MAX_POS_SIZE];
	if (read_position(&c, root, r->root, why, sizeof why) < 0) {
		shown(why, strlen(why), show, sizeof show);
		error_at(&c, 1, 1, "root: %s", show);
		r->malformed = true;
		goto done;
	}
	g->format(root, r->root, sizeof r->root); /* as maat writes it: safe to show */

	/* pass 2: every line's position into the map */
	size_t npos = 0;
	for (size_t i = 0; i < nlines; i++)
		npos += L[i].len && L[i].text[0] != '#';
	size_t stride = (g->pos_size + 15) / 16 * 16;
	positions = aligned_alloc(16, (npos ? npos : 1) * stride);
	depth = calloc(npos ? npos : 1, sizeof *depth);
	gr.first = malloc((npos + 1) * sizeof *gr.first);
	if (!positions || !depth || !gr.first || posmap_reserve(&map, npos) < 0) {
		error_at(&c, 1, 1, "out of memory");
		r->malformed = true;
		goto done;
	}
	size_t k = 0;
	for (size_t i = 0; i < nlines; i++) {
		struct line *l = &L[i];
		if (stop_at(stop, i))
			goto stopped;
		if (!l->len || l->text[0] == '#')
			continue;
		L[k] = *l; /* the position lines, packed in front */
		l = &L[k];
		unsigned char *pos = positions + k * stride;
		k++;
		const char *sp = NULL;
		for (size_t j = 0; j < l->len; j++)
			if (l->text[j] == ' ')
				sp = l->text + j;
		if (!sp || sp == l->text || l->len >= MAX_LINE) {
			error_at(&c, l->number, 1,
			         l->len >= MAX_LINE ? "line longer than %d characters"
			                            : "expected 'POSITION MOVE'",
			         MAX_LINE - 1);
			r->malformed = true;
			continue;
		}
		char ptext[MAX_LINE];
		memcpy(ptext, l->text, (size_t)(sp - l->text));
		ptext[sp - l->text] = 0;
		l->move_at = (size_t)(sp - l->text) + 1;
		if (read_position(&c, pos, ptext, why, sizeof why) < 0) {
			shown(why, strlen(why), show, sizeof show);
			error_at(&c, l->number, 1, "position: %s", show);
			r->malformed = true;
			continue;
		}
		if (g->side_to_move(pos) != c.winner) {
			error_at(&c, l->number, 1,
			         "the loser (%s) is to move: lines are the winner's",
			         g->side_word[1 - c.winner]);
			continue;
		}
		int added;
		struct posrec *rec = posmap_get_pos(&map, g, pos, &added);
		if (!rec) {
			error_at(&c, l->number, 1, "out of memory");
			r->malformed = true;
			goto done;
		}
		if (!added) {
			error_at(&c, l->number, 1, "the same position as line %zu",
			         L[rec->aux].number);
			continue;
		}
		rec->aux = (uint32_t)(k - 1);
	}
	nlines = k;
	r->lines = nlines;
	if (r->malformed)
		goto done;

	/* pass 3: the moves, and the loser's every reply */
	move_t moves[MAX_MOVES];
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE], undo2[MAX_UNDO_SIZE];
	for (size_t i = 0; i < nlines; i++) {
		const struct line *l = &L[i];
		unsigned char *pos = positions + i * stride;
		if (stop_at(stop, i))
			goto stopped;
		gr.first[i] = gr.nedges;
		char mtext[MAX_LINE], mshow[128];
		size_t mlen = l->len - l->move_at;
		memcpy(mtext, l->text + l->move_at, mlen);
		mtext[mlen] = 0;
		shown(mtext, mlen, mshow, sizeof mshow);
		move_t m = game_parse_move(g, pos, mtext, why, sizeof why);
		if (m == MOVE_NONE) {
			error_at(&c, l->number, l->move_at + 1, "'%s' is not a legal move here",
			         mshow);
			continue;
		}
		g->make(pos, m, undo);
		int w = won_for(g, pos, c.winner);
		if (w < 0)
			error_at(&c, l->number, l->move_at + 1,
			         "after %s the game is over, and not won", mshow);
		if (w == 0) {
			int n = g->gen_moves(pos, moves);
			/* the replies' slots fetched ahead: one cache miss at a time
			   otherwise */
			for (int j = 0; j < n; j++) {
				g->make(pos, moves[j], undo2);
				posmap_prefetch_pos(&map, g, pos);
				g->unmake(pos, moves[j], undo2);
			}
			for (int j = 0; j < n; j++) {
				g->make(pos, moves[j], undo2);
				int ww = won_for(g, pos, c.winner);
				struct posrec *rec = ww ? NULL : posmap_find_pos(&map, g, pos);
				if (ww < 0 || (!ww && !rec)) {
					char reply[64], ptext[512], pshow[128];
					g->format(pos, ptext, sizeof ptext);
					shown(ptext, strlen(ptext), pshow, sizeof pshow);
					g->unmake(pos, moves[j], undo2);
					g->move_text(pos, moves[j], MOVE_CANONICAL, reply,
					             sizeof reply);
					error_at(&c, l->number, l->move_at + 1,
					         ww < 0 ? "after %s %s the winner has lost (%s)"
					                : "after %s %s the position is not in the "
					                  "proof: %s",
					         mshow, reply, pshow);
					continue;
				}
				if (rec && add_edge(&gr, rec->aux) < 0) {
					error_at(&c, l->number, 1, "out of memory");
					r->malformed = true;
					goto done;
				}
				g->unmake(pos, moves[j], undo2);
			}
		}
		g->unmake(pos, m, undo);
	}
	gr.first[nlines] = gr.nedges;

	/* the root */
	int root_won = won_for(g, root, c.winner);
	starts = malloc((MAX_MOVES + 1) * sizeof *starts);
	if (!starts) {
		error_at(&c, 1, 1, "out of memory");
		r->malformed = true;
		goto done;
	}
	if (root_won < 0) {
		error_at(&c, 1, 1, "the root is over, and not won for %s", r->winner);
	} else if (root_won == 0 && g->side_to_move(root) == c.winner) {
		struct posrec *rec = posmap_find_pos(&map, g, root);
		if (!rec)
			error_at(&c, 1, 1, "the root (%s to move) is on no line", r->winner);
		else
			starts[nstarts++] = rec->aux;
	} else if (root_won == 0) {
		int n = g->gen_moves(root, moves);
		for (int j = 0; j < n; j++) {
			g->make(root, moves[j], undo);
			int ww = won_for(g, root, c.winner);
			struct posrec *rec = ww ? NULL : posmap_find_pos(&map, g, root);
			g->unmake(root, moves[j], undo);
			if (ww > 0)
				continue;
			char reply[64];
			g->move_text(root, moves[j], MOVE_CANONICAL, reply, sizeof reply);
			if (ww < 0)
				error_at(&c, 1, 1, "after the root's %s the winner has lost",
				         reply);
			else if (!rec)
				error_at(&c, 1, 1, "after the root's %s the position is on no line",
				         reply);
			else
				starts[nstarts++] = rec->aux;
		}
	}
	if (r->errors)
		goto done;
	if (stop_requested(stop))
		goto stopped;
	int lrc = longest_lines(&c, L, nlines, &gr, depth);
	if (lrc == -2) {
		error_at(&c, 1, 1, "out of memory");
		r->malformed = true;
	}
	if (lrc < 0)
		goto done;
	r->reached = count_reached(&gr, nlines, starts, nstarts);
	r->depth = 0;
	for (size_t i = 0; i < nstarts; i++)
		if (depth[starts[i]] > r->depth)
			r->depth = depth[starts[i]];
	r->valid = true;
	goto done;
stopped:
	r->stopped = true;
done:
	if (r->errors > PROOF_MAX_ERRORS && err)
		text_fprintf(err, "%s: %zu more errors\n", name, r->errors - PROOF_MAX_ERRORS);
	free(L);
	free(positions);
	free(depth);
	free(gr.first);
	free(gr.to);
	free(starts);
	posmap_free(&map);
	return r->valid ? 0 : -1;
}
