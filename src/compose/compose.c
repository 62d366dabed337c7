/*
** compose.c -- the composer (see compose.h).
**
** Cheap tests come first: most random positions have no win in N at all,
** and the proof search says so fast.  Only a position with exactly one key
** that needs all N moves goes on to the economy pass, and only what
** survives economy gets the full judgement (solution tree, tries) that the
** quality filters read.  The transposition table of a thread is kept from
** search to search: its entries are facts about positions, true whatever
** the root, so the economy pass (many near-identical positions) reuses
** most of the work.
*/
#include <ctype.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compose/compose.h"
#include "compose/backward.h"
#include "compose/rng.h"
#include "base/json.h"
#include "base/textsafe.h"
#include "claim/claim.h"
#include "games/compose_profile.h"
#include "judge/judge.h"
#include "notation/move_parse.h"
#include "output/magazine.h"
#include "output/puzzle_write.h"
#include "output/solution_text.h"
#include "play/play.h"
#include "solve/lines.h"
#include "solve/search.h"

/* ---- what each game's positions are made of (its compose_profile) ---- */

static const struct compose_profile generic_profile = {
    .by = {{3, 6, 55, 0, 0}, {3, 6, 55, 0, 0}},
    .men = {"", ""},
    .play_min = 6,
    .play_max = 40,
    .side = 0,
    .quiet_key = true,
};

static const struct compose_profile *profile_of(const struct game *g)
{
	return g->composer ? g->composer : &generic_profile;
}

static int letter_side(const struct game *g, char c)
{
	return game_letter_side(g, c);
}

static bool is_king(const struct game *g, char c)
{
	return game_is_royal(g, c);
}

static int count_men(const struct game *g, const struct setup *s, int men[2])
{
	men[0] = men[1] = 0;
	for (int r = 0; r < g->ranks; r++)
		for (int f = 0; f < g->files; f++)
			if (s->grid[r][f] != '.' && s->grid[r][f] != 0)
				men[letter_side(g, s->grid[r][f])]++;
	return men[0] + men[1];
}

/* Self play (S3), which backward.h builds: the defender's last move must
   win, so the last picture is the defender to move with nothing but wins. */
static bool backward_play(const struct compose_opts *o)
{
	const struct play *pl = play_of(o->stip.kind);
	return pl && pl->family == FAMILY_BATTLE && pl->goal == GOAL_SELF;
}

void compose_defaults(struct compose_opts *o, const struct game *g, const struct stipulation *st)
{
	const struct compose_profile *pf = profile_of(g);
	memset(o, 0, sizeof *o);
	o->g = g;
	o->stip = *st;
	o->count = 1;
	o->seed = 1;
	o->side = pf->side;
	o->method = backward_play(o) ? COMPOSE_BACKWARD : COMPOSE_PLACE;
	/* two different wins at least: in direct play two variations beside
	   the threat; in self play, where the defender's every move must be
	   answered by a forced win, one (the threat's and the variation's) */
	o->variations = st->n < 2 ? 0 : backward_play(o) ? 1 : 2;
	/* the genre judges read most closely (the game's profile): direct
	   play in 2, variations after the defender's men, no dual */
	const struct play *pl = play_of(st->kind);
	bool direct = pl && pl->family == FAMILY_BATTLE && pl->goal == GOAL_DIRECT;
	if (direct && st->n == 2) {
		o->men_variations = pf->men_variations;
		if (pf->no_duals)
			o->duals = DUALS_PLAY;
	}
	/* a short threat is a fault every judge names: refused from win in 3 */
	o->allow_short_threat = st->n < 3;
	o->solutions = 1;
	/* a quiet key in every game (issue 22): no capture, no check -- in
	   Morok no attack on the king, its check (score.h) */
	o->allow_capture_key = false;
	o->allow_check_key = false;
	o->climb = st->n <= 3 ? 12 : 0;
	if (direct && st->n == 2 && pf->climb > 0) {
		o->climb = pf->climb;
		o->repair = true;
	}
	if (!(direct && st->n == 2 && pf->no_duals))
		o->duals = DUALS_MAIN;
	o->economy = true;
	o->candidate_seconds = 10;
	o->hash_mb = 16;
}

/* ---- candidate positions ---- */

static bool drop(const struct game *g, struct rng *r, struct setup *s, char c)
{
	/* a king on a tafl edge has already escaped: no problem there */
	bool edge_ok = !(is_king(g, c) && g->square_kind);
	for (int tries = 0; tries < 200; tries++) {
		int f = rng_below(r, g->files), k = rng_below(r, g->ranks);
		if (!edge_ok && (f == 0 || k == 0 || f == g->files - 1 || k == g->ranks - 1))
			continue;
		if (s->grid[k][f] == '.' && back_square_ok(g, c, f, k)) {
			s->grid[k][f] = c;
			return true;
		}
	}
	return false;
}

/* c within `radius` squares (king's distance) of (kf, kr), else anywhere. */
static bool drop_near(const struct game *g, struct rng *r, struct setup *s, char c, int kf, int kr,
                      int radius)
{
	for (int tries = 0; tries < 50; tries++) {
		int f = kf + rng_below(r, 2 * radius + 1) - radius;
		int k = kr + rng_below(r, 2 * radius + 1) - radius;
		if (f < 0 || k < 0 || f >= g->files || k >= g->ranks)
			continue;
		if (s->grid[k][f] == '.' && back_square_ok(g, c, f, k)) {
			s->grid[k][f] = c;
			return true;
		}
	}
	return drop(g, r, s, c);
}

/* The king the men gather around: the defending side's, or the only one. */
static bool target_king(const struct game *g, const struct setup *s, int solver, int *kf, int *kr)
{
	bool found = false;
	for (int r = 0; r < g->ranks; r++)
		for (int f = 0; f < g->files; f++) {
			char c = s->grid[r][f];
			if (c == '.' || !is_king(g, c))
				continue;
			if (!found || letter_side(g, c) != solver) {
				*kf = f;
				*kr = r;
				found = true;
			}
		}
	return found;
}

/* Who moves first in a candidate whose winning (solving) side is `solver`:
   the opponent in help play of whole moves and in a helping series (S2, S7). */
static int first_mover(const struct compose_opts *o, int solver)
{
	return stip_solver_starts(&o->stip) ? solver : !solver;
}

/* Self or reflex play (S3, S6): the solver makes its opponent win. */
static bool self_play(const struct compose_opts *o)
{
	const struct play *pl = play_of(o->stip.kind);
	return pl && pl->family == FAMILY_BATTLE && pl->goal != GOAL_DIRECT;
}

/* Men on the board, kings included: --pieces, or the game's default for
   the solving side. */
static const struct compose_side *side_profile(const struct compose_opts *o,
                                               const struct compose_profile *pf, int solver)
{
	if (o->stip.n >= 3 && pf->longer[solver].min_pieces > 0)
		return &pf->longer[solver];
	return &pf->by[solver];
}

static void pieces_range(const struct compose_opts *o, const struct compose_profile *pf, int solver,
                         int *lo, int *hi)
{
	*lo = o->min_pieces > 0 ? o->min_pieces : side_profile(o, pf, solver)->min_pieces;
	*hi = o->max_pieces > 0 ? o->max_pieces : side_profile(o, pf, solver)->max_pieces;
	if (*hi < *lo)
		*hi = *lo;
}

/* Random men on random squares; 0, or -1 when the game rejected every try
   (counted in *illegal). */
static int place(const struct compose_opts *o, const struct compose_profile *pf, struct rng *r,
                 int solver, void *pos, uint64_t *illegal)
{
	const struct game *g = o->g;
	const struct compose_side *sp = side_profile(o, pf, solver);
	char err[256];
	int lo, hi;
	pieces_range(o, pf, solver, &lo, &hi);
	for (int attempt = 0; attempt < 50; attempt++) {
		struct setup s;
		compose_blank_setup(&s, first_mover(o, solver));
		int total = lo + rng_below(r, hi - lo + 1);
		int placed = 0;
		bool ok = true;
		for (const struct piece_kind *k = g->pieces; k->letter && ok; k++)
			if (k->role == ROLE_ROYAL) {
				ok = drop(g, r, &s, k->letter);
				placed++;
			}
		int kf = 0, kr = 0;
		/* in self and reflex play the solver's own king is the one to be
		   won against: the men gather round it */
		bool near = sp->near > 0 && ok &&
		            target_king(g, &s, self_play(o) ? !solver : solver, &kf, &kr);
		for (; placed < total && ok; placed++) {
			int side = rng_below(r, 100) < sp->share ? solver : !solver;
			const char *pool = pf->men[side];
			if (!*pool)
				break;
			char c = pool[rng_below(r, (int)strlen(pool))];
			if (near && rng_below(r, 100) < sp->near)
				ok = drop_near(g, r, &s, c, kf, kr, sp->radius);
			else
				ok = drop(g, r, &s, c);
		}
		if (ok && g->setup(pos, &s, err, sizeof err) == 0)
			return 0;
		(*illegal)++;
	}
	return -1;
}

/* A position of a random game from the start, thinned out to the
   material limits by removing random men (never a king). */
static int play(const struct compose_opts *o, const struct compose_profile *pf, struct rng *r,
                int solver, void *pos, uint64_t *illegal)
{
	const struct game *g = o->g;
	char err[256];
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
	move_t moves[MAX_MOVES];
	if (g->parse(pos, g->start, err, sizeof err) != 0)
		return -1;
	int plies = pf->play_min + rng_below(r, pf->play_max - pf->play_min + 1);
	int mover = first_mover(o, solver);
	for (int i = 0; i < plies || g->side_to_move(pos) != mover; i++) {
		int n = g->gen_moves(pos, moves);
		if (n == 0 || g->outcome(pos, moves, n) != RESULT_ONGOING || i > plies + 1)
			return -1;
		g->make(pos, moves[rng_below(r, n)], undo);
	}
	struct setup s;
	g->get_setup(pos, &s);
	int men[2];
	int total = count_men(g, &s, men);
	int lo, hi;
	pieces_range(o, pf, solver, &lo, &hi);
	int want = lo + rng_below(r, hi - lo + 1);
	while (total > want) {
		int f = rng_below(r, g->files), k = rng_below(r, g->ranks);
		char c = s.grid[k][f];
		if (c == '.' || is_king(g, c))
			continue;
		s.grid[k][f] = '.';
		total--;
	}
	s.side_to_move = mover;
	/* the side to move may have changed; a thinned-out rook takes its
	   castling right with it */
	strcpy(s.en_passant, "-");
	s.halfmove = 0;
	s.fullmove = 1;
	if (g->setup(pos, &s, err, sizeof err) == 0)
		return 0;
	strcpy(s.castling, "-");
	if (g->setup(pos, &s, err, sizeof err) == 0)
		return 0;
	(*illegal)++;
	return -1;
}

/* ---- the proof search, as a filter ---- */

struct worker {
	const struct compose_opts *o;
	struct tt tt;
	bool have_tt;
	struct search *s;
	double deadline; /* this candidate's searches end here (0: never) */
	double run_end;  /* the whole run's --max-time (0: none) */
};

