/*
** alike.c -- near-duplicates: two problems one to a judge (see
** compose.h, compose_alike).
*/
#include <stdlib.h>
#include <string.h>

#include "compose/compose.h"
#include "compose/place.h"
#include "compose/variations.h"
#include "notation/move_parse.h"
#include "solve/analysis.h"

/* Square (f, r) under symmetry t of the board: bit 0 mirrors the files,
   bit 1 the ranks, bit 2 swaps files and ranks (a square board). */
static void transform(const struct game *g, int t, int f, int r, int *tf, int *tr)
{
	if (t & 1)
		f = g->files - 1 - f;
	if (t & 2)
		r = g->ranks - 1 - r;
	*tf = t & 4 ? r : f;
	*tr = t & 4 ? f : r;
}

/* The first two squares of a canonical move (compose_canon_square), from 0. */
static bool canon_move(const char *canon, int sq[4])
{
	if (!compose_canon_square(&canon, &sq[0], &sq[1]) ||
	    !compose_canon_square(&canon, &sq[2], &sq[3]))
		return false;
	for (int k = 0; k < 4; k++)
		sq[k]--;
	return true;
}

/* Are a and b, a seen under symmetry t and shifted by (dx, dy), alike but
   for one man elsewhere: at most one man of a that b lacks there and one
   of b that a lacks (a man shifted off the board is one b lacks)?  Two
   men more are another problem. */
static bool alike_shifted(const struct game *g, const struct setup *a, const struct setup *b, int t,
                          int dx, int dy)
{
	bool matched[MAX_RANKS][MAX_FILES];
	memset(matched, 0, sizeof matched);
	int a_only = 0, b_only = 0;
	for (int r = 0; r < g->ranks; r++)
		for (int f = 0; f < g->files; f++) {
			char c = a->grid[r][f];
			if (c == '.' || !c)
				continue;
			int tf, tr;
			transform(g, t, f, r, &tf, &tr);
			tf += dx;
			tr += dy;
			if (tf < 0 || tr < 0 || tf >= g->files || tr >= g->ranks ||
			    b->grid[tr][tf] != c) {
				a_only++;
				continue;
			}
			matched[tr][tf] = true;
		}
	for (int r = 0; r < g->ranks; r++)
		for (int f = 0; f < g->files; f++)
			b_only += b->grid[r][f] != '.' && b->grid[r][f] && !matched[r][f];
	return a_only <= 1 && b_only <= 1;
}

void compose_picture(const struct game *g, struct composed *c)
{
	_Alignas(16) unsigned char p[MAX_POS_SIZE], undo[MAX_UNDO_SIZE];
	c->pictured = true;
	g->get_setup(c->pos, &c->before);
	c->after_ok = false;
	if (!canon_move(c->key_canon, c->key_sq)) {
		c->key_sq[0] = -1;
		return;
	}
	memcpy(p, c->pos, g->pos_size);
	move_t k = game_parse_move(g, p, c->key_canon, NULL, 0);
	if (k == MOVE_NONE)
		return; /* it always reads: the run found it */
	g->make(p, k, undo);
	g->get_setup(p, &c->after);
	c->after_ok = true;
}

