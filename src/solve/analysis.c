/*
** analysis.c -- the analysis of one problem, by its play's row (see
** analysis.h and play/play.h), and what every analysis shares.
*/
#include <stdlib.h>
#include <string.h>

#include "solve/analysis.h"
#include "play/play.h"

const char *const verdict_names[VERDICT_COUNT] = {
    "sound",          "cooked",  "short",       "duals", "no solution",
    "claim mismatch", "timeout", "unsupported", "error",
};

/* As a summary counts more than one: "3 errors", "2 claim mismatches". */
const char *const verdict_plurals[VERDICT_COUNT] = {
    "sound",    "cooked",      "short",  "duals", "no solution", "claim mismatches",
    "timeouts", "unsupported", "errors",
};

/* The squares of a move from its canonical text t ("e2e4", "e7e8q"), the
   setup letter of a promotion's man in *promo (0 none); false when the
   text does not start with two squares. */
static bool canon_squares(const struct game *g, const char *t, int8_t sq[4], char *promo)
{
	int f[2], r[2], k, l;
	if ((k = square_parse(t, g->files, g->ranks, &f[0], &r[0])) <= 0 ||
	    (l = square_parse(t + k, g->files, g->ranks, &f[1], &r[1])) <= 0)
		return false;
	sq[0] = (int8_t)f[0], sq[1] = (int8_t)r[0], sq[2] = (int8_t)f[1], sq[3] = (int8_t)r[1];
	*promo = t[k + l];
	return true;
}

/* The kind of the man on (file, rank) of s, NULL when none stands there. */
static const struct piece_kind *man_at(const struct game *g, const struct setup *s, int file,
                                       int rank)
{
	return game_piece(g, s->grid[rank][file]);
}

/*
** Short algebraic's parts of n's move m (see analysis.h): the man from the
** game's piece table on its square, what tells it from the legal moves of
** the position of another man of its kind to the same square.  Once a
** note, never in a search's loop: a writer reads them and replays nothing.
*/
static void note_san(struct move_note *n, const struct game *g, const void *pos, move_t m)
{
	int8_t sq[4];
	char promo = 0;
	if (!g->get_setup || (g->is_castling && g->is_castling(pos, m)) ||
	    !canon_squares(g, n->canon, sq, &promo))
		return;
	struct setup s;
	g->get_setup(pos, &s);
	const struct piece_kind *k = man_at(g, &s, sq[0], sq[1]);
	if (!k || !k->popeye)
		return; /* a man short algebraic has no letter for */
	const struct piece_kind *pk = promo ? game_piece(g, promo) : NULL;
	n->san = true;
	n->man = k->role == ROLE_PAWN ? 0 : k->popeye;
	n->royal = k->role == ROLE_ROYAL;
	n->from_file = sq[0], n->from_rank = sq[1], n->to_file = sq[2], n->to_rank = sq[3];
	n->promo = pk ? pk->popeye : 0;
	if (!n->man)
		return; /* a pawn is told by its file when it takes ("exd5") */
	/* Most moves are by the side's only man of their kind (a king, a lone
	   queen): nothing to tell, and the scan of every legal move below
	   (8-12% of a solve, the review of 20b6e3f) is skipped. */
	int alike = 0;
	for (int r = 0; r < g->ranks; r++)
		for (int f = 0; f < g->files; f++)
			alike += s.grid[r][f] == s.grid[sq[1]][sq[0]];
	if (alike < 2)
		return;
	_Alignas(16) unsigned char copy[MAX_POS_SIZE];
	move_t moves[MAX_MOVES];
	memcpy(copy, pos, g->pos_size);
	int count = g->gen_moves(copy, moves);
	bool other = false, file = false, rank = false;
	for (int i = 0; i < count; i++) {
		int8_t o[4];
		if (moves[i] == m)
			continue;
		g->move_squares(pos, moves[i], o); /* no text: it cost 4% of a solve */
		if (o[2] != sq[2] || o[3] != sq[3] || (o[0] == sq[0] && o[1] == sq[1]))
			continue;
		const struct piece_kind *ok = man_at(g, &s, o[0], o[1]);
		if (!ok || ok->popeye != k->popeye || ok->role == ROLE_PAWN)
			continue;
		other = true;
		file |= o[0] == sq[0];
		rank |= o[1] == sq[1];
	}
	if (other)
		n->tell = !file   ? MOVE_TELL_FILE
		          : !rank ? MOVE_TELL_RANK
		                  : MOVE_TELL_FILE | MOVE_TELL_RANK;
}

void move_note_init(struct move_note *n, const struct game *g, const void *pos, move_t m)
{
	memset(n, 0, sizeof *n);
	n->move = m;
	if (m == MOVE_NONE)
		return;
	g->move_text(pos, m, MOVE_PRETTY, n->text, sizeof n->text);
	g->move_text(pos, m, MOVE_CANONICAL, n->canon, sizeof n->canon);
	n->facts = (uint8_t)game_move_facts(g, pos, m);
	n->order = g->print_order ? g->print_order(pos, m) : 0;
	size_t len = strlen(n->text);
	n->bare = (uint8_t)len;
	/* Popeye's "ep." (its "h5*g6 ep. #"): before the marks */
	if ((n->facts & MOVE_FACT_EN_PASSANT) && len + 4 < sizeof n->text) {
		memcpy(n->text + len, " ep.", 5);
		len += 4;
	}
	n->mark = (uint8_t)len;
	note_san(n, g, pos, m); /* after n->canon: it reads it */
}

void move_note_mark(struct move_note *n, const char *mark)
{
	size_t l = strlen(n->text);
	if (l + strlen(mark) < sizeof n->text)
		strcat(n->text, mark);
}

struct search *problem_search(const struct problem *pb)
{
	struct search *s =
	    search_new(pb->g, pb->pos, pb->tt, pb->hash_mb ? pb->hash_mb : TT_DEFAULT_MB);
	if (s) {
		s->limits = pb->limits;
		search_set_target(s, pb->stip.target);
	}
	return s;
}

void problem_init(struct problem *pb, const struct game *g, const void *pos,
                  const struct stipulation *st, const struct analysis_opts *o, struct tt *tt)
{
	memset(pb, 0, sizeof *pb);
	pb->g = g;
	pb->pos = pos;
	pb->stip = *st;
	pb->play = play_of(st->kind);
	pb->max_refs = o->max_refs;
	pb->tree = o->tree;
	pb->set_play = o->set_play;
	pb->limits.stop = o->stop;
	pb->limits.deadline = o->max_seconds > 0 ? search_clock() + o->max_seconds : 0;
	pb->max_seconds = o->max_seconds;
	pb->tt = tt;
	pb->hash_mb = o->hash_mb;
	pb->root_jobs = o->root_jobs;
}

int analysis_run(const struct problem *pb, struct analysis *a)
{
	memset(a, 0, sizeof *a);
	a->play = pb->play;
	a->stip = pb->stip;
	a->set_node = -1;
	double t0 = search_clock();
	int rc = pb->play->family == FAMILY_LINES ? analysis_lines(pb, a) : analysis_battle(pb, a);
	a->seconds = search_clock() - t0;
	if (rc != 0)
		analysis_free(a);
	return rc;
}

void analysis_free(struct analysis *a)
{
	free(a->keys);
	free(a->tries);
	free(a->nodes);
	free(a->key_nodes);
	free(a->try_nodes);
	line_set_free(&a->solutions);
	line_set_free(&a->short_sols);
	line_set_free(&a->set_lines);
	line_set_free(&a->must_win);
	memset(a, 0, sizeof *a);
	a->set_node = -1;
}
