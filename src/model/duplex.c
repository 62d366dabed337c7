/*
** duplex.c -- Popeye's Duplex and HalfDuplex over a built puzzle (see
** duplex.h): the readers of YAML and of Popeye's input share it.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/duplex.h"
#include "base/textsafe.h"

/* d becomes pos with the other side to move.  En passant is dropped: it
   belonged to the side that was to move; ep, when given, is the new
   side's.  -1 out of memory. */
static int make_part(const struct puzzle *p, const void *pos, const char *ep, const char *file,
                     struct twin *d)
{
	const struct game *g = p->game;
	struct setup s;
	char e[256];
	g->get_setup(pos, &s);
	s.side_to_move ^= 1;
	snprintf(s.en_passant, sizeof s.en_passant, "%s", ep ? ep : "-");
	d->duplex = true;
	d->has_position = g->setup(d->pos, &s, e, sizeof e) == 0;
	if (d->has_position)
		return 0;
	for (char *q = e; *q; q++) /* one line */
		if ((unsigned char)*q < 0x20)
			*q = ' ';
	d->error = text_aprintf("%s:%d:%d: duplex part: position: %s", file, d->line, d->col, e);
	return d->error ? 0 : -1;
}

static int half_duplex(struct puzzle *p, const char *ep, const char *file)
{
	struct twin d;
	memset(&d, 0, sizeof d);
	d.line = p->line;
	d.col = 1;
	if (make_part(p, p->pos, ep, file, &d) != 0)
		return -1;
	if (d.error) {
		free(p->error);
		p->error = d.error;
		return 0;
	}
	memcpy(p->pos, d.pos, sizeof p->pos);
	for (int i = 0; i < p->ntwins; i++) {
		struct twin *t = &p->twins[i];
		if (!t->has_position)
			continue;
		memset(&d, 0, sizeof d);
		d.line = t->line;
		d.col = t->col;
		if (make_part(p, t->pos, ep, file, &d) != 0)
			return -1;
		if (d.error) {
			t->error = d.error;
			t->has_position = false;
		} else {
			memcpy(t->pos, d.pos, sizeof t->pos);
		}
	}
	p->half_duplex = true;
	return 0;
}

int duplex_apply(struct puzzle *p, bool half, const char *ep, const char *file, char *err,
                 size_t errlen)
{
	if (half)
		return half_duplex(p, ep, file);
	int n = p->ntwins, problems = n + !p->zero_position;
	if (2 * problems > DUPLEX_MAX_TWINS + 1) {
		snprintf(err, errlen, "Duplex: more than %d twins in one problem",
		         DUPLEX_MAX_TWINS);
		/* the puzzle is in error, one problem: with its twins kept, each
		   was reported with the puzzle's error (600 twins, 601 messages) */
		puzzle_drop_twins(p);
		p->zero_position = false;
		p->twins_ready = false;
		return -2;
	}
	struct twin *v = calloc((size_t)(2 * problems + 1), sizeof *v);
	if (!v)
		return -1;
	int k = 0, rc = 0;
	if (!p->zero_position) {
		/* the diagram's duplex part: twins[0], shown as "a)" */
		struct twin *d = &v[k++];
		rc |= (d->label = text_aprintf("a")) ? 0 : -1;
		d->line = p->line;
		d->col = 1;
		d->stip = p->stip;
		rc |= make_part(p, p->pos, ep, file, d);
	}
	for (int i = 0; i < n; i++) {
		struct twin *t = &p->twins[i];
		v[k] = *t;
		struct twin *d = &v[k + 1];
		rc |= (d->label = text_aprintf("%s", t->label)) ? 0 : -1;
		d->line = t->line;
		d->col = t->col;
		d->stip = t->stip;
		d->duplex = true;
		if (t->error)
			rc |= (d->error = text_aprintf("%s", t->error)) ? 0 : -1;
		else if (t->unsupported)
			rc |= (d->unsupported = text_aprintf("%s", t->unsupported)) ? 0 : -1;
		else
			rc |= make_part(p, t->pos, ep, file, d);
		k += 2;
	}
	for (int i = 0; i < k; i++)
		if (v[i].duplex && !(v[i].text = text_aprintf("Duplex")))
			rc = -1;
	free(p->twins); /* the texts and messages moved to v */
	p->twins = v;
	p->ntwins = k;
	return rc;
}