enum quick { Q_SOUND, Q_NO_WIN, Q_SHORT, Q_COOKED, Q_DUALS, Q_TIMEOUT };

/* Exactly one first move wins within n, and nothing wins within n - 1. */
static enum quick quick_verdict(struct worker *w, const void *pos, move_t *key)
{
	struct search *s = w->s;
	int n = w->o->stip.n;
	move_t moves[MAX_MOVES];
	int count;
	search_reset(s, pos);
	search_set_goal(s, play_of(w->o->stip.kind)->goal); /* direct, self, reflex */
	s->limits.deadline = w->deadline;
	if (setjmp(s->abort))
		return Q_TIMEOUT;
	if (search_status(s, moves, &count) != RESULT_ONGOING || count == 0)
		return Q_NO_WIN;
	/* shallow first: a win in 1 is found at once, and most random
	   positions that win at all win too soon */
	for (int k = 1; k < n; k++)
		if (search_attack(s, k))
			return Q_SHORT;
	if (!search_attack(s, n))
		return Q_NO_WIN;
	int found = 0;
	for (int i = 0; i < count; i++) {
		search_make(s, moves[i]);
		bool wins = search_after(s, n);
		search_unmake(s, moves[i]);
		if (wins) {
			if (found++)
				return Q_COOKED;
			*key = moves[i];
		}
	}
	return found == 1 ? Q_SOUND : Q_NO_WIN;
}

/* wins_light's answers that are not a count of wins. */
enum {
	WINS_TIMEOUT = -1, /* out of time */
	WINS_UNKNOWN = -2, /* not sound, or the tree was cut (too big to count) */
	WINS_OOM = -3      /* out of memory */
};

static int wins_light(struct worker *w, const void *pos, int *variations);

/* Remove men while the problem stays sound with the same key and no fewer
   different wins (a man that makes a variation is needed: issue 22's
   economy); again until no man can go.  *variations gets the variations
   of what is left (compose_variations; -1 not counted), so that a
   problem with too few is dropped before its full judgement.  0, -1 out
   of time, -2 out of memory. */
/* Whether trial is sound with the key key_canon: 1, 0, or -1 out of time;
   *key its key when sound (economy, idle men and every change climb and
   enrich try ask this of a position one man or piece away). */
static int sound_with_key(struct worker *w, const void *trial, const char *key_canon, move_t *key)
{
	char canon[16];
	*key = MOVE_NONE;
	enum quick q = quick_verdict(w, trial, key);
	if (q == Q_TIMEOUT)
		return -1;
	if (q != Q_SOUND)
		return 0;
	w->o->g->move_text(trial, *key, MOVE_CANONICAL, canon, sizeof canon);
	return strcmp(canon, key_canon) == 0;
}

static int economise(struct worker *w, void *pos, const char *key_canon, int *variations)
{
	const struct game *g = w->o->g;
	_Alignas(16) unsigned char trial[MAX_POS_SIZE];
	struct setup s;
	g->get_setup(pos, &s);
	int wins = wins_light(w, pos, variations);
	if (wins == WINS_TIMEOUT || wins == WINS_OOM)
		return wins == WINS_OOM ? -2 : -1;
	/* wins not counted (the tree cut): no removal can be shown to keep
	   them, and judge_and_score drops a problem it cannot judge whole
	   (every removal that kept the key went before) */
	if (wins < 0)
		return 0;
	for (bool changed = true; changed;) {
		changed = false;
		for (int r = 0; r < g->ranks; r++)
			for (int f = 0; f < g->files; f++) {
				struct setup t;
				if (!compose_without_man(g, &s, f, r, &t, trial))
					continue;
				move_t k;
				int same = sound_with_key(w, trial, key_canon, &k);
				if (same < 0)
					return -1;
				if (!same)
					continue;
				int v = -1;
				int now = wins_light(w, trial, &v);
				if (now == WINS_TIMEOUT || now == WINS_OOM)
					return now == WINS_OOM ? -2 : -1;
				/* WINS_UNKNOWN is below any count: not taken */
				if (now < wins)
					continue;
				wins = now;
				*variations = v;
				s = t;
				memcpy(pos, trial, g->pos_size);
				changed = true;
			}
	}
	return 0;
}

/* ---- help and series play ---- */

static bool lines_play(const struct compose_opts *o)
{
	const struct play *pl = play_of(o->stip.kind);
	return pl && pl->family == FAMILY_LINES;
}

/* The first ply at which the solutions are counted (YACPDB): the first,
   or the second when the winning side moves first (h#N.5). */
static int counting_ply(const struct stipulation *st)
{
	return stip_dots_first(st) ? 1 : 0;
}

