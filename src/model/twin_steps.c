/*
** twin_steps.c -- a twin's text as its commands (twin_steps.h).
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/strbuf.h"
#include "model/twin_steps.h"

int twin_steps(const char *text, char *buf, size_t len, struct twin_step *steps, int max)
{
	/* the commands and how many words each takes */
	static const struct {
		const char *name;
		enum twin_op op;
		int words;
	} commands[] = {
	    {"Continued", TWIN_OP_CONTINUED, 0},
	    {"Move", TWIN_OP_MOVE, 2},
	    {"Exchange", TWIN_OP_EXCHANGE, 2},
	    {"Remove", TWIN_OP_REMOVE, 1},
	    {"Add", TWIN_OP_ADD, 2},
	    {"Substitute", TWIN_OP_SUBSTITUTE, 2},
	    {"Stipulation", TWIN_OP_STIPULATION, 1},
	};
	snprintf(buf, len, "%s", text);
	char *tok[TWIN_MAX_STEPS];
	int n = 0;
	char *save = NULL;
	for (char *t = strtok_r(buf, " \t\n", &save); t && n < TWIN_MAX_STEPS;
	     t = strtok_r(NULL, " \t\n", &save))
		tok[n++] = t;
	int k = 0;
	for (int i = 0; i < n && k < max; i++) {
		struct twin_step *s = &steps[k++];
		*s = (struct twin_step){TWIN_OP_OTHER, {tok[i], NULL}};
		for (size_t c = 0; c < sizeof commands / sizeof *commands; c++)
			if (!strcasecmp(tok[i], commands[c].name) && i + commands[c].words < n) {
				s->op = commands[c].op;
				s->word[0] = commands[c].words > 0 ? tok[i + 1] : NULL;
				s->word[1] = commands[c].words > 1 ? tok[i + 2] : NULL;
				i += commands[c].words;
				break;
			}
	}
	return k;
}

int twin_made_from(const struct puzzle *p, int twin, struct setup *before)
{
	int from = twin - 1;
	while (from >= 0 && p->twins[from].duplex)
		from--;
	if (!p->twins[twin].continued)
		from = -1;
	memset(before, 0, sizeof *before);
	p->game->get_setup(from >= 0 ? p->twins[from].pos : p->pos, before);
	return from;
}

void twin_man_on(const struct game *g, const struct setup *s, const char *sq,
                 void (*letter)(const void *ctx, const struct piece_kind *k, char **o, char *end),
                 const void *ctx, char *out, size_t len)
{
	int file, rank;
	out[0] = 0;
	int used = square_parse(sq, g->files, g->ranks, &file, &rank);
	if (used < 0 || sq[used])
		return;
	const struct piece_kind *k = game_piece(g, s->grid[rank][file]);
	if (!k || !k->popeye)
		return;
	char *o = out, *end = out + len;
	letter(ctx, k, &o, end);
	*o = 0;
	snprintf(o, (size_t)(end - o), "%s", sq);
}

/* A piece named by its letter, as l names it: "S", a figurine. */
static void put_piece(struct strbuf *b, const struct twin_letters *l, char popeye)
{
	char one[16], *o = one;
	l->piece(l->ctx, popeye, &o, one + sizeof one);
	*o = 0;
	strbuf_puts(b, one);
}

/* The man on square sq as l names him ("Se1"), or sq as written when
   there is none. */
static void put_man(struct strbuf *b, const struct twin_letters *l, const struct game *g,
                    const struct setup *s, const char *sq)
{
	char man[48];
	twin_man_on(g, s, sq, l->man, l->ctx, man, sizeof man);
	strbuf_puts(b, man[0] ? man : sq);
}

char *twin_magazine_label(const struct puzzle *p, int twin, const struct twin_letters *l)
{
	const struct twin *tw = &p->twins[twin];
	const char *text = tw->text ? tw->text : "";
	struct strbuf b = STRBUF_INIT;
	struct setup before;
	int from = twin_made_from(p, twin, &before);
	strbuf_printf(&b, "%s) ", tw->label);
	if (from >= 0)
		strbuf_printf(&b, "from %s) ", p->twins[from].label);
	size_t len = strlen(text) + 1;
	char *buf = malloc(len);
	struct twin_step st[TWIN_MAX_STEPS];
	int n = buf ? twin_steps(text, buf, len, st, TWIN_MAX_STEPS) : 0;
	bool first = true;
	for (int i = 0; i < n; i++) {
		const char *x = st[i].word[0], *y = st[i].word[1];
		if (st[i].op == TWIN_OP_CONTINUED)
			continue;
		/* the changes apart by commas, other words by a space */
		if (!first)
			strbuf_puts(&b, st[i].op == TWIN_OP_OTHER ? " " : ", ");
		first = false;
		switch (st[i].op) {
		case TWIN_OP_CONTINUED:
			break;
		case TWIN_OP_MOVE: /* "Sa1→a2" */
			put_man(&b, l, p->game, &before, x);
			strbuf_printf(&b, "\u2192%s", y);
			break;
		case TWIN_OP_EXCHANGE: /* "Ka1↔Sb2" */
			put_man(&b, l, p->game, &before, x);
			strbuf_puts(&b, "\u2194");
			put_man(&b, l, p->game, &before, y);
			break;
		case TWIN_OP_REMOVE: /* "-Se1" */
			strbuf_putc(&b, '-');
			put_man(&b, l, p->game, &before, x);
			break;
		case TWIN_OP_ADD: /* "+wBc4" */
			strbuf_putc(&b, '+');
			strbuf_putc(&b, tolower((unsigned char)x[0]) == 'b' ? 'b' : 'w');
			put_piece(&b, l, y[0]);
			strbuf_puts(&b, y + 1);
			break;
		case TWIN_OP_SUBSTITUTE: /* "R→B" */
			put_piece(&b, l, x[0]);
			strbuf_puts(&b, "\u2192");
			put_piece(&b, l, y[0]);
			break;
		case TWIN_OP_STIPULATION: /* "#4" */
		case TWIN_OP_OTHER:
			strbuf_puts(&b, x);
			break;
		}
	}
	if (!buf && text[0]) {
		strbuf_free(&b);
		return NULL;
	}
	free(buf);
	/* "b) " with nothing after it: the label alone */
	char *out = strbuf_take(&b);
	if (out) {
		size_t k = strlen(out);
		while (k && out[k - 1] == ' ')
			out[--k] = 0;
	}
	return out;
}
