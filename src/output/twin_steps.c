/*
** twin_steps.c -- a twin's text as its commands (twin_steps.h).
*/
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "output/twin_steps.h"

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