static int cmp_str(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/*
** Exactly o->solutions lines of the stipulated length that part at the
** counting ply and nowhere else (no dual), and no shorter line (S9).  sig
** gets the solutions (canonical moves, sorted) for economy's comparisons.
*/
static enum quick quick_lines(struct worker *w, const void *pos, char *sig, size_t siglen)
{
	const struct compose_opts *o = w->o;
	const struct stipulation *st = &o->stip;
	enum line_plan plan = play_of(st->kind)->plan;
	struct search *s = w->s;
	struct line_set *set = calloc(1, sizeof *set);
	if (!set)
		return Q_TIMEOUT;
	search_reset(s, pos);
	s->limits.deadline = w->deadline;
	if (setjmp(s->abort)) {
		line_set_free(set);
		free(set);
		return Q_TIMEOUT;
	}
	move_t moves[MAX_MOVES];
	int count;
	enum quick q = Q_SOUND;
	if (search_status(s, moves, &count) != RESULT_ONGOING)
		q = Q_NO_WIN;
	/* shorter lines first: most positions that have any are too short */
	for (int k = st->half ? 0 : 1; q == Q_SOUND && k < st->n; k++) {
		if (lines_find(s, plan, lines_plies(plan, k, st->half), set) != 0)
			q = Q_TIMEOUT;
		else if (set->count)
			q = Q_SHORT;
	}
	if (q == Q_SOUND && lines_find(s, plan, lines_plies(plan, st->n, st->half), set) != 0)
		q = Q_TIMEOUT;
	if (q == Q_SOUND && set->count == 0)
		q = Q_NO_WIN;
	else if (q == Q_SOUND && set->count > o->solutions)
		q = Q_COOKED;
	else if (q == Q_SOUND && set->count < o->solutions)
		q = Q_NO_WIN;
	if (q == Q_SOUND) {
		/* as many different lines up to the counting ply as solutions */
		int f = counting_ply(st), n = set->stored;
		/* n is o->solutions, 5 at most (cmd_compose's range): on the stack,
		   so no allocation can fail here */
		char buf[8][1024], *text[8];
		if (n > 8)
			n = 8;
		for (int i = 0; i < n; i++) {
			text[i] = buf[i];
			const struct solution_line *l = &set->lines[i];
			size_t used = 0;
			text[i][0] = 0;
			for (int p = 0; p < l->plies && used + 20 < 1024; p++)
				used +=
				    (size_t)snprintf(text[i] + used, 1024 - used, "%s%s",
				                     p ? " " : "", set->moves[l->first + p].canon);
		}
		qsort(text, (size_t)n, sizeof *text, cmp_str);
		int parts = 0;
		for (int i = 0; i < n; i++) {
			bool same = false;
			for (int j = 0; j < i && !same; j++) {
				/* lines i and j alike up to ply f */
				const char *x = text[i], *y = text[j];
				int spaces = 0;
				while (*x && *x == *y && spaces <= f) {
					spaces += *x == ' ';
					x++;
					y++;
				}
				same = spaces > f || (!*x && !*y);
			}
			parts += !same;
		}
		if (parts < n)
			q = Q_DUALS;
		size_t used = 0;
		sig[0] = 0;
		for (int i = 0; i < n; i++) {
			int wrote =
			    snprintf(sig + used, siglen - used, "%s%s", i ? ";" : "", text[i]);
			if (wrote > 0 && (size_t)wrote < siglen - used)
				used += (size_t)wrote;
		}
	}
	line_set_free(set);
	free(set);
	return q;
}

/* Remove men while the same solutions remain; again until no man can go.
   0, or -1 out of time. */
static int economise_lines(struct worker *w, void *pos, const char *sig)
{
	const struct game *g = w->o->g;
	_Alignas(16) unsigned char trial[MAX_POS_SIZE];
	char now[4096];
	struct setup s;
	g->get_setup(pos, &s);
	for (bool changed = true; changed;) {
		changed = false;
		for (int r = 0; r < g->ranks; r++)
			for (int f = 0; f < g->files; f++) {
				struct setup t;
				if (!compose_without_man(g, &s, f, r, &t, trial))
					continue;
				enum quick q = quick_lines(w, trial, now, sizeof now);
				if (q == Q_TIMEOUT)
					return -1;
				if (q != Q_SOUND || strcmp(now, sig) != 0)
					continue;
				s = t;
				memcpy(pos, trial, g->pos_size);
				changed = true;
			}
	}
	return 0;
}

/* Men whose removal leaves a sound problem with the same key and no fewer
   different wins (battle play), or the same solutions (help and series
   play): idle men, the men economise would take away.  A man whose removal
   keeps the key but loses a variation makes that variation: it is needed
   (issue 22: "the same key and the same wins").  `first`: stop at the
   first idle man (is there one?).  -1 out of time, -2 out of memory, -3
   the problem's own wins cannot be counted (its tree cut: no removal can
   be shown to keep them). */
static int idle_men(struct worker *w, const void *pos, const char *key_canon, const char *sig,
                    bool first)
{
	const struct game *g = w->o->g;
	_Alignas(16) unsigned char trial[MAX_POS_SIZE];
	char now[4096];
	struct setup s;
	g->get_setup(pos, &s);
	int idle = 0;
	/* the problem's own wins, judged only once a removal keeps the key */
	int wins = 0;
	bool have_wins = false;
	for (int r = 0; r < g->ranks && !(first && idle); r++)
		for (int f = 0; f < g->files && !(first && idle); f++) {
			struct setup t;
			if (!compose_without_man(g, &s, f, r, &t, trial))
				continue;
			if (sig) {
				enum quick q = quick_lines(w, trial, now, sizeof now);
				if (q == Q_TIMEOUT)
					return -1;
				idle += q == Q_SOUND && strcmp(now, sig) == 0;
				continue;
			}
			move_t k;
			int same = sound_with_key(w, trial, key_canon, &k);
			if (same < 0)
				return -1;
			if (!same)
				continue;
			if (!have_wins) {
				have_wins = true;
				wins = wins_light(w, pos, NULL);
				if (wins < 0)
					return wins == WINS_TIMEOUT ? -1
					       : wins == WINS_OOM   ? -2
					                            : -3;
			}
			int without = wins_light(w, trial, NULL);
			if (without == WINS_TIMEOUT || without == WINS_OOM)
				return without == WINS_OOM ? -2 : -1;
			/* WINS_UNKNOWN (the tree without the man cut) is no count:
			   not shown to keep the wins */
			idle += without >= wins;
		}
	return idle;
}

/* ---- quality ---- */

/* A dual before the last move anywhere below node n. */
static bool has_duals(const struct analysis *a, int n)
{
	const struct tree_node *nodes = a->nodes;
	for (int c = nodes[n].child; c >= 0; c = nodes[c].sibling) {
		if (!nodes[n].by_solver && nodes[c].dual && nodes[c].moves_left > 1)
			return true;
		if (has_duals(a, c))
			return true;
	}
	return false;
}

/* A square of a canonical move (game.h's MOVE_CANONICAL: from+to, each
   square its file letters and rank digits) at *t, read as a file and a
   rank and passed; false when there is none. */
static bool canon_square(const char **t, int *file, int *rank)
{
	const char *q = *t;
	int f = 0, r = 0;
	for (; *q >= 'a' && *q <= 'z'; q++)
		f = f * 26 + (*q - 'a' + 1);
	if (q == *t || *q < '0' || *q > '9')
		return false;
	for (; *q >= '0' && *q <= '9'; q++)
		r = r * 10 + (*q - '0');
	*file = f;
	*rank = r;
	*t = q;
	return true;
}

/*
** Is the answer `win` to the defence `def` the answer `win2` to `def2`
** again, moved along: the same man (the same first square) answering the
** same defending man, landing as far from where that man went?  A man
** capturing on each square one rook of the defender goes to, the king
** taking the king on each square it steps to: one win repeated (issue 22:
** "6 variations that are one edge capture repeated").  Mates on other
** squares around the king stay different wins (E. Baird, BCM 1893: three
** queen mates after three king moves).
*/
static bool repeated_win(const char *def, const char *win, const char *def2, const char *win2)
{
	int d[4], w[4], d2[4], w2[4];
	if (!canon_square(&def, &d[0], &d[1]) || !canon_square(&def, &d[2], &d[3]) ||
	    !canon_square(&win, &w[0], &w[1]) || !canon_square(&win, &w[2], &w[3]) ||
	    !canon_square(&def2, &d2[0], &d2[1]) || !canon_square(&def2, &d2[2], &d2[3]) ||
	    !canon_square(&win2, &w2[0], &w2[1]) || !canon_square(&win2, &w2[2], &w2[3]))
		return false;
	return d[0] == d2[0] && d[1] == d2[1] && w[0] == w2[0] && w[1] == w2[1] &&
	       w[2] - d[2] == w2[2] - d2[2] && w[3] - d[3] == w2[3] - d2[3];
}

/* compose_variations, and with g its variations after a man's defence
   (compose_variations_by_men). */
static int count_variations(const struct game *g, const void *pos, const struct analysis *a,
                            int *by_men)
{
	if (by_men)
		*by_men = 0;
	if (a->nkeys < 1 || a->key_nodes[0] < 0)
		return 0;
	const struct tree_node *nodes = a->nodes;
	const struct tree_node *key = &nodes[a->key_nodes[0]];
	/* the men after the key: who makes each defence */
	struct setup after;
	bool men = false;
	if (g && by_men) {
		_Alignas(16) unsigned char p[MAX_POS_SIZE], undo[MAX_UNDO_SIZE];
		memcpy(p, pos, g->pos_size);
		g->make(p, key->note.move, undo);
		g->get_setup(p, &after);
		men = true;
	}
	/* each variation seen: the defence and its continuation */
	const char *seen_def[MAX_MOVES], *seen[MAX_MOVES];
	int nseen = 0, threats = 0;
	/* threat moves first: they are the "unchanged" continuation */
	for (int c = key->child; c >= 0 && nseen < MAX_MOVES; c = nodes[c].sibling)
		if (nodes[c].threat) {
			seen_def[nseen] = NULL;
			seen[nseen++] = nodes[c].note.canon;
		}
	threats = nseen;
	for (int d = key->child; d >= 0; d = nodes[d].sibling) {
		if (nodes[d].threat || nodes[d].covered)
			continue;
		int c = nodes[d].child;
		/* a defence with dual answers shows no particular continuation */
		if (c < 0 || nodes[c].sibling >= 0 || has_duals(a, c))
			continue;
		const char *def = nodes[d].note.canon, *win = nodes[c].note.canon;
		/* the same move as another continuation (the threat's, another
		   defence's), or another's win moved along (repeated_win): one
		   win, not another variation */
		bool known = false;
		for (int i = 0; i < nseen && !known; i++)
			known = strcmp(seen[i], win) == 0 ||
			        (i >= threats && repeated_win(seen_def[i], seen[i], def, win));
		if (!known && nseen < MAX_MOVES) {
			seen_def[nseen] = def;
			seen[nseen++] = win;
			int f, r;
			if (men && square_parse(def, g->files, g->ranks, &f, &r) > 0 &&
			    !is_king(g, after.grid[r][f]))
				(*by_men)++;
		}
	}
	return nseen - threats;
}

int compose_variations(const struct analysis *a)
{
	return count_variations(NULL, NULL, a, NULL);
}

int compose_variations_by_men(const struct game *g, const void *pos, const struct analysis *a,
                              int *by_men)
{
	return count_variations(g, pos, a, by_men);
}

bool compose_main_line_duals(const struct analysis *a)
{
	if (a->nkeys < 1 || a->key_nodes[0] < 0)
		return false;
	int threats = 0, threat = -1;
	for (int c = a->nodes[a->key_nodes[0]].child; c >= 0; c = a->nodes[c].sibling)
		if (a->nodes[c].threat) {
			threats++;
			threat = c;
		}
	return threats > 1 || (threat >= 0 && has_duals(a, threat));
}

/* A dual in the play after the key: two threats, or a defence shown (not
   covered) answered more than one way, or with a dual further down. */
static bool play_duals(const struct analysis *a)
{
	if (compose_main_line_duals(a))
		return true;
	const struct tree_node *nodes = a->nodes;
	for (int d = nodes[a->key_nodes[0]].child; d >= 0; d = nodes[d].sibling) {
		if (nodes[d].threat || nodes[d].covered)
			continue;
		int c = nodes[d].child;
		if (c >= 0 && (nodes[c].sibling >= 0 || has_duals(a, c)))
			return true;
	}
	return false;
}

bool compose_duals_ok(const struct analysis *a, enum compose_duals level)
{
	switch (level) {
	case DUALS_PLAY:
		return a->nkeys < 1 || a->key_nodes[0] < 0 || !play_duals(a);
	case DUALS_ANY:
		return true;
	case DUALS_MAIN:
		return !compose_main_line_duals(a);
	case DUALS_STRICT:
		return a->duals == 0 && !compose_main_line_duals(a);
	case DUALS_NONE:
		return a->duals == 0 && a->last_move_duals == 0 && !compose_main_line_duals(a);
	}
	return false;
}

/* A trivial win by forced captures (Morok's possession).  Either the solver starts
   possessed (every move it has captures: the key is forced on it), or the
   defender has nothing but its king, which can only walk from one capture
   into the next (the solver's men that attack it are possessed and must
   take it). */
static bool solver_forced(const struct game *g, const void *pos, const int men[2], int solver)
{
	if (men[!solver] <= 1)
		return true;
	move_t moves[MAX_MOVES];
	_Alignas(16) unsigned char p[MAX_POS_SIZE];
	memcpy(p, pos, g->pos_size);
	int n = g->gen_moves(p, moves);
	for (int i = 0; i < n; i++)
		if (!g->is_capture(p, moves[i]))
			return false;
	return true;
}

/* ---- titles and keywords, in each game's spirit ---- */

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
	return is_king(g, s.grid[r][f]);
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
static void make_title(const struct compose_opts *o, struct composed *c, const char *canon,
                       struct rng *r)
{
	const struct game *g = o->g;
	const struct compose_profile *pf = profile_of(g);
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

static void add_keyword(struct composed *c, const char *k)
{
	if (c->nkeywords < COMPOSE_MAX_KEYWORDS)
		c->keywords[c->nkeywords++] = k;
}

static void make_keywords(const struct compose_opts *o, struct composed *c,
                          const struct analysis *a, bool check)
{
	const struct game *g = o->g;
	add_keyword(c, "Computer composed");
	const struct tree_node *key = &a->nodes[a->key_nodes[0]];
	bool threat = false;
	for (int ch = key->child; ch >= 0; ch = a->nodes[ch].sibling)
		threat |= a->nodes[ch].threat;
	/* after a checking key there is neither: the defender answers the check */
	if (o->stip.n >= 2 && !a->no_threats && !check)
		add_keyword(c, threat ? "Threat" : "Zugzwang");
	/* what the score found: Miniature, Quiet key, Variations, ... */
	for (int k = 0; k < c->score.nkeywords; k++)
		add_keyword(c, c->score.keywords[k]);
	const struct compose_profile *pf = profile_of(g);
	if (pf->win_keyword[c->solver])
		add_keyword(c, pf->win_keyword[c->solver]);
}

/* Is the play direct (S1), where a defender with nothing but its king
   makes no problem? */
static bool direct_play(const struct compose_opts *o)
{
	const struct play *pl = play_of(o->stip.kind);
	return pl && pl->family == FAMILY_BATTLE && pl->goal == GOAL_DIRECT;
}

/* The score of a judged problem (battle play: key the key's move). */
static void score_of(const struct compose_opts *o, const void *pos, int solver, move_t key,
                     const struct analysis *a, int idle, struct compose_score *sc)
{
	struct score_facts f;
	memset(&f, 0, sizeof f);
	score_material(o->g, pos, !solver, &f);
	f.idle = idle;
	f.direct = direct_play(o);
	if (lines_play(o)) {
		score_lines(o->g, pos, a, &f);
	} else {
		score_key(o->g, pos, key, &f);
		int variations = compose_variations_by_men(o->g, pos, a, &f.man_wins);
		score_play(o->g, pos, a, o->stip.n, variations, &f);
	}
	compose_score(&f, sc);
}

/* ---- one candidate ---- */

enum outcome {
	C_KEPT,
	C_ILLEGAL,
	C_NO_WIN,
	C_SHORT,
	C_COOKED,
	C_TIMEOUT,
	C_SMALL,        /* economy left fewer men than asked for */
	C_KEY,          /* the key captures or checks */
	C_ONLY_MOVE,    /* the key is the only legal move */
	C_FORCED,       /* Morok: the solver starts possessed */
	C_LEGAL,        /* promoted force, or more men than a game reaches */
	C_LONE,         /* direct play: the defender has its king alone */
	C_SCORE,        /* below --min-score */
	C_DUALS,        /* duals in the main line */
	C_VARIATIONS,   /* too few variations */
	C_SHORT_THREAT, /* the threat wins sooner than the stipulation */
	C_SET_WIN,      /* self play: the defender could win at once */
	C_REPEATED,     /* help play: two solutions end in the same move */
	C_UNREADABLE,   /* the solution text does not read back (a bug) */
	C_OOM
};

/* Judge pos as the problem of the run (the file's text claiming `claim`,
   intended solutions given); NULL out of memory. */
static struct judgement *judge_candidate(struct worker *w, const void *pos, const char *intended,
                                         bool light)
{
	const struct compose_opts *o = w->o;
	static const struct puzzle blank;
	struct puzzle *p = malloc(sizeof *p);
	struct judgement *j = malloc(sizeof *j);
	if (!p || !j) {
		free(p);
		free(j);
		return NULL;
	}
	*p = blank;
	p->file = "(composer)";
	p->index = 1;
	p->game = o->g;
	memcpy(p->pos, pos, o->g->pos_size);
	p->has_position = true;
	p->stip = o->stip;
	p->has_stip = true;
	p->intended = (char *)intended;
	struct judge_opts jo;
	memset(&jo, 0, sizeof jo);
	jo.an.max_refs = light ? 0 : 1;
	jo.an.tree = true;
	/* set play, for the score's changed play (S8); not in help play,
	   whose set play is another stipulation */
	jo.an.set_play = !light && o->g->has_threats && !lines_play(o);
	jo.an.max_seconds = w->deadline > 0 ? w->deadline - search_clock() : 0;
	if (w->deadline > 0 && jo.an.max_seconds <= 0.001)
		jo.an.max_seconds = 0.001;
	jo.an.hash_mb = o->hash_mb;
	jo.an.stop = o->stop;
	judge_puzzle(p, &jo, w->have_tt ? &w->tt : NULL, j);
	free(p);
	j->pb.pos = NULL; /* the puzzle is gone: the caller has the position */
	j->pb.intended = NULL;
	return j;
}

/* Different wins after the key (score.h), from a judgement without tries
   or set play, or WINS_TIMEOUT, WINS_UNKNOWN, WINS_OOM; *variations (may
   be NULL) the variations among them (compose_variations), -1 when not
   counted. */
static int wins_light(struct worker *w, const void *pos, int *variations)
{
	if (variations)
		*variations = -1;
	struct judgement *j = judge_candidate(w, pos, NULL, true);
	if (!j)
		return WINS_OOM;
	int wins = WINS_UNKNOWN;
	if (j->verdict == VERDICT_TIMEOUT)
		wins = WINS_TIMEOUT;
	else if (j->verdict == VERDICT_SOUND && !j->an.truncated && j->an.nkeys > 0 &&
	         j->an.key_nodes[0] >= 0) {
		wins = compose_variations(&j->an);
		if (variations)
			*variations = wins;
		const struct tree_node *nodes = j->an.nodes;
		for (int c = nodes[j->an.key_nodes[0]].child; c >= 0; c = nodes[c].sibling)
			if (nodes[c].threat) {
				wins++;
				break;
			}
	}
	judgement_free(j);
	free(j);
	return wins;
}

/* The solution as the file will hold it: a YACPDB entry (chess) Popeye's
   text, as YACPDB's entries have it; maat's own YAML (the other games)
   the magazine form, as a magazine would print it (short algebraic where
   the game's men are chess men, every try).  Written to f; false out of
   memory. */
static bool write_solution(FILE *f, const struct compose_opts *o, const struct judgement *j,
                           const void *pos)
{
	if (o->g == game_default()) {
		text_solution(f, &j->an);
		return true;
	}
	static const struct puzzle blank;
	struct puzzle *p = malloc(sizeof *p);
	struct judgement *r = malloc(sizeof *r);
	if (p && r) {
		*p = blank;
		p->game = o->g;
		memcpy(p->pos, pos, o->g->pos_size);
		p->has_position = true;
		p->stip = o->stip;
		p->has_stip = true;
		/* the position its moves are told apart in (Sfd2) */
		*r = *j;
		r->pb.pos = p->pos;
		struct magazine_opts mo = {.tries = true};
		magazine_solution(f, p, r, &mo);
	}
	bool ok = p && r;
	free(p);
	free(r);
	return ok;
}

/* The solution as the file will hold it, read back as the claim it will
   be: a text that does not say what is true is a bug (C_UNREADABLE). */
static enum outcome solution_text(const struct compose_opts *o, struct judgement *j,
                                  const void *pos, struct composed *out)
{
	size_t len = 0;
	FILE *f = open_memstream(&out->solution, &len);
	bool written = false;
	if (f) {
		written = write_solution(f, o, j, pos);
		fclose(f);
	}
	if (!written) {
		free(out->solution);
		out->solution = NULL;
	}
	if (!out->solution)
		return C_OOM;
	struct problem pb = j->pb;
	pb.pos = pos;
	pb.claim = out->solution;
	/* only the answer counts: a text that does not read back is never
	   written, and the run counts it (unreadable) */
	struct strbuf why = STRBUF_INIT;
	int rc = claim_check_why(&pb, &j->an, &why, NULL);
	strbuf_free(&why);
	return rc != 0 ? C_UNREADABLE : C_KEPT;
}

static const char *const solutions_keyword[] = {
    "", "", "Two solutions", "Three solutions", "Four solutions", "Five solutions",
};

/* A help or series problem from the placed position. */
static enum outcome candidate_lines(struct worker *w, uint64_t index, int solver, void *pos,
                                    struct composed *out)
{
	const struct compose_opts *o = w->o;
	const struct game *g = o->g;
	char sig[4096];
	switch (quick_lines(w, pos, sig, sizeof sig)) {
	case Q_SOUND:
		break;
	case Q_NO_WIN:
		return C_NO_WIN;
	case Q_SHORT:
		return C_SHORT;
	case Q_COOKED:
		return C_COOKED;
	case Q_DUALS:
		return C_DUALS;
	case Q_TIMEOUT:
		return C_TIMEOUT;
	}
	if (o->economy && economise_lines(w, pos, sig) < 0)
		return C_TIMEOUT;
	struct setup s;
	g->get_setup(pos, &s);
	int men[2];
	if (count_men(g, &s, men) < o->min_pieces)
		return C_SMALL;
	struct score_facts mf;
	memset(&mf, 0, sizeof mf);
	score_material(g, pos, !solver, &mf);
	if (!o->allow_promoted && (mf.promoted || mf.overcount || mf.unreachable))
		return C_LEGAL;
	/* a side with nothing but its king (or one man): the two-man problems
	   of help play, as direct play's lone king (issue 22) */
	if (!o->allow_lone_king && (men[0] <= 1 || men[1] <= 1))
		return C_LONE;
	char intended[16];
	snprintf(intended, sizeof intended, "%d", o->solutions);
	struct judgement *j = judge_candidate(w, pos, o->solutions > 1 ? intended : NULL, false);
	if (!j)
		return C_OOM;
	enum outcome res = C_KEPT;
	const struct line_set *sols = &j->an.solutions;
	if (j->verdict == VERDICT_TIMEOUT)
		res = C_TIMEOUT;
	else if (j->verdict != VERDICT_SOUND || sols->stored == 0)
		res = C_COOKED; /* cannot happen after quick_lines */
	if (res == C_KEPT) {
		memset(out, 0, sizeof *out);
		out->index = index;
		memcpy(out->pos, pos, g->pos_size);
		out->hash = g->hash(pos);
		out->solver = solver;
		out->men[0] = men[0];
		out->men[1] = men[1];
		const struct move_note *first = &sols->moves[sols->lines[0].first];
		snprintf(out->key, sizeof out->key, "%s", first->text);
		snprintf(out->key_canon, sizeof out->key_canon, "%s", first->canon);
		compose_picture(g, out);
		struct rng tr;
		rng_init(&tr, o->seed, index, 1);
		make_title(o, out, first->canon, &tr);
		score_of(o, pos, solver, MOVE_NONE, &j->an, 0, &out->score);
		/* solutions that end in the same move show one win twice */
		struct score_facts lf;
		memset(&lf, 0, sizeof lf);
		score_lines(g, pos, &j->an, &lf);
		if (o->solutions > 1 && lf.wins < lf.solutions) {
			composed_free(out);
			judgement_free(j);
			free(j);
			return C_REPEATED;
		}
		add_keyword(out, "Computer composed");
		for (int k = 0; k < out->score.nkeywords; k++)
			add_keyword(out, out->score.keywords[k]);
		if (o->solutions > 1 &&
		    o->solutions < (int)(sizeof solutions_keyword / sizeof solutions_keyword[0]))
			add_keyword(out, solutions_keyword[o->solutions]);
		res = solution_text(o, j, pos, out);
		if (res != C_KEPT)
			composed_free(out);
	}
	judgement_free(j);
	free(j);
	return res;
}

/* Self play: could the defender, were it to move in the diagram (the
   solver passing), win at once?  A selfmate whose defender mates at once
   from the diagram shows nothing the solver forces (issue 22: pawn walls
   with Black able to mate at once). */
static bool defender_wins_at_once(const struct game *g, const void *pos)
{
	if (!g->make_null || (g->in_check && g->in_check(pos)))
		return false;
	_Alignas(16) unsigned char p[MAX_POS_SIZE], nu[MAX_UNDO_SIZE], undo[MAX_UNDO_SIZE];
	memcpy(p, pos, g->pos_size);
	g->make_null(p, nu);
	move_t moves[MAX_MOVES], replies[MAX_MOVES];
	int n = g->gen_moves(p, moves);
	bool wins = false;
	for (int i = 0; i < n && !wins; i++) {
		g->make(p, moves[i], undo);
		int k = g->gen_moves(p, replies);
		wins = g->outcome(p, replies, k) == RESULT_LOSS;
		g->unmake(p, moves[i], undo);
	}
	g->unmake_null(p, nu);
	return wins;
}

/* The filters read from the position and its key (battle play), cheapest
   first; f gets the facts of material and key. */
static enum outcome cheap_filters(struct worker *w, const void *pos, int solver, move_t key,
                                  struct score_facts *f)
{
	const struct compose_opts *o = w->o;
	const struct game *g = o->g;
	memset(f, 0, sizeof *f);
	score_material(g, pos, !solver, f);
	f->direct = direct_play(o);
	/* economy may leave fewer men than were placed: only a --pieces
	   asked for is a limit */
	if (f->men[0] + f->men[1] < o->min_pieces)
		return C_SMALL;
	if (!o->allow_promoted && (f->promoted || f->overcount || f->unreachable))
		return C_LEGAL;
	if (!o->allow_lone_king && f->direct && f->lone_king)
		return C_LONE;
	score_key(g, pos, key, f);
	if ((f->capture && !o->allow_capture_key) || (f->check && !o->allow_check_key) ||
	    (f->promotion && !o->allow_capture_key))
		return C_KEY;
	if (!o->allow_only_move && f->only_move)
		return C_ONLY_MOVE;
	if (!o->allow_set_win && self_play(o) && defender_wins_at_once(g, pos))
		return C_SET_WIN;
	if (!o->allow_forced && profile_of(g)->forced_is_trivial &&
	    solver_forced(g, pos, f->men, solver))
		return C_FORCED;
	return C_KEPT;
}

/* The solver's different last moves under node n (at most `cap` kept in
   seen[0..*k)): the wins a judge counts, whatever line leads to them. */
static void last_wins(const struct tree_node *nodes, int n, const char **seen, int *k, int cap)
{
	for (int c = nodes[n].child; c >= 0 && *k < cap; c = nodes[c].sibling) {
		if (nodes[c].refutes)
			continue;
		if (nodes[c].by_solver && nodes[c].moves_left == 1) {
			bool again = false;
			for (int i = 0; i < *k && !again; i++)
				again = strcmp(seen[i], nodes[c].note.canon) == 0;
			if (!again)
				seen[(*k)++] = nodes[c].note.canon;
			continue;
		}
		last_wins(nodes, c, seen, k, cap);
	}
}

/* The full judgement and the score: C_KEPT with *jp (the caller frees
   it), or why not. */
static enum outcome judge_and_score(struct worker *w, const void *pos, int solver, move_t key,
                                    struct score_facts *f, struct judgement **jp,
                                    struct compose_score *sc, int *variations)
{
	const struct compose_opts *o = w->o;
	struct judgement *j = judge_candidate(w, pos, NULL, false);
	if (!j)
		return C_OOM;
	enum outcome res = C_KEPT;
	if (j->verdict == VERDICT_TIMEOUT)
		res = C_TIMEOUT;
	else if (j->verdict != VERDICT_SOUND || j->an.truncated || j->an.key_nodes[0] < 0)
		res = C_COOKED; /* cannot happen after quick_verdict, but judge_puzzle decides */
	else if (!compose_duals_ok(&j->an, o->duals))
		res = C_DUALS;
	if (res == C_KEPT) {
		*variations = compose_variations_by_men(o->g, pos, &j->an, &f->man_wins);
		if (*variations < o->variations || f->man_wins < o->men_variations)
			res = C_VARIATIONS;
		/* from win in 3 on, variations counted at the second move may all
		   end in one last move (seed 1's 90 s run of #3: two problems, and
		   one of Upuaut's win in 3): a judge reads one win, whatever line
		   leads to it (issue 22: two different wins) */
		const char *seen[2];
		int wins = 0;
		if (res == C_KEPT && o->stip.n >= 3 && o->variations >= 2) {
			last_wins(j->an.nodes, j->an.key_nodes[0], seen, &wins, 2);
			if (wins < 2)
				res = C_VARIATIONS;
		}
	}
	if (res == C_KEPT) {
		score_play(o->g, pos, &j->an, o->stip.n, *variations, f);
		if (f->short_threat && !o->allow_short_threat)
			res = C_SHORT_THREAT;
	}
	if (res != C_KEPT) {
		judgement_free(j);
		free(j);
		return res;
	}
	(void)solver;
	(void)key;
	compose_score(f, sc);
	*jp = j;
	return C_KEPT;
}

/* A random change of s: a man added (mostly next to the defending king),
   removed or moved, or a king moved a square. */
static void mutate(const struct compose_opts *o, struct rng *r, int solver, struct setup *s)
{
	const struct game *g = o->g;
	const struct compose_profile *pf = profile_of(g);
	int occupied[MAX_SQUARES], kings[4], nocc = 0, nkings = 0;
	for (int k = 0; k < g->ranks; k++)
		for (int f = 0; f < g->files; f++) {
			char c = s->grid[k][f];
			if (c == '.' || !c)
				continue;
			if (is_king(g, c)) {
				if (nkings < 4)
					kings[nkings++] = k * MAX_FILES + f;
			} else if (nocc < MAX_SQUARES) {
				occupied[nocc++] = k * MAX_FILES + f;
			}
		}
	int op = rng_below(r, 4);
	if (op == 1 && nocc > 1) {
		int at = occupied[rng_below(r, nocc)];
		s->grid[at / MAX_FILES][at % MAX_FILES] = '.';
		return;
	}
	if ((op == 2 && nocc > 0) || (op == 3 && nkings > 0)) {
		int at = op == 2 ? occupied[rng_below(r, nocc)] : kings[rng_below(r, nkings)];
		int f0 = at % MAX_FILES, k0 = at / MAX_FILES, radius = op == 2 ? 2 : 1;
		char c = s->grid[k0][f0];
		for (int tries = 0; tries < 20; tries++) {
			int f = f0 + rng_below(r, 2 * radius + 1) - radius;
			int k = k0 + rng_below(r, 2 * radius + 1) - radius;
			if (f < 0 || k < 0 || f >= g->files || k >= g->ranks ||
			    s->grid[k][f] != '.' || !back_square_ok(g, c, f, k))
				continue;
			s->grid[k][f] = c;
			s->grid[k0][f0] = '.';
			return;
		}
		return;
	}
	/* add: the defender's men make the variations, so mostly the defender's */
	int side = rng_below(r, 100) < 65 ? !solver : solver;
	const char *pool = pf->men[side];
	if (!*pool)
		return;
	char c = pool[rng_below(r, (int)strlen(pool))];
	int kf = 0, kr = 0;
	if (target_king(g, s, self_play(o) ? !solver : solver, &kf, &kr))
		drop_near(g, r, s, c, kf, kr, 2);
	else
		drop(g, r, s, c);
}

/* Force a game could have (score_material), unless --allow-promoted. */
static bool force_allowed(const struct compose_opts *o, const void *pos, int solver)
{
	struct score_facts f;
	memset(&f, 0, sizeof f);
	score_material(o->g, pos, !solver, &f);
	return o->allow_promoted || !(f.promoted || f.overcount || f.unreachable);
}

/* The problem at trial against the best so far (pos, its facts,
   judgement, score and variations): taken when it is sound with the same
   key `canon`, passes every filter, scores more (or, `even`, no less) and,
   with economy, has no idle man (idle_men).  1 taken, 0 not, -1 out of
   memory, -2 out of time. */
static int take_if_better(struct worker *w, int solver, const char *canon, const void *trial,
                          bool even, void *pos, struct score_facts *bf, struct judgement **bj,
                          struct compose_score *bs, int *bvar)
{
	const struct game *g = w->o->g;
	move_t k;
	int same = sound_with_key(w, trial, canon, &k);
	if (same <= 0)
		return same < 0 ? -2 : 0;
	struct score_facts f;
	if (cheap_filters(w, trial, solver, k, &f) != C_KEPT)
		return 0;
	struct judgement *j = NULL;
	struct compose_score sc;
	int variations = 0;
	enum outcome res = judge_and_score(w, trial, solver, k, &f, &j, &sc, &variations);
	if (res == C_OOM)
		return -1;
	if (res == C_TIMEOUT)
		return -2;
	if (res != C_KEPT)
		return 0;
	/* the change must not leave a man the problem does not need: climb
	   and enrich_defender run after economise, and a man whose only job is
	   a try, or nothing, would otherwise stay (issue 22) */
	bool better = even ? sc.total >= bs->total : sc.total > bs->total;
	int idle = better && w->o->economy ? idle_men(w, trial, canon, NULL, true) : 0;
	if (!better || idle != 0) {
		judgement_free(j);
		free(j);
		return idle == -1 ? -2 : idle == -2 ? -1 : 0;
	}
	judgement_free(*bj);
	free(*bj);
	*bj = j;
	*bs = sc;
	*bf = f;
	*bvar = variations;
	memcpy(pos, trial, g->pos_size);
	return 1;
}

/*
** Local search on the score: o->climb random changes of the problem
** (mutate), each kept when the problem stays sound with the same key,
** passes every filter and scores more.  pos, the facts, the judgement,
** the score and the variations are the best so far.  0, or -1 out of
** memory; time running out ends the climb with the best so far.
*/
static int climb(struct worker *w, struct rng *r, int solver, const char *canon, void *pos,
                 struct score_facts *bf, struct judgement **bj, struct compose_score *bs, int *bvar)
{
	const struct compose_opts *o = w->o;
	const struct game *g = o->g;
	_Alignas(16) unsigned char trial[MAX_POS_SIZE];
	char err[256];
	for (int step = 0; step < o->climb; step++) {
		struct setup s;
		g->get_setup(pos, &s);
		s.side_to_move = g->side_to_move(pos);
		mutate(o, r, solver, &s);
		if (g->setup(trial, &s, err, sizeof err) != 0)
			continue;
		int rc = take_if_better(w, solver, canon, trial, false, pos, bf, bj, bs, bvar);
		if (rc == -1)
			return -1;
		if (rc == -2)
			break;
	}
	return 0;
}

/*
** A near miss made a problem (o->repair): sound with a quiet key and every
** filter of men and key passed, but too few variations or a dual.  Most
** random positions that win are such (chess #2: nine in ten of those the
** key's filters pass), and a composer would not throw them away but work
** on them: the local search on the score (climb) runs with the content
** filters lifted, its changes kept while the key stays and the score
** rises, and what it ends with is judged again with them.  C_KEPT with
** *jp, *sc, *variations and pos the problem, or why not.
*/
static enum outcome repair(struct worker *w, uint64_t index, int solver, const char *canon,
                           void *pos, struct score_facts *f, struct judgement **jp,
                           struct compose_score *sc, int *variations)
{
	const struct compose_opts *o = w->o;
	const struct game *g = o->g;
	struct compose_opts lifted = *o;
	lifted.variations = lifted.men_variations = 0;
	lifted.duals = DUALS_ANY;
	move_t key = game_parse_move(g, pos, canon, NULL, 0);
	w->o = &lifted;
	enum outcome res = judge_and_score(w, pos, solver, key, f, jp, sc, variations);
	if (res == C_KEPT) {
		struct rng cr;
		rng_init(&cr, o->seed, index, 3);
		if (climb(w, &cr, solver, canon, pos, f, jp, sc, variations) < 0)
			res = C_OOM;
		judgement_free(*jp);
		free(*jp);
		*jp = NULL;
	}
	w->o = o;
	if (res != C_KEPT)
		return res == C_OOM || res == C_TIMEOUT ? res : C_VARIATIONS;
	key = game_parse_move(g, pos, canon, NULL, 0);
	res = cheap_filters(w, pos, solver, key, f);
	if (res != C_KEPT)
		return res;
	return judge_and_score(w, pos, solver, key, f, jp, sc, variations);
}

/*
** Self play built backwards draws the defender's men from the profile's
** self_men: for chess pawns alone, since with pieces the picture search
** finds almost nothing (chess.c's profile).  A judge finds such a defender
** plain (issue 22), so once the problem is found each of the defender's
** pawns is tried, in its place, as each other man of the game's men for
** the defender (pf->men, first drawn first), and kept as that man when the
** problem stays sound with the same key, passes every filter and scores no
** less.  0, or -1 out of memory; time running out ends it.
*/
static int enrich_defender(struct worker *w, const struct compose_profile *pf, int solver,
                           const char *canon, void *pos, struct score_facts *bf,
                           struct judgement **bj, struct compose_score *bs, int *bvar)
{
	const struct game *g = w->o->g;
	_Alignas(16) unsigned char trial[MAX_POS_SIZE];
	char err[256], kinds[16];
	int nkinds = 0;
	for (const char *c = pf->men[!solver]; *c && nkinds < (int)sizeof kinds - 1; c++) {
		const struct piece_kind *p = game_piece(g, *c);
		if (p && p->role != ROLE_PAWN && p->role != ROLE_ROYAL &&
		    !memchr(kinds, *c, (size_t)nkinds))
			kinds[nkinds++] = *c;
	}
	struct setup s;
	g->get_setup(pos, &s);
	for (int r = 0; r < g->ranks; r++)
		for (int f = 0; f < g->files; f++) {
			char c = s.grid[r][f];
			const struct piece_kind *p = c && c != '.' ? game_piece(g, c) : NULL;
			if (!p || p->role != ROLE_PAWN || letter_side(g, c) == solver)
				continue;
			for (int k = 0; k < nkinds; k++) {
				struct setup t = s;
				t.side_to_move = g->side_to_move(pos);
				t.grid[r][f] = kinds[k];
				if (g->setup(trial, &t, err, sizeof err) != 0 ||
				    !force_allowed(w->o, trial, solver))
					continue;
				int rc = take_if_better(w, solver, canon, trial, true, pos, bf, bj,
				                        bs, bvar);
				if (rc == -1)
					return -1;
				if (rc == -2)
					return 0;
				if (rc == 1) {
					s.grid[r][f] = kinds[k];
					break;
				}
			}
		}
	return 0;
}

/* Pictures tried per candidate, chains of retractions per picture, the
   local search's changes at the defender's turn, the keys per chain, and
   the picture search's changes: measured on s#2 (chess). */
enum {
	BACK_PICTURES = 4,
	BACK_CHAINS = 6,
	BACK_STEPS = 400,
	BACK_KEYS = 6,
	PICTURE_STEPS = 600,
	REFUTED = (1 << 20) + 1, /* refutations(): no position for the defender's turn */
	NO_THREAT = 64           /* refutations(): the cost of no threat (a zugzwang, when
	                            no defence refutes: cost % NO_THREAT == 0) */
};

/*
** pos: the defender to move, the solver having just made the first of its
** j moves.  The defender's moves after which the solver cannot force the
** goal with its j - 1 others (0: the goal is forced); REFUTED when the
** defender has no move, or is in check where the key is to be quiet (the
** solver's move gave it).  -1 out of time.
*/
static int refutations(struct worker *w, const void *pos, int j, bool key)
{
	const struct compose_opts *o = w->o;
	const struct game *g = o->g;
	struct search *s = w->s;
	if (key && !o->allow_check_key && g->in_check && g->in_check(pos))
		return REFUTED;
	search_reset(s, pos);
	search_set_goal(s, play_of(o->stip.kind)->goal);
	s->limits.deadline = w->deadline;
	if (setjmp(s->abort))
		return -1;
	move_t moves[MAX_MOVES];
	int count, bad = 0;
	if (search_status(s, moves, &count) != RESULT_ONGOING || count == 0)
		return REFUTED;
	for (int i = 0; i < count; i++) {
		search_make(s, moves[i]);
		bad += !search_attack(s, j - 1);
		search_unmake(s, moves[i]);
	}
	/* a threat keeps the men that win: without one the search would
	   take the defender's men away, and its wins with them */
	if (g->has_threats) {
		search_make_null(s);
		bad += search_attack(s, j - 1) ? 0 : NO_THREAT;
		search_unmake_null(s);
	}
	return bad;
}

/*
** The defender's turn before the solver's last j - 1 moves, from pos (the
** solver to move, winning in j - 1): the defender's last move taken back,
** or the turn passed to it (a threat), then a local search (back_change)
** down to no refutation.  0 and pos filled, 1 not found, -1 out of time.
*/
static int defender_turn(struct worker *w, const struct compose_profile *pf, struct rng *r,
                         int solver, int j, int lo, int hi, void *pos)
{
	const struct compose_opts *o = w->o;
	const struct game *g = o->g;
	_Alignas(16) unsigned char trial[MAX_POS_SIZE];
	char err[256];
	struct setup s;
	if (rng_below(r, 2) == 0) {
		if (!back_retract(g, pf, r, pos, rng_below(r, 4) == 0 ? RETRACT_TAKE : RETRACT_ANY))
			return 1;
	} else {
		g->get_setup(pos, &s);
		s.side_to_move = !solver;
		if (g->setup(trial, &s, err, sizeof err) != 0)
			return 1;
		memcpy(pos, trial, g->pos_size);
	}
	if (!force_allowed(o, pos, solver))
		return 1;
	int cost = refutations(w, pos, j, j == o->stip.n);
	for (int step = 0; step < BACK_STEPS && cost > 0 && cost % NO_THREAT > 0; step++) {
		g->get_setup(pos, &s);
		s.side_to_move = !solver;
		back_change(g, pf, r, &s, solver, lo, hi, -1);
		if (g->setup(trial, &s, err, sizeof err) != 0 || !force_allowed(o, trial, solver))
			continue;
		int now = refutations(w, trial, j, j == o->stip.n);
		if (now < 0)
			return -1;
		if (now > cost)
			continue;
		cost = now;
		memcpy(pos, trial, g->pos_size);
	}
	if (cost < 0)
		return -1;
	return cost % NO_THREAT == 0 ? 0 : 1;
}

/*
** A self-play diagram built backwards (backward.h) from a last picture:
** the solver's last move taken back, then for each move before it the
** defender's turn (defender_turn) and, but for the first, the solver's
** move before it; then the key, a quiet one, until the diagram has
** exactly that one key and nothing shorter (quick_verdict).  0 and pos
** filled, 1 none found, -1 out of time.
*/
static int backward(struct worker *w, const struct compose_profile *pf, struct rng *r, int solver,
                    void *pos)
{
	const struct compose_opts *o = w->o;
	const struct game *g = o->g;
	int n = o->stip.n, lo, hi;
	pieces_range(o, pf, solver, &lo, &hi);
	/* the game's men for self play, where it names them */
	struct compose_profile sp = *pf;
	for (int side = 0; side < 2; side++)
		if (pf->self_men[side])
			sp.men[side] = pf->self_men[side];
	if (o->min_pieces <= 0 && pf->self_min > 0)
		lo = pf->self_min;
	if (o->max_pieces <= 0 && pf->self_max > 0)
		hi = pf->self_max < lo ? lo : pf->self_max;
	pf = &sp;
	_Alignas(16) unsigned char pic[MAX_POS_SIZE], before[MAX_POS_SIZE];
	for (int p = 0; p < BACK_PICTURES; p++) {
		if (!back_picture(g, pf, r, solver, lo, hi, PICTURE_STEPS, o->allow_promoted, pic))
			continue;
		for (int chain = 0; chain < BACK_CHAINS; chain++) {
			memcpy(pos, pic, g->pos_size);
			bool ok = back_retract(g, pf, r, pos,
			                       rng_below(r, 4) == 0 ? RETRACT_TAKE : RETRACT_ANY) &&
			          force_allowed(o, pos, solver);
			for (int j = 2; j <= n && ok; j++) {
				int rc = defender_turn(w, pf, r, solver, j, lo, hi, pos);
				if (rc < 0)
					return -1;
				ok =
				    rc == 0 && (j == n || back_retract(g, pf, r, pos, RETRACT_ANY));
			}
			if (!ok)
				continue;
			/* the key: quiet, and the diagram's only one */
			memcpy(before, pos, g->pos_size);
			for (int k = 0; k < BACK_KEYS; k++) {
				memcpy(pos, before, g->pos_size);
				if (!back_retract(g, pf, r, pos,
				                  o->allow_check_key ? RETRACT_ANY : RETRACT_QUIET))
					break;
				if (!force_allowed(o, pos, solver) ||
				    (!o->allow_set_win && defender_wins_at_once(g, pos)))
					continue;
				move_t key = MOVE_NONE;
				enum quick q = quick_verdict(w, pos, &key);
				if (q == Q_TIMEOUT)
					return -1;
				if (q == Q_SOUND)
					return 0;
			}
		}
	}
	return 1;
}

static enum outcome candidate(struct worker *w, uint64_t index, struct composed *out,
                              uint64_t *illegal)
{
	const struct compose_opts *o = w->o;
	const struct game *g = o->g;
	const struct compose_profile *pf = profile_of(g);
	struct rng r;
	rng_init(&r, o->seed, index, 0);
	int solver = o->side >= 0 ? o->side : rng_below(&r, 2);
	/* Popeye's spellings of help, self, reflex and series play: White wins */
	if (stip_fixes_side(&o->stip))
		solver = 0;
	bool by_play = o->method == COMPOSE_PLAY || (o->method == COMPOSE_MIXED && (index & 1));
	w->deadline = o->candidate_seconds > 0 ? search_clock() + o->candidate_seconds : 0;
	/* never past the run's end: a candidate of 10 s (or of no limit,
	   --candidate-time 0) took a run of --max-time 2 to 11.4 s */
	if (w->run_end > 0 && (w->deadline == 0 || w->run_end < w->deadline))
		w->deadline = w->run_end;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	if (o->method == COMPOSE_BACKWARD && backward_play(o)) {
		int rc = backward(w, pf, &r, solver, pos);
		if (rc != 0)
			return rc < 0 ? C_TIMEOUT : C_NO_WIN;
	} else {
		int rc = by_play ? play(o, pf, &r, solver, pos, illegal)
		                 : place(o, pf, &r, solver, pos, illegal);
		if (rc != 0)
			return C_ILLEGAL;
	}
	if (lines_play(o))
		return candidate_lines(w, index, solver, pos, out);
	move_t key = MOVE_NONE;
	switch (quick_verdict(w, pos, &key)) {
	case Q_SOUND:
		break;
	case Q_NO_WIN:
		return C_NO_WIN;
	case Q_SHORT:
		return C_SHORT;
	case Q_COOKED:
	case Q_DUALS: /* not a verdict of battle play */
		return C_COOKED;
	case Q_TIMEOUT:
		return C_TIMEOUT;
	}
	char canon[16];
	g->move_text(pos, key, MOVE_CANONICAL, canon, sizeof canon);
	struct score_facts f;
	/* the key's filters first: economy keeps the key, and they are cheap */
	enum outcome res = cheap_filters(w, pos, solver, key, &f);
	if (res != C_KEPT && res != C_SMALL && res != C_LEGAL && res != C_LONE)
		return res;
	int light_variations = -1;
	if (o->economy) {
		int rc = economise(w, pos, canon, &light_variations);
		if (rc < 0)
			return rc == -2 ? C_OOM : C_TIMEOUT;
	}
	key = game_parse_move(g, pos, canon, NULL, 0);
	if (key == MOVE_NONE)
		return C_COOKED; /* cannot happen: the key was found in pos */
	res = cheap_filters(w, pos, solver, key, &f);
	if (res != C_KEPT)
		return res;
	/* the light judgement's tree is the full one's (tries and set play
	   aside): too few variations there spares the full judgement */
	bool few = light_variations >= 0 && light_variations < o->variations;
	if (few && !o->repair)
		return C_VARIATIONS;
	struct judgement *j = NULL;
	struct compose_score score;
	int variations = 0;
	res =
	    few ? C_VARIATIONS : judge_and_score(w, pos, solver, key, &f, &j, &score, &variations);
	if ((res == C_VARIATIONS || res == C_DUALS) && o->repair) {
		res = repair(w, index, solver, canon, pos, &f, &j, &score, &variations);
		key = game_parse_move(g, pos, canon, NULL, 0);
	}
	if (res != C_KEPT)
		return res;
	if (o->method == COMPOSE_BACKWARD && backward_play(o) && !o->plain_defender &&
	    enrich_defender(w, pf, solver, canon, pos, &f, &j, &score, &variations) < 0) {
		judgement_free(j);
		free(j);
		return C_OOM;
	}
	if (o->climb > 0) {
		struct rng cr;
		rng_init(&cr, o->seed, index, 2);
		if (climb(w, &cr, solver, canon, pos, &f, &j, &score, &variations) < 0) {
			judgement_free(j);
			free(j);
			return C_OOM;
		}
		key = game_parse_move(g, pos, canon, NULL, 0);
	}
	if (o->has_min_score && score.total < o->min_score)
		res = C_SCORE;
	if (res == C_KEPT) {
		int men[2];
		struct setup s;
		g->get_setup(pos, &s);
		count_men(g, &s, men);
		memset(out, 0, sizeof *out);
		out->index = index;
		memcpy(out->pos, pos, g->pos_size);
		out->hash = g->hash(pos);
		out->solver = solver;
		out->men[0] = men[0];
		out->men[1] = men[1];
		snprintf(out->key, sizeof out->key, "%s", j->an.keys[0].note.text);
		snprintf(out->key_canon, sizeof out->key_canon, "%s", canon);
		compose_picture(g, out);
		out->variations = variations;
		out->tries = j->an.ntries;
		out->score = score;
		struct rng tr;
		rng_init(&tr, o->seed, index, 1);
		make_title(o, out, canon, &tr);
		make_keywords(o, out, &j->an, f.check);
		res = solution_text(o, j, pos, out);
		if (res != C_KEPT)
			composed_free(out);
	}
	judgement_free(j);
	free(j);
	return res;
}

static int worker_init(struct worker *w, const struct compose_opts *o)
{
	memset(w, 0, sizeof *w);
	w->o = o;
	w->have_tt = tt_init(&w->tt, o->hash_mb) == 0;
	if (!w->have_tt)
		return -1;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	char err[256];
	if (o->g->parse(pos, o->g->start, err, sizeof err) != 0)
		memset(pos, 0, sizeof pos);
	w->s = search_new(o->g, pos, &w->tt, 0);
	if (w->s)
		w->s->limits.stop = o->stop; /* its searches end at a signal as at the deadline */
	if (!w->s) {
		tt_free(&w->tt);
		return -1;
	}
	return 0;
}

static void worker_free(struct worker *w)
{
	search_free(w->s);
	if (w->have_tt)
		tt_free(&w->tt);
}

int compose_candidate(const struct compose_opts *o, uint64_t index, struct composed *out)
{
	struct worker w;
	if (worker_init(&w, o) < 0)
		return -1;
	uint64_t illegal = 0;
	enum outcome res = candidate(&w, index, out, &illegal);
	worker_free(&w);
	return res == C_OOM ? -1 : res == C_KEPT;
}

int compose_assess(const struct compose_opts *o, const void *pos, struct compose_score *sc)
{
	struct worker w;
	if (worker_init(&w, o) < 0)
		return -1;
	w.deadline = o->candidate_seconds > 0 ? search_clock() + o->candidate_seconds : 0;
	const struct game *g = o->g;
	int mover = g->side_to_move(pos);
	int solver = stip_solver_starts(&o->stip) ? mover : !mover;
	int rc = 0, idle = -1;
	move_t key = MOVE_NONE;
	char sig[4096], canon[16];
	if (lines_play(o)) {
		if (quick_lines(&w, pos, sig, sizeof sig) == Q_SOUND)
			idle = idle_men(&w, pos, NULL, sig, false);
	} else if (quick_verdict(&w, pos, &key) == Q_SOUND) {
		g->move_text(pos, key, MOVE_CANONICAL, canon, sizeof canon);
		idle = idle_men(&w, pos, canon, NULL, false);
	}
	/* out of memory is no verdict on the problem (it was read as "not
	   sound"); out of time and wins that cannot be counted leave nothing
	   to score */
	if (idle == -2)
		rc = -1;
	if (idle >= 0) {
		char intended[16];
		snprintf(intended, sizeof intended, "%d", o->solutions);
		struct judgement *j =
		    judge_candidate(&w, pos, o->solutions > 1 ? intended : NULL, false);
		if (!j) {
			rc = -1;
		} else {
			if (j->verdict == VERDICT_SOUND && !j->an.truncated) {
				score_of(o, pos, solver, key, &j->an, idle, sc);
				rc = 1;
			}
			judgement_free(j);
			free(j);
		}
	}
	worker_free(&w);
	return rc;
}

void composed_free(struct composed *c)
{
	free(c->solution);
	c->solution = NULL;
}

/* ---- the run: threads, candidate order ---- */

#define IDLE UINT64_MAX

struct run {
	const struct compose_opts *o;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	uint64_t next;          /* next candidate to hand out */
	uint64_t *busy;         /* per thread: candidate in hand, or IDLE */
	struct composed *found; /* sorted by index, not yet taken */
	int nfound, cap;
	bool stop, oom;
	double end; /* search_clock() at --max-time, 0: none */
	struct compose_stats st;
};

struct thread_arg {
	struct run *run;
	int id;
};

static void count_outcome(struct compose_stats *st, enum outcome res)
{
	st->candidates++;
	switch (res) {
	case C_ILLEGAL:
		st->illegal++;
		st->candidates--;
		break;
	case C_NO_WIN:
		st->no_win++;
		break;
	case C_SHORT:
		st->shorter++;
		break;
	case C_COOKED:
		st->cooked++;
		break;
	case C_TIMEOUT:
		st->timeout++;
		break;
	case C_SMALL:
		st->small++;
		st->filtered++;
		break;
	case C_KEY:
		st->key++;
		st->filtered++;
		break;
	case C_ONLY_MOVE:
		st->only_move++;
		st->filtered++;
		break;
	case C_FORCED:
		st->forced++;
		st->filtered++;
		break;
	case C_LEGAL:
		st->legal++;
		st->filtered++;
		break;
	case C_LONE:
		st->lone++;
		st->filtered++;
		break;
	case C_SCORE:
		st->low_score++;
		st->filtered++;
		break;
	case C_DUALS:
		st->duals++;
		st->filtered++;
		break;
	case C_VARIATIONS:
		st->variations++;
		st->filtered++;
		break;
	case C_SHORT_THREAT:
		st->short_threat++;
		st->filtered++;
		break;
	case C_SET_WIN:
		st->set_win++;
		st->filtered++;
		break;
	case C_REPEATED:
		st->repeated++;
		st->filtered++;
		break;
	case C_UNREADABLE:
		st->unreadable++;
		break;
	case C_KEPT:
	case C_OOM:
		break;
	}
}

static void *thread_main(void *arg)
{
	struct thread_arg *ta = arg;
	struct run *run = ta->run;
	struct worker w;
	if (worker_init(&w, run->o) < 0) {
		pthread_mutex_lock(&run->lock);
		run->oom = run->stop = true;
		pthread_cond_broadcast(&run->cond);
		pthread_mutex_unlock(&run->lock);
		return NULL;
	}
	w.run_end = run->end;
	struct composed c;
	for (;;) {
		pthread_mutex_lock(&run->lock);
		/* past the run's end no candidate is begun: the run's thread sees
		   the end only when it wakes (4 times a second), and each one begun
		   meanwhile ran out of time at once (285 "timeout" in a run of
		   --max-time 5 on one core, Morok's win in 2) */
		bool over = run->end > 0 && search_clock() >= run->end;
		if (run->stop || over) {
			run->busy[ta->id] = IDLE;
			if (over)
				pthread_cond_broadcast(&run->cond);
			pthread_mutex_unlock(&run->lock);
			break;
		}
		uint64_t i = run->next++;
		run->busy[ta->id] = i;
		pthread_mutex_unlock(&run->lock);

		uint64_t illegal = 0;
		enum outcome res = candidate(&w, i, &c, &illegal);

		pthread_mutex_lock(&run->lock);
		run->st.illegal += illegal;
		count_outcome(&run->st, res);
		if (res == C_OOM)
			run->oom = run->stop = true;
		if (res == C_KEPT) {
			if (run->nfound == run->cap) {
				int cap = run->cap ? run->cap * 2 : 16;
				struct composed *v = realloc(run->found, (size_t)cap * sizeof *v);
				if (!v) {
					composed_free(&c);
					run->oom = run->stop = true;
					res = C_OOM;
				} else {
					run->found = v;
					run->cap = cap;
				}
			}
			if (res == C_KEPT) {
				int k = run->nfound++;
				while (k > 0 && run->found[k - 1].index > i) {
					run->found[k] = run->found[k - 1];
					k--;
				}
				run->found[k] = c;
			}
		}
		run->busy[ta->id] = IDLE;
		/* the run's thread waits for a problem to take (this one, or one
		   this candidate held back in candidate order) or the stop; it
		   wakes 4 times a second anyway.  Woken by every candidate, it
		   took a tenth of the time in the kernel (perf, s#2). */
		if (res == C_KEPT || run->nfound > 0 || run->stop)
			pthread_cond_broadcast(&run->cond);
		pthread_mutex_unlock(&run->lock);
	}
	worker_free(&w);
	return NULL;
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
static void title_once(const struct compose_opts *o, const struct composed *kept, int n,
                       struct composed *c)
{
	static const char *const numeral[] = {"II", "III", "IV", "V", "VI", "VII", "VIII", "IX"};
	struct rng tr;
	rng_init(&tr, o->seed, c->index, 1);
	for (int draw = 0; draw < 64; draw++) {
		make_title(o, c, c->key_canon, &tr);
		if (!title_taken(o, kept, n, c->title))
			return;
	}
	rng_init(&tr, o->seed, c->index, 1);
	make_title(o, c, c->key_canon, &tr);
	char base[sizeof c->title];
	snprintf(base, sizeof base, "%s", c->title);
	for (int k = 0; k < (int)(sizeof numeral / sizeof numeral[0]); k++) {
		snprintf(c->title, sizeof c->title, "%.80s %s", base, numeral[k]);
		if (!title_taken(o, kept, n, c->title))
			return;
	}
}

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

/* The first two squares of a canonical move (canon_square), from 0. */
static bool canon_move(const char *canon, int sq[4])
{
	if (!canon_square(&canon, &sq[0], &sq[1]) || !canon_square(&canon, &sq[2], &sq[3]))
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
	bool ranks = profile_of(g)->ranks_mirror;
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

/* Best score first; the candidate order among equals. */
static int by_score(const void *x, const void *y)
{
	const struct composed *a = x, *b = y;
	if (a->score.total != b->score.total)
		return a->score.total > b->score.total ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/* Every candidate below this one is finished. */
static uint64_t watermark(const struct run *run, int threads)
{
	uint64_t w = run->next;
	for (int t = 0; t < threads; t++)
		if (run->busy[t] < w)
			w = run->busy[t];
	return w;
}

int compose_run(const struct compose_opts *o, compose_progress_fn progress, void *ctx,
                struct composed **out, struct compose_stats *st)
{
	struct run run;
	memset(&run, 0, sizeof run);
	run.o = o;
	*out = NULL;
	int jobs = o->jobs;
	if (jobs <= 0) {
		long cores = sysconf(_SC_NPROCESSORS_ONLN);
		jobs = cores > 0 ? (int)cores : 1;
	}
	/* grown as problems come: --count may be far more than a time limit
	   lets the run find */
	int kept_cap = o->count < 64 ? o->count + 1 : 64;
	struct composed *kept = calloc((size_t)kept_cap, sizeof *kept);
	run.busy = calloc((size_t)jobs, sizeof *run.busy);
	pthread_t *threads = calloc((size_t)jobs, sizeof *threads);
	struct thread_arg *args = calloc((size_t)jobs, sizeof *args);
	if (!kept || !run.busy || !threads || !args) {
		free(kept);
		free(run.busy);
		free(threads);
		free(args);
		return -1;
	}
	pthread_mutex_init(&run.lock, NULL);
	pthread_cond_init(&run.cond, NULL);
	for (int t = 0; t < jobs; t++)
		run.busy[t] = IDLE;
	double t0 = search_clock(), shown = 0;
	run.end = o->max_seconds > 0 ? t0 + o->max_seconds : 0;
	int started = 0;
	for (int t = 0; t < jobs; t++) {
		args[t].run = &run;
		args[t].id = t;
		if (pthread_create(&threads[t], NULL, thread_main, &args[t]) == 0)
			started++;
		else
			break;
	}
	int nkept = 0;
	if (started == 0)
		run.oom = true;
	pthread_mutex_lock(&run.lock);
	while (started > 0) {
		/* take finished problems in candidate order */
		uint64_t wm = watermark(&run, started);
		while (run.nfound > 0 && run.found[0].index < wm && nkept < o->count) {
			struct composed c = run.found[0];
			memmove(run.found, run.found + 1, (size_t)--run.nfound * sizeof *run.found);
			bool dup = false;
			for (int k = 0; k < nkept && !dup; k++)
				dup = compose_alike(o->g, &kept[k], &c);
			if (!dup && nkept == kept_cap) {
				int cap = kept_cap * 2 > o->count ? o->count + 1 : kept_cap * 2;
				struct composed *v = realloc(kept, (size_t)cap * sizeof *v);
				if (v) {
					kept = v;
					kept_cap = cap;
				} else {
					run.oom = true;
				}
			}
			if (dup) {
				run.st.duplicate++;
				composed_free(&c);
			} else if (nkept < kept_cap) {
				title_once(o, kept, nkept, &c);
				kept[nkept++] = c;
			} else {
				composed_free(&c);
			}
		}
		run.st.kept = (uint64_t)nkept;
		run.st.seconds = search_clock() - t0;
		if (nkept >= o->count || (o->max_seconds > 0 && run.st.seconds >= o->max_seconds) ||
		    stop_requested(o->stop))
			run.stop = true;
		bool all_idle = true;
		for (int t = 0; t < started; t++)
			all_idle &= run.busy[t] == IDLE;
		if (run.stop && all_idle)
			break;
		if (run.oom)
			run.stop = true;
		/* woken by every finished candidate: show progress 4 times a second */
		if (progress && run.st.seconds >= shown + 0.25) {
			shown = run.st.seconds;
			struct compose_stats snap = run.st;
			pthread_mutex_unlock(&run.lock);
			progress(ctx, &snap, nkept, o->count);
			pthread_mutex_lock(&run.lock);
		}
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 250000000;
		if (ts.tv_nsec >= 1000000000) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000;
		}
		pthread_cond_timedwait(&run.cond, &run.lock, &ts);
	}
	pthread_mutex_unlock(&run.lock);
	for (int t = 0; t < started; t++)
		pthread_join(threads[t], NULL);
	for (int k = 0; k < run.nfound; k++)
		composed_free(&run.found[k]);
	free(run.found);
	free(run.busy);
	free(threads);
	free(args);
	pthread_mutex_destroy(&run.lock);
	pthread_cond_destroy(&run.cond);
	run.st.seconds = search_clock() - t0;
	*st = run.st;
	if (run.oom) {
		for (int k = 0; k < nkept; k++)
			composed_free(&kept[k]);
		free(kept);
		return -1;
	}
	qsort(kept, (size_t)nkept, sizeof *kept, by_score);
	*out = kept;
	return nkept;
}

/* ---- YAML ---- */

/* A YAML double-quoted scalar; a control character as its escape (raw,
   the loader refuses the file: --stip "win\vin 2" did, issue 11). */
static void yaml_quoted(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fputc('\\', f);
		if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\x%02x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

#define SCORE_TEXT 1024

/* "maat score 12 = economy +2 (6 men: miniature), ..." (score.h) */
static void score_comment(const struct composed *c, char *buf, size_t len)
{
	char text[SCORE_TEXT - 16];
	compose_score_text(&c->score, text, sizeof text);
	snprintf(buf, len, "maat score %s", text);
}

/* Chess as a YACPDB entry (no maat-only field: YACPDB's schema), the
   problem's name and the command that found it as comments. */
static void write_yacpdb(FILE *f, const struct compose_opts *o, const struct composed *c,
                         const char *command)
{
	static const struct puzzle blank;
	struct puzzle p = blank;
	p.game = o->g;
	memcpy(p.pos, c->pos, sizeof p.pos);
	p.has_position = true;
	p.stip = o->stip;
	p.has_stip = true;
	p.title = (char *)c->title;
	p.solution = c->solution;
	/* the credit the other games get as their source (compose_write_yaml):
	   YACPDB's source needs a date, so it goes out as a comment, written
	   here: as p.source, yacpdb_write read a candidate of four digits
	   ("s1-c2872") as the year of a source field */
	char credit[80];
	snprintf(credit, sizeof credit, "Source: maat compose, s%llu-c%llu",
	         (unsigned long long)o->seed, (unsigned long long)c->index);
	char intended[16];
	snprintf(intended, sizeof intended, "%d", o->solutions);
	if (o->solutions > 1 && play_of(o->stip.kind)->family == FAMILY_LINES)
		p.intended = intended;
	p.keywords = (char **)c->keywords;
	p.nkeywords = c->nkeywords;
	char found[64], score[SCORE_TEXT];
	snprintf(found, sizeof found, "maat compose, seed %llu, candidate %llu",
	         (unsigned long long)o->seed, (unsigned long long)c->index);
	score_comment(c, score, sizeof score);
	/* the command whole (an --avoid-titles path may be long); without
	   its candidate number only when out of memory */
	char *cmd = command
	                ? text_aprintf("%s (candidate %llu)", command, (unsigned long long)c->index)
	                : NULL;
	const char *comments[4] = {found, score, credit, cmd ? cmd : command};
	yacpdb_write(f, &p, comments, command ? 4 : 3);
	free(cmd);
}

void compose_write_yaml(FILE *f, const struct compose_opts *o, const struct composed *c,
                        const char *command)
{
	const struct game *g = o->g;
	/* YACPDB's game (orthodox chess): the one its entries hold */
	if (g == game_default()) {
		write_yacpdb(f, o, c, command);
		return;
	}
	fputs("---\n", f);
	fprintf(f, "game: %s\n", g->id);
	fputs("title: ", f);
	yaml_quoted(f, c->title);
	fputc('\n', f);
	fprintf(f, "source: {name: \"maat compose\", problemid: \"s%llu-c%llu\"}\n",
	        (unsigned long long)o->seed, (unsigned long long)c->index);
	char score[SCORE_TEXT];
	score_comment(c, score, sizeof score);
	fputs("comments:\n  - ", f);
	yaml_quoted(f, score);
	fputc('\n', f);
	if (command) {
		fputs("  - ", f);
		char *cmd =
		    text_aprintf("%s (candidate %llu)", command, (unsigned long long)c->index);
		yaml_quoted(f, cmd ? cmd : command); /* whole, as in write_yacpdb */
		fputc('\n', f);
		free(cmd);
	}
	if (g->notation & SETUP_RETRO) {
		char fen[128];
		g->format(c->pos, fen, sizeof fen);
		fprintf(f, "fen: \"%s\"\n", fen);
	} else {
		struct setup s;
		g->get_setup(c->pos, &s);
		fputs("board: |\n", f);
		for (int r = g->ranks - 1; r >= 0; r--) {
			fputs("  ", f);
			for (int fl = 0; fl < g->files; fl++)
				fprintf(f, "%s%c", fl ? " " : "", s.grid[r][fl]);
			fputc('\n', f);
		}
		fprintf(f, "to-move: %s\n", g->side_word[g->side_to_move(c->pos)]);
	}
	fputs("stipulation: ", f);
	yaml_quoted(f, o->stip.text);
	fputc('\n', f);
	if (o->solutions > 1 && lines_play(o))
		fprintf(f, "intended-solutions: %d\n", o->solutions);
	fputs("solution: |\n", f);
	const char *s = c->solution ? c->solution : "";
	while (*s) {
		size_t n = strcspn(s, "\n");
		fprintf(f, "  %.*s\n", (int)n, s);
		s += n + (s[n] == '\n');
	}
	fputs("keywords: [", f);
	for (int k = 0; k < c->nkeywords; k++)
		fprintf(f, "%s%s", k ? ", " : "", c->keywords[k]);
	fputs("]\n", f);
}

void compose_write_json(FILE *f, const struct compose_opts *o, const struct composed *c,
                        const char *command)
{
	const struct game *g = o->g;
	char fen[256];
	g->format(c->pos, fen, sizeof fen);
	fputs("{\"game\":", f);
	json_string(f, g->id);
	fputs(",\"stipulation\":", f);
	json_string(f, o->stip.text);
	fputs(",\"title\":", f);
	json_string(f, c->title);
	fprintf(f, ",\"seed\":%llu,\"candidate\":%llu,\"position\":", (unsigned long long)o->seed,
	        (unsigned long long)c->index);
	json_string(f, fen);
	fputs(",\"key\":", f);
	json_string(f, c->key);
	fputs(",\"solution\":", f);
	json_string(f, c->solution ? c->solution : "");
	fputs(",\"keywords\":[", f);
	for (int k = 0; k < c->nkeywords; k++) {
		if (k)
			fputc(',', f);
		json_string(f, c->keywords[k]);
	}
	fputs("],\"score\":", f);
	compose_score_json(f, &c->score);
	if (command) {
		char *cmd =
		    text_aprintf("%s (candidate %llu)", command, (unsigned long long)c->index);
		fputs(",\"command\":", f);
		json_string(f, cmd ? cmd : command); /* whole, as in write_yacpdb */
		free(cmd);
	}
	fputs("}\n", f);
}
