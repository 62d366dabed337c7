/*
** titles.c -- titles and keywords, in each game's spirit (see titles.h).
*/
#include <stdio.h>
#include <string.h>

#include "compose/titles.h"
#include "compose/place.h"
#include "notation/move_parse.h"

/* The key's man, as the game's lore names it. */
static const char *key_man(const struct game *g, const void *pos, const char *canon)
{
	int f, r;
	struct setup s;
	if (square_parse(canon, g->files, g->ranks, &f, &r) <= 0)
		return "Man";
	g->get_setup(pos, &s);
	const struct piece_kind *k = game_piece(g, s.grid[r][f]);
	if (!k)
		return "Man";
	return k->lore ? k->lore : k->name;
}

static bool key_is_royal(const struct game *g, const void *pos, const char *canon)
{
	int f, r;
	struct setup s;
	if (square_parse(canon, g->files, g->ranks, &f, &r) <= 0)
		return false;
	g->get_setup(pos, &s);
	return game_is_royal(g, s.grid[r][f]);
}

static const char *const generic_adj[] = {"Quiet",  "Distant", "Patient", "Modest", "Silent",
                                          "Gentle", "Hidden",  "Lonely",  NULL};
static const char *const generic_thing[] = {"Rendezvous", "Interlude", "Overture",
                                            "Nocturne",   "Etude",     "Sketch",
                                            "Errand",     "Promenade", NULL};
static const struct title_form generic_titles[] = {
    {"%s %s", {generic_adj, generic_thing}, -1},
    {"The %s %s", {generic_adj, NULL}, -1},
    {NULL, {NULL, NULL}, -1},
};

static int list_length(const char *const *list)
{
	int n = 0;
	while (list[n])
		n++;
	return n;
}

/* One of the profile's title forms for the solving side, its words drawn in
   order. */
void compose_make_title(const struct compose_opts *o, struct composed *c, const char *canon,
                        struct rng *r)
{
	const struct game *g = o->g;
	const struct compose_profile *pf = compose_profile_of(g);
	const struct title_form *forms = pf->titles ? pf->titles : generic_titles;
	const struct title_form *usable[16];
	int n = 0;
	/* a king's title never gives it an attribute its rules deny ("The
	   Possessed King": Morok's king is never possessed, M5c): with a king's
	   key, no form that puts a word of the list before the man */
	bool royal = key_is_royal(g, c->pos, canon);
	for (const struct title_form *t = forms; t->format && n < 16; t++) {
		size_t len = strlen(t->format);
		bool attribute = !t->words[1] && len >= 5 && !strcmp(t->format + len - 5, "%s %s");
		if ((t->solver < 0 || t->solver == c->solver) && !(royal && attribute))
			usable[n++] = t;
	}
	if (n == 0) {
		snprintf(c->title, sizeof c->title, "%s", g->title);
		return;
	}
	const struct title_form *t = usable[rng_below(r, n)];
	const char *word[2];
	for (int i = 0; i < 2; i++)
		word[i] = t->words[i] ? t->words[i][rng_below(r, list_length(t->words[i]))]
		                      : key_man(g, c->pos, canon);
	snprintf(c->title, sizeof c->title, t->format, word[0], word[1]);
}

void compose_add_keyword(struct composed *c, const char *k)
{
	if (c->nkeywords < COMPOSE_MAX_KEYWORDS)
		c->keywords[c->nkeywords++] = k;
}

void compose_make_keywords(const struct compose_opts *o, struct composed *c,
                           const struct analysis *a, bool check)
{
	const struct game *g = o->g;
	compose_add_keyword(c, "Computer composed");
	const struct tree_node *key = &a->nodes[a->key_nodes[0]];
	bool threat = false;
	for (int ch = key->child; ch >= 0; ch = a->nodes[ch].sibling)
		threat |= a->nodes[ch].threat;
	/* after a checking key there is neither: the defender answers the check */
	if (o->stip.n >= 2 && !a->no_threats && !check)
		compose_add_keyword(c, threat ? "Threat" : "Zugzwang");
	/* what the score found: Miniature, Quiet key, Variations, ... */
	for (int k = 0; k < c->score.nkeywords; k++)
		compose_add_keyword(c, c->score.keywords[k]);
	const struct compose_profile *pf = compose_profile_of(g);
	if (pf->win_keyword[c->solver])
		compose_add_keyword(c, pf->win_keyword[c->solver]);
}

static bool title_taken(const struct compose_opts *o, const struct composed *kept, int n,
                        const char *title)
{
	for (int i = 0; i < n; i++)
		if (strcmp(kept[i].title, title) == 0)
			return true;
	for (int i = 0; i < o->navoid; i++)
		if (o->avoid_titles[i] && strcmp(o->avoid_titles[i], title) == 0)
			return true;
	return false;
}

/* A title no problem of the run and none of o->avoid_titles has: drawn
   again from the candidate's own stream (so the same whatever the
   threads), the numeral "II", "III", ... only when 64 draws all were
   taken. */
void compose_title_once(const struct compose_opts *o, const struct composed *kept, int n,
                        struct composed *c)
{
	static const char *const numeral[] = {"II", "III", "IV", "V", "VI", "VII", "VIII", "IX"};
	struct rng tr;
	rng_init(&tr, o->seed, c->index, 1);
	for (int draw = 0; draw < 64; draw++) {
		compose_make_title(o, c, c->key_canon, &tr);
		if (!title_taken(o, kept, n, c->title))
			return;
	}
	rng_init(&tr, o->seed, c->index, 1);
	compose_make_title(o, c, c->key_canon, &tr);
	char base[sizeof c->title];
	snprintf(base, sizeof base, "%s", c->title);
	for (int k = 0; k < (int)(sizeof numeral / sizeof numeral[0]); k++) {
		snprintf(c->title, sizeof c->title, "%.80s %s", base, numeral[k]);
		if (!title_taken(o, kept, n, c->title))
			return;
	}
}