bool compose_alike(const struct game *g, const struct composed *a, const struct composed *b)
{
	if (a->hash == b->hash && memcmp(a->pos, b->pos, g->pos_size) == 0)
		return true;
	if (a->solver != b->solver)
		return false;
	if (!a->pictured || !b->pictured) {
		/* a problem made outside the run (a test's): pictured here */
		struct composed *pa = malloc(sizeof *pa), *pb = malloc(sizeof *pb);
		bool same = false;
		if (pa && pb) {
			*pa = *a;
			*pb = *b;
			if (!pa->pictured)
				compose_picture(g, pa);
			if (!pb->pictured)
				compose_picture(g, pb);
			same = compose_alike(g, pa, pb);
		}
		free(pa);
		free(pb);
		return same;
	}
	const int *ka = a->key_sq, *kb = b->key_sq;
	if (ka[0] < 0 || kb[0] < 0)
		return false;
	bool after = a->after_ok && b->after_ok;
	bool ranks = compose_profile_of(g)->ranks_mirror;
	for (int t = 0; t < 8; t++) {
		if (((t & 2) && !ranks) || ((t & 4) && (!ranks || g->files != g->ranks)))
			continue;
		int f0, r0, f1, r1;
		transform(g, t, ka[0], ka[1], &f0, &r0);
		transform(g, t, ka[2], ka[3], &f1, &r1);
		/* the shift that takes a's key's arrival to b's: the key's man
		   lands where b's does, relative to everything else */
		int dx = kb[2] - f1, dy = kb[3] - r1;
		/* the diagrams, the key the same move shifted */
		if (f0 + dx == kb[0] && r0 + dy == kb[1] &&
		    alike_shifted(g, &a->before, &b->before, t, dx, dy))
			return true;
		/* the positions after the keys: the same picture the key makes,
		   the key's man come from elsewhere (Morok's 1.Ke7 against the
		   king on f5 and 1.Ke6 against it on f4, a rook on g8 or g1) */
		if (after && alike_shifted(g, &a->after, &b->after, t, dx, dy))
			return true;
	}
	return false;
}

/* The man on the first square of canonical move `canon` in s, or 0. */
static char mover_of(const struct game *g, const struct setup *s, const char *canon)
{
	int f, r;
	if (!compose_canon_square(&canon, &f, &r) || f < 1 || r < 1 || f > g->files || r > g->ranks)
		return 0;
	char c = s->grid[r - 1][f - 1];
	return c == '.' ? 0 : c;
}

/* One value more into FNV-1a hash h. */
static uint64_t mix(uint64_t h, uint64_t v)
{
	for (int b = 0; b < 8; b++, v >>= 8)
		h = (h ^ (v & 0xff)) * 0x100000001b3ull;
	return h;
}

/* A man's letter as a bit (letters from 'A' to 'z': 58 bits). */
static uint64_t man_bit(char m)
{
	return m >= 'A' && m <= 'z' ? 1ull << (m - 'A') : 0;
}

void compose_scheme(const struct game *g, const struct analysis *a, struct composed *c)
{
	c->scheme = 0;
	if (a->nkeys < 1 || !a->key_nodes || a->key_nodes[0] < 0 || !c->pictured || !c->after_ok)
		return;
	const struct tree_node *nodes = a->nodes;
	int key = a->key_nodes[0];
	/* the material: how many men of each letter (a letter tells the side) */
	int count[128] = {0};
	for (int r = 0; r < g->ranks; r++)
		for (int f = 0; f < g->files; f++) {
			unsigned char m = (unsigned char)c->before.grid[r][f];
			if (m != '.' && m && m < 128)
				count[m]++;
		}
	/* the men making the answers: the threat's and each shown defence's */
	uint64_t winners = 0;
	bool threat = false;
	for (int d = nodes[key].child; d >= 0; d = nodes[d].sibling) {
		if (nodes[d].threat) {
			threat = true;
			winners |= man_bit(mover_of(g, &c->after, nodes[d].note.canon));
		} else if (!nodes[d].covered) {
			for (int w = nodes[d].child; w >= 0; w = nodes[w].sibling)
				winners |= man_bit(mover_of(g, &c->after, nodes[w].note.canon));
		}
	}
	uint64_t h = 0xcbf29ce484222325ull;
	h = mix(h, (uint64_t)c->solver);
	h = mix(h, (uint64_t)(unsigned char)mover_of(g, &c->before, nodes[key].note.canon));
	h = mix(h, threat);
	h = mix(h, winners);
	for (int m = 0; m < 128; m++)
		if (count[m])
			h = mix(mix(h, (uint64_t)m), (uint64_t)count[m]);
	c->scheme = h ? h : 1;
}
