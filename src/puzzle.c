/*
** puzzle.c -- helpers on the puzzle model: freeing a collection, the
** Popeye piece count "(w+b)".
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzle.h"

static void free_list(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void puzzle_free(struct puzzle *p)
{
	free(p->file);
	free(p->title);
	free(p->authors);
	free(p->source);
	free(p->award);
	free(p->solution);
	free(p->caption_style);
	free_list(p->keywords, p->nkeywords);
	free_list(p->options, p->noptions);
	for (int i = 0; i < p->ntwins; i++)
		free(p->twins[i].text);
	free(p->twins);
	free(p->error);
	free(p->unsupported);
	free_list(p->warnings, p->nwarnings);
}

void collection_free(struct collection *c)
{
	if (!c)
		return;
	for (int i = 0; i < c->count; i++)
		puzzle_free(&c->items[i]);
	free(c->items);
	c->items = NULL;
	c->count = 0;
}

/*
** Which side a setup letter belongs to.  The game interface does not say
** (struct piece_kind has no side), so this knows the two conventions in
** use: Tavlei's 't' attackers (side 0) against 'T' defenders and the 'K'
** king (side 1); every other game writes side 0 in upper case.
** TODO(lead): move this into the games' piece tables.
*/
static int letter_side(const struct game *g, char c)
{
	if (strcmp(g->id, "tavlei") == 0)
		return c == 't' ? 0 : 1;
	return isupper((unsigned char)c) ? 0 : 1;
}

void puzzle_piece_count(const struct puzzle *p, char *buf, size_t len)
{
	if (!len)
		return;
	buf[0] = 0;
	if (!p->has_position || !p->game || !p->game->get_setup)
		return;
	struct setup s;
	int n[2] = { 0, 0 };
	p->game->get_setup(p->pos, &s);
	for (int r = 0; r < p->game->ranks; r++)
		for (int f = 0; f < p->game->files; f++)
			if (s.grid[r][f] != '.' && s.grid[r][f] != 0)
				n[letter_side(p->game, s.grid[r][f])]++;
	snprintf(buf, len, "(%d+%d)", n[0], n[1]);
}
