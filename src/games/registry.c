/*
** registry.c -- the registry of games: one row per game.
*/
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "games/compose_profile.h"
#include "games/game.h"
#include "games/zobrist.h"

extern const struct game game_chess;
extern const struct game game_morok;
extern const struct game game_upuaut;
extern const struct game game_tavlei;

static const struct game *const registry[] = {
    &game_chess, &game_morok, &game_upuaut, &game_tavlei, NULL,
};

_Static_assert(MAX_FILES *MAX_RANKS == MAX_SQUARES, "board limits");

const struct game *const *game_all(void)
{
	return registry;
}

const struct game *game_default(void)
{
	return registry[0];
}

const struct game *game_find(const char *id)
{
	for (int i = 0; id && registry[i]; i++)
		if (strcasecmp(registry[i]->id, id) == 0)
			return registry[i];
	return NULL;
}

void game_ids(char *buf, size_t len)
{
	size_t used = 0;
	if (len)
		buf[0] = 0;
	for (int i = 0; registry[i] && used < len; i++) {
		int w = snprintf(buf + used, len - used, "%s%s", i ? ", " : "", registry[i]->id);
		if (w < 0)
			break;
		used += (size_t)w;
	}
}

/* One row: its data agree with the conventions of game.h. */
static int check_row(const struct game *g, char *err, size_t errlen)
{
#define FAULT(...) return snprintf(err, errlen, __VA_ARGS__), -1
	if (!g->id || !g->title || !g->start || !g->pieces)
		FAULT("a game without id, title, start or pieces");
	if (g->files < 1 || g->files > MAX_FILES || g->ranks < 1 || g->ranks > MAX_RANKS)
		FAULT("%s: board %dx%d outside %dx%d", g->id, g->files, g->ranks, MAX_FILES,
		      MAX_RANKS);
	if (g->zobrist_keys < 1 || g->zobrist_keys > ZOBRIST_SIZE)
		FAULT("%s: %zu Zobrist keys, the table has %d", g->id, g->zobrist_keys,
		      ZOBRIST_SIZE);
	if (g->pos_size > MAX_POS_SIZE || g->undo_size > MAX_UNDO_SIZE)
		FAULT("%s: position or undo record larger than MAX_POS_SIZE/MAX_UNDO_SIZE", g->id);
	for (int s = 0; s < 2; s++)
		if (!g->side_name[s] || !g->side_word[s])
			FAULT("%s: side %d has no name", g->id, s);
	if (!g->parse || !g->setup || !g->get_setup || !g->format || !g->square_kind ||
	    !g->side_to_move || !g->gen_moves || !g->make || !g->unmake || !g->outcome ||
	    !g->is_capture || !g->hash || !g->hash_recompute || !g->move_text || !g->move_squares)
		FAULT("%s: a required operation is missing", g->id);
	if (!g->make_null || !g->unmake_null)
		FAULT("%s: no pass (make_null): series play (S7) needs one in every game", g->id);
	if (g->has_check != (g->in_check != NULL))
		FAULT("%s: has_check and in_check disagree", g->id);
	if (g->has_check && !g->attacks)
		FAULT("%s: a check is an attack: a game with check gives attacks", g->id);
	int royal[2] = {0, 0};
	for (const struct piece_kind *k = g->pieces; k->letter; k++) {
		if (k->side != 0 && k->side != 1)
			FAULT("%s: piece '%c' has side %d", g->id, k->letter, k->side);
		if (!k->name || !strchr("kqrbnptT", k->glyph))
			FAULT("%s: piece '%c' has no name or an unknown glyph", g->id, k->letter);
		for (const struct piece_kind *j = g->pieces; j < k; j++) {
			if (j->letter == k->letter)
				FAULT("%s: piece letter '%c' twice", g->id, k->letter);
			if (k->popeye && j->popeye == k->popeye && j->side == k->side)
				FAULT("%s: Popeye code '%c' twice for one side", g->id, k->popeye);
		}
		royal[k->side] += k->role == ROLE_ROYAL;
	}
	if (royal[0] > 1 || royal[1] > 1)
		FAULT("%s: more than one royal kind for a side", g->id);
	const struct compose_profile *c = g->composer;
	for (int s = 0; c && s < 2; s++)
		for (const char *l = c->men[s]; *l; l++) {
			const struct piece_kind *k = game_piece(g, *l);
			if (!k || k->side != s)
				FAULT("%s: composer draws '%c' for side %d, not a man of it", g->id,
				      *l, s);
		}
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	char why[256];
	if (g->parse(pos, g->start, why, sizeof why) != 0)
		FAULT("%s: the start position does not parse: %s", g->id, why);
	return 0;
#undef FAULT
}

int games_check_registry(char *err, size_t errlen)
{
	for (int i = 0; registry[i]; i++) {
		if (check_row(registry[i], err, errlen) != 0)
			return -1;
		for (int j = 0; j < i; j++)
			if (strcmp(registry[i]->id, registry[j]->id) == 0) {
				snprintf(err, errlen, "game id '%s' twice", registry[i]->id);
				return -1;
			}
	}
	return 0;
}
