/*
** upuaut.c -- Upuaut ("Wolf's step"), rules U1-U10: 5x6, kings and bishops.
**
** Every piece steps one square forward or diagonally forward onto an empty
** square (U3) and captures with chess geometry in every direction (U4), its
** own pieces too but never a king (U5).  Check and pins work as in chess
** (U6); a side without a legal move has lost (U7).
**
** The board fits a uint32_t: square = rank * 5 + file, a1 = 0, e6 = 29.
** A position is two colour sets plus the two king squares; bishops are
** "colour minus king".  All tables are built by the preprocessor from the
** board geometry, so they are const data and need no start-up code.
*/
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "games/compose_profile.h"
#include "games/game.h"
#include "games/grid.h"
#include "games/upuaut_tables.h"
#include "games/zobrist.h"

#define NF 5
#define NR 6
#define NSQ (NF * NR)
#define MAX_BISHOPS 4

/* ---- compile-time geometry ---- */

#define SQ_F(s) ((s) % NF)
#define SQ_R(s) ((s) / NF)
#define ON(f, r) ((f) >= 0 && (f) < NF && (r) >= 0 && (r) < NR)
/* The inner guard keeps the shift count legal even in the unused branch. */
#define SB(f, r) (ON(f, r) ? 1u << (ON(f, r) ? (r)*NF + (f) : 0) : 0u)
#define AT(s, df, dr) ((s) < NSQ ? SB(SQ_F(s) + (df), SQ_R(s) + (dr)) : 0u)
#define RAY(s, df, dr)                                                                             \
	(AT(s, df, dr) | AT(s, 2 * (df), 2 * (dr)) | AT(s, 3 * (df), 3 * (dr)) |                   \
	 AT(s, 4 * (df), 4 * (dr)) | AT(s, 5 * (df), 5 * (dr)))

#define RAY_NE(s) RAY(s, 1, 1)
#define RAY_NW(s) RAY(s, -1, 1)
#define RAY_SE(s) RAY(s, 1, -1)
#define RAY_SW(s) RAY(s, -1, -1)
#define KING_ADJ(s)                                                                                \
	(AT(s, -1, -1) | AT(s, 0, -1) | AT(s, 1, -1) | AT(s, -1, 0) | AT(s, 1, 0) | AT(s, -1, 1) | \
	 AT(s, 0, 1) | AT(s, 1, 1))
#define FWD_W(s) (AT(s, -1, 1) | AT(s, 0, 1) | AT(s, 1, 1))
#define FWD_B(s) (AT(s, -1, -1) | AT(s, 0, -1) | AT(s, 1, -1))
#define DIAGS(s) (RAY_NE(s) | RAY_NW(s) | RAY_SE(s) | RAY_SW(s))

#define SQ32(M)                                                                                    \
	M(0), M(1), M(2), M(3), M(4), M(5), M(6), M(7), M(8), M(9), M(10), M(11), M(12), M(13),    \
	    M(14), M(15), M(16), M(17), M(18), M(19), M(20), M(21), M(22), M(23), M(24), M(25),    \
	    M(26), M(27), M(28), M(29), M(30), M(31)

/*
** Rays exclude their start square (entries 30 and 31 are empty).  The
** check and pin scans below walk them; a bishop's attacks come from the
** magic tables instead (bishop_attacks).
*/
static const uint32_t ray_ne[32] = {SQ32(RAY_NE)};
static const uint32_t ray_nw[32] = {SQ32(RAY_NW)};
static const uint32_t ray_se[32] = {SQ32(RAY_SE)};
static const uint32_t ray_sw[32] = {SQ32(RAY_SW)};
static const uint32_t diags[32] = {SQ32(DIAGS)};
static const uint32_t king_adj[32] = {SQ32(KING_ADJ)};
static const uint32_t forward[2][32] = {{SQ32(FWD_W)}, {SQ32(FWD_B)}};

_Static_assert(RAY_NE(0) == (1u << 6 | 1u << 12 | 1u << 18 | 1u << 24), "a1 ray");
_Static_assert(KING_ADJ(0) == (1u << 1 | 1u << 5 | 1u << 6), "a1 king");
_Static_assert(FWD_W(29) == 0 && FWD_B(2) == 0, "no step off the board");

/* ---- position and moves ---- */

struct upos {
	uint32_t occ[2]; /* pieces of each colour, kings included */
	uint8_t ksq[2];
	uint8_t stm;
	uint8_t pad;
	uint64_t hash;
	uint64_t mhash; /* the hash of the mirror image (files reversed), kept
	                   by make: the prover keys every position by the
	                   smaller of the two */
};

/* Move: from | to << 5 | capture flags.  from != to, so never MOVE_NONE.
   The flags tell make/unmake and is_capture what stood on `to` (always a
   bishop: kings are never captured, U5). */
#define M_FROM(m) ((int)((m)&31))
#define M_TO(m) ((int)(((m) >> 5) & 31))
#define CAP_OPP (1u << 10)
#define CAP_OWN (1u << 11)
#define MOVE(f, t, fl) ((move_t)(f) | (move_t)(t) << 5 | (fl))

enum { KING = 0, BISHOP = 1 };

/* Zobrist keys 0..119 (colour, kind, square), 120 side to move. */
#define ZKEY(c, kind, sq) zobrist_table[((c)*2 + (kind)) * NSQ + (sq)]
#define ZSIDE zobrist_table[4 * NSQ]
#define Z_KEYS (4 * NSQ + 1)
/* The square with the files reversed (a <-> e, b <-> d). */
#define MIRROR(sq) ((sq) + NF - 1 - 2 * SQ_F(sq))
#define ZMKEY(c, kind, sq) ZKEY(c, kind, MIRROR(sq))

static inline int lsb(uint32_t b)
{
	return __builtin_ctz(b);
}

static inline int msb(uint32_t b)
{
	return 31 - __builtin_clz(b);
}

/* Bits set in b, in a few instructions: __builtin_popcount is a call into
   libgcc where the build does not ask for the popcnt instruction. */
static inline int bit_count(uint32_t b)
{
	b -= (b >> 1) & 0x55555555u;
	b = (b & 0x33333333u) + ((b >> 2) & 0x33333333u);
	b = (b + (b >> 4)) & 0x0f0f0f0fu;
	return (int)((b * 0x01010101u) >> 24);
}

/* Squares a bishop on s reaches, each ray's first blocker included: from
   the magic tables (upuaut_tables.c), one multiply and one load where the
   four rays took a scan each (the prover counts the moves of every
   position it meets).  The rays above stay for the check and pin lines. */
static inline uint32_t bishop_attacks(int s, uint32_t occ)
{
	uint64_t o = occ & upuaut_bishop_mask[s];
	return upuaut_bishop_attacks[upuaut_bishop_offset[s] +
	                             ((o * upuaut_bishop_magic[s]) >> upuaut_bishop_shift[s])];
}

/* Is square s attacked by side c (U4 geometry, U6: the enemy's pieces)? */
static bool attacked_by(const struct upos *p, int s, int c, uint32_t occ)
{
	uint32_t bishops = p->occ[c] & ~(1u << p->ksq[c]);
	if (king_adj[s] >> p->ksq[c] & 1)
		return true;
	return (diags[s] & bishops) && (bishop_attacks(s, occ) & bishops);
}

/* Check and pin lines through the king, found by looking along its diagonals. */
struct lines {
	int checks;
	uint32_t block;  /* with one check: squares that answer it */
	uint32_t pinned; /* own bishops that must stay on their line */
	uint32_t pin[32];
};

static inline void scan(struct lines *L, const uint32_t *ray, int up, int k, uint32_t occ,
                        uint32_t eb, uint32_t ob)
{
	uint32_t r = ray[k], b = r & occ;
	if (!(r & eb) || !b)
		return;
	int s1 = up ? lsb(b) : msb(b);
	if (eb >> s1 & 1) {
		L->checks++;
		L->block = r ^ ray[s1];
		return;
	}
	if (!(ob >> s1 & 1))
		return; /* the enemy king shields us */
	uint32_t b2 = ray[s1] & occ;
	if (!b2)
		return;
	int s2 = up ? lsb(b2) : msb(b2);
	if (eb >> s2 & 1) {
		L->pinned |= 1u << s1;
		L->pin[s1] = r ^ ray[s2];
	}
}

/*
** Legal moves.  A non-king move empties its from-square and fills its
** to-square (a self-capture leaves `to` occupied, now by the mover), so the
** only line it can open is through `from`: chess pin logic is exact here.
** With `write` false the moves are only counted (mv is not touched): the
** bishops' moves are then a population count.
*/
static inline __attribute__((always_inline)) int generate(const struct upos *p, move_t *mv,
                                                          bool write)
{
	int us = p->stm, them = us ^ 1;
	int k = p->ksq[us], ek = p->ksq[them];
	uint32_t own = p->occ[us], opp = p->occ[them];
	uint32_t occ = own | opp;
	uint32_t kings = 1u << k | 1u << ek;
	uint32_t ob = own & ~kings, eb = opp & ~kings;
	int n = 0;

	/* King: quiet steps forward only, captures all round, never next to
	   the other king, never onto a square an enemy bishop sees once the
	   king has left its own square. */
	uint32_t t = king_adj[k] & ~king_adj[ek] & ~kings & (occ | forward[us][k]);
	uint32_t occ_nk = occ ^ 1u << k;
	while (t) {
		int to = lsb(t);
		uint32_t tb = 1u << to;
		t &= t - 1;
		if ((diags[to] & eb) && (bishop_attacks(to, occ_nk) & eb & ~tb))
			continue;
		if (write)
			mv[n] = MOVE(k, to, (opp & tb) ? CAP_OPP : (own & tb) ? CAP_OWN : 0);
		n++;
	}

	struct lines L;
	L.checks = 0;
	L.block = ~0u;
	L.pinned = 0;
	if (diags[k] & eb) {
		scan(&L, ray_ne, 1, k, occ, eb, ob);
		scan(&L, ray_nw, 1, k, occ, eb, ob);
		scan(&L, ray_se, 0, k, occ, eb, ob);
		scan(&L, ray_sw, 0, k, occ, eb, ob);
	}
	if (L.checks > 1)
		return n;

	const uint32_t *fw = forward[us];
	uint32_t bs = ob;
	while (bs) {
		int s = lsb(bs);
		bs &= bs - 1;
		uint32_t allow = L.block;
		if (L.pinned >> s & 1)
			allow &= L.pin[s];
		uint32_t q = fw[s] & ~occ & allow;
		uint32_t c = bishop_attacks(s, occ) & occ & ~kings & allow;
		if (!write) {
			n += bit_count(q | c); /* apart: q empty squares, c men */
			continue;
		}
		while (q) {
			mv[n++] = MOVE(s, lsb(q), 0);
			q &= q - 1;
		}
		while (c) {
			int to = lsb(c);
			mv[n++] = MOVE(s, to, (opp >> to & 1) ? CAP_OPP : CAP_OWN);
			c &= c - 1;
		}
	}
	return n;
}

static int gen_moves(void *vp, move_t *mv)
{
	return generate(vp, mv, true);
}

/* U7: the side to move has lost when it has no legal move (see outcome). */
static enum result count_moves(void *vp, int *n)
{
	*n = generate(vp, NULL, false);
	return *n == 0 ? RESULT_LOSS : RESULT_ONGOING;
}

static void make(void *vp, move_t m, void *undo)
{
	struct upos *p = vp;
	memcpy(undo, p, sizeof *p);
	int us = p->stm, them = us ^ 1;
	int from = M_FROM(m), to = M_TO(m);
	int kind = from == p->ksq[us] ? KING : BISHOP;
	uint64_t h = p->hash ^ ZKEY(us, kind, from) ^ ZKEY(us, kind, to) ^ ZSIDE;
	uint64_t mh = p->mhash ^ ZMKEY(us, kind, from) ^ ZMKEY(us, kind, to) ^ ZSIDE;

	if (m & CAP_OWN) {
		h ^= ZKEY(us, BISHOP, to);
		mh ^= ZMKEY(us, BISHOP, to);
		p->occ[us] ^= 1u << from;
	} else {
		p->occ[us] ^= 1u << from | 1u << to;
		if (m & CAP_OPP) {
			h ^= ZKEY(them, BISHOP, to);
			mh ^= ZMKEY(them, BISHOP, to);
			p->occ[them] ^= 1u << to;
		}
	}
	if (kind == KING)
		p->ksq[us] = (uint8_t)to;
	p->stm = (uint8_t)them;
	p->hash = h;
	p->mhash = mh;
}

static void unmake(void *vp, move_t m, const void *undo)
{
	(void)m;
	memcpy(vp, undo, sizeof(struct upos));
}

static void make_null(void *vp, void *undo)
{
	struct upos *p = vp;
	memcpy(undo, p, sizeof *p);
	p->stm ^= 1;
	p->hash ^= ZSIDE;
	p->mhash ^= ZSIDE;
}

static void unmake_null(void *vp, const void *undo)
{
	memcpy(vp, undo, sizeof(struct upos));
}

static bool in_check(const void *vp)
{
	const struct upos *p = vp;
	return attacked_by(p, p->ksq[p->stm], p->stm ^ 1, p->occ[0] | p->occ[1]);
}

/* U7: no legal move loses, in check or not; there is no other end (U9). */
static enum result outcome(const void *vp, const move_t *moves, int n)
{
	(void)vp;
	(void)moves;
	return n == 0 ? RESULT_LOSS : RESULT_ONGOING;
}

/* game.h's attacks: a man's captures (U4), in every direction -- the
   king's on the eight squares around it, a bishop's along a diagonal
   over empty squares. */
static enum attack attacks(const struct setup *s, int f, int r, int tf, int tr, int xf, int xr)
{
	int dx = tf - f, dy = tr - r, ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
	char c = s->grid[r][f];
	if (!dx && !dy)
		return ATTACK_NONE;
	if (c == 'K' || c == 'k')
		return ax <= 1 && ay <= 1 ? ATTACK_STEP : ATTACK_NONE;
	if ((c != 'B' && c != 'b') || ax != ay)
		return ATTACK_NONE;
	int sx = dx > 0 ? 1 : -1, sy = dy > 0 ? 1 : -1;
	for (int x = f + sx, y = r + sy; x != tf; x += sx, y += sy)
		if (s->grid[y][x] != '.' && s->grid[y][x] != 0 && !(x == xf && y == xr))
			return ATTACK_NONE;
	return ATTACK_LINE;
}

static bool is_capture(const void *vp, move_t m)
{
	(void)vp;
	return (m & (CAP_OPP | CAP_OWN)) != 0;
}

static uint64_t hash(const void *vp)
{
	return ((const struct upos *)vp)->hash;
}

static uint64_t hash_recompute(const void *vp)
{
	const struct upos *p = vp;
	uint64_t h = p->stm ? ZSIDE : 0;
	for (int c = 0; c < 2; c++) {
		uint32_t b = p->occ[c];
		while (b) {
			int s = lsb(b);
			b &= b - 1;
			h ^= ZKEY(c, s == p->ksq[c] ? KING : BISHOP, s);
		}
	}
	return h;
}

/* The hash of the position with files a-e reversed: U1-U10 never tell the
   wings apart (steps and diagonals are symmetric), so mirror images have
   the same value. */
static uint64_t mirror_recompute(const struct upos *p)
{
	uint64_t h = p->stm ? ZSIDE : 0;
	for (int c = 0; c < 2; c++) {
		uint32_t b = p->occ[c];
		while (b) {
			int s = lsb(b);
			b &= b - 1;
			h ^= ZMKEY(c, s == p->ksq[c] ? KING : BISHOP, s);
		}
	}
	return h;
}

static uint64_t mirror_hash(const void *vp)
{
	return ((const struct upos *)vp)->mhash;
}

/* The position is its two colour sets, the kings' squares and the side to
   move (bishops are the rest): get_setup's grid and side, one for one. */
static size_t exact_key(const void *vp, unsigned char *out)
{
	const struct upos *p = vp;
	memcpy(out, p->occ, sizeof p->occ);
	out[8] = p->ksq[0];
	out[9] = p->ksq[1];
	out[10] = p->stm;
	return 11;
}

/* ---- positions as text ---- */

static const char side_letter[2] = {'w', 'b'};
static const char *const side_word[2] = {"white", "black"};

static int fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	if (err && errlen) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

extern const struct game game_upuaut; /* (at the end) */

static bool piece_letter(char c)
{
	return c == 'K' || c == 'B' || c == 'k' || c == 'b';
}

static int setup(void *vp, const struct setup *s, char *err, size_t errlen)
{
	struct upos p;
	int kings[2] = {0, 0}, bishops[2] = {0, 0};

	memset(&p, 0, sizeof p);
	if (s->side_to_move != 0 && s->side_to_move != 1)
		return fail(err, errlen, "side to move must be 0 or 1, got %d", s->side_to_move);
	for (int r = 0; r < NR; r++) {
		for (int f = 0; f < NF; f++) {
			char c = s->grid[r][f];
			if (c == '.' || c == 0)
				continue;
			if (!piece_letter(c))
				return grid_unknown_letter(&game_upuaut, c, f, r, err, errlen);
			int col = isupper((unsigned char)c) ? 0 : 1;
			int sq = r * NF + f;
			p.occ[col] |= 1u << sq;
			if (c == 'K' || c == 'k') {
				kings[col]++;
				p.ksq[col] = (uint8_t)sq;
			} else {
				bishops[col]++;
			}
		}
	}
	for (int c = 0; c < 2; c++) {
		if (kings[c] == 0)
			return fail(err, errlen, "%s has no king", side_word[c]);
		if (kings[c] > 1)
			return fail(err, errlen, "%s has %d kings", side_word[c], kings[c]);
	}
	for (int c = 0; c < 2; c++)
		if (bishops[c] > MAX_BISHOPS)
			return fail(err, errlen, "%s has %d bishops, at most %d", side_word[c],
			            bishops[c], MAX_BISHOPS);
	/* A grid from a larger board must not hide pieces off ours. */
	for (int r = 0; r < MAX_RANKS; r++)
		for (int f = 0; f < MAX_FILES; f++)
			if ((r >= NR || f >= NF) && piece_letter(s->grid[r][f]))
				return fail(err, errlen, "'%c' outside the 5x6 board at rank %d",
				            s->grid[r][f], r + 1);
	p.stm = (uint8_t)s->side_to_move;
	int them = p.stm ^ 1;
	if (attacked_by(&p, p.ksq[them], p.stm, p.occ[0] | p.occ[1])) {
		char sq[4];
		square_name(p.ksq[them] % NF, p.ksq[them] / NF, sq);
		return fail(err, errlen, "%s king on %s is in check with %s to move",
		            side_word[them], sq, side_word[p.stm]);
	}
	p.hash = hash_recompute(&p);
	p.mhash = mirror_recompute(&p);
	memcpy(vp, &p, sizeof p);
	return 0;
}

static void get_setup(const void *vp, struct setup *s)
{
	const struct upos *p = vp;
	setup_blank(s, p->stm);
	for (int sq = 0; sq < NSQ; sq++) {
		int c = (p->occ[0] >> sq & 1) ? 0 : (p->occ[1] >> sq & 1) ? 1 : -1;
		if (c < 0)
			continue;
		char l = sq == p->ksq[c] ? 'K' : 'B';
		s->grid[sq / NF][sq % NF] = c ? (char)tolower(l) : l;
	}
}

/*
** "bbkbb/5/5/5/5/BBKBB w": ranks 6 down to 1, digits for empty runs, then
** the side to move (w when omitted).  FEN tails copied from other programs
** ("w - - 0 1") are accepted: up to four more fields of '-' or digits.
*/
static int parse(void *vp, const char *text, char *err, size_t errlen)
{
	struct setup s;
	memset(&s, 0, sizeof s);
	memset(s.grid, '.', sizeof s.grid);
	if (!text)
		return fail(err, errlen, "empty position");
	const char *p = text;
	while (isspace((unsigned char)*p))
		p++;
	if (!*p)
		return fail(err, errlen, "empty position");
	const char *end = p;
	while (*end && !isspace((unsigned char)*end))
		end++;
	size_t at;
	if (grid_read(&game_upuaut, &grid_fen, p, (size_t)(end - p), &s, &at, err, errlen) < 0)
		return -1;

	p = end;
	while (isspace((unsigned char)*p))
		p++;
	if (*p) {
		if ((*p != 'w' && *p != 'b') || (p[1] && !isspace((unsigned char)p[1]))) {
			int len = 0;
			while (p[len] && !isspace((unsigned char)p[len]) && len < 20)
				len++;
			return fail(err, errlen, "side to move must be 'w' or 'b', got '%.*s'", len,
			            p);
		}
		s.side_to_move = *p == 'b';
		p++;
		for (int field = 0;; field++) {
			while (isspace((unsigned char)*p))
				p++;
			if (!*p)
				break;
			const char *w = p;
			bool ok = field < 4;
			if (*p == '-') {
				p++;
			} else {
				while (isdigit((unsigned char)*p))
					p++;
				ok = ok && p > w;
			}
			if (*p && !isspace((unsigned char)*p))
				ok = false;
			if (!ok) {
				int len = 0;
				while (w[len] && !isspace((unsigned char)w[len]) && len < 20)
					len++;
				return fail(err, errlen,
				            "unexpected text after the side to move: '%.*s'", len,
				            w);
			}
		}
	}
	return setup(vp, &s, err, errlen);
}

static void format(const void *vp, char *buf, size_t len)
{
	const struct upos *p = vp;
	char out[64];
	size_t n = 0;
	for (int r = NR - 1; r >= 0; r--) {
		int empty = 0;
		for (int f = 0; f < NF; f++) {
			int sq = r * NF + f;
			int c = (p->occ[0] >> sq & 1) ? 0 : (p->occ[1] >> sq & 1) ? 1 : -1;
			if (c < 0) {
				empty++;
				continue;
			}
			if (empty)
				out[n++] = (char)('0' + empty);
			empty = 0;
			char l = sq == p->ksq[c] ? 'K' : 'B';
			out[n++] = c ? (char)tolower(l) : l;
		}
		if (empty)
			out[n++] = (char)('0' + empty);
		if (r)
			out[n++] = '/';
	}
	out[n++] = ' ';
	out[n++] = side_letter[p->stm];
	out[n] = 0;
	if (len)
		snprintf(buf, len, "%s", out);
}

static int side_to_move(const void *vp)
{
	return ((const struct upos *)vp)->stm;
}

static enum square_kind square_kind(int file, int rank)
{
	(void)file;
	(void)rank;
	return SQUARE_PLAIN;
}

/* Canonical "c1c2"; pretty "Kc1-c2", "Bb2xe5" (x for own pieces too, U5). */
/* The squares move_text names. */
static void move_squares(const void *vp, move_t m, int8_t sq[4])
{
	(void)vp;
	int from = M_FROM(m), to = M_TO(m);
	sq[0] = (int8_t)(from % NF), sq[1] = (int8_t)(from / NF);
	sq[2] = (int8_t)(to % NF), sq[3] = (int8_t)(to / NF);
}

static void move_text(const void *vp, move_t m, enum move_style style, char *buf, size_t len)
{
	const struct upos *p = vp;
	int from = M_FROM(m), to = M_TO(m);
	/* composed without snprintf: the proof checker spells out moves of
	   every position it reads (game_parse_move) */
	char t[8], sq[4];
	size_t n = 0;
	if (style != MOVE_CANONICAL) {
		bool king = from == p->ksq[0] || from == p->ksq[1];
		t[n++] = king ? 'K' : 'B';
	}
	square_name(from % NF, from / NF, sq);
	t[n++] = sq[0];
	t[n++] = sq[1];
	if (style != MOVE_CANONICAL)
		t[n++] = (m & (CAP_OPP | CAP_OWN)) ? 'x' : '-';
	square_name(to % NF, to / NF, sq);
	t[n++] = sq[0];
	t[n++] = sq[1];
	if (!len)
		return;
	if (n >= len)
		n = len - 1; /* cut, as snprintf would */
	memcpy(buf, t, n);
	buf[n] = 0;
}

static const struct piece_kind pieces[] = {
    {'K', "king", 'k', 0, ROLE_ROYAL, 'K', "Pharaoh", false},
    {'B', "bishop", 'b', 0, ROLE_MAN, 'B', "Priest", false},
    {'k', "king", 'k', 1, ROLE_ROYAL, 'K', "Pharaoh", false},
    {'b', "bishop", 'b', 1, ROLE_MAN, 'B', "Priest", false},
    {0, NULL, 0, 0, ROLE_MAN, 0, NULL, false},
};

static const char *const title_thing[] = {"Step",    "Shadow", "Vigil",   "Judgement",  "Road",
                                          "Gate",    "Scales", "Feather", "Procession", "Hour",
                                          "Silence", "Oath",   NULL};
static const char *const title_owner[] = {"Upuaut",
                                          "Osiris",
                                          "Maat",
                                          "Anubis",
                                          "Thebes",
                                          "Abydos",
                                          "the Jackal",
                                          "the Southern Pharaoh",
                                          "the Northern Pharaoh",
                                          "the Duat",
                                          "the Nile",
                                          "Thoth",
                                          "the Opener of the Ways",
                                          "Ra",
                                          NULL};
static const char *const title_adj[] = {"Silent",        "Patient", "Wandering", "Faithful",
                                        "Hidden",        "Last",    "Lonely",    "Sleepless",
                                        "Jackal-Headed", "Golden",  NULL};
static const struct title_form titles[] = {
    {"The %s %s", {title_adj, NULL}, -1},
    {"The %s of %s", {title_thing, title_owner}, -1},
    {NULL, {NULL, NULL}, -1},
};

static const struct compose_profile composer = {
    .by = {{3, 7, 55, 0, 0}, {3, 7, 55, 0, 0}},
    .men = {"B", "b"},
    .play_min = 4,
    .play_max = 30,
    .side = 0,
    .quiet_key = true,
    .no_duals = true,
    .pool = 4,
    .titles = titles,
};

const struct game game_upuaut = {
    .id = "upuaut",
    .title = "Upuaut",
    .rule_ids = "U1-U10",
    .files = NF,
    .ranks = NR,
    .start = "bbkbb/5/5/5/5/BBKBB w",
    .side_name = {"White", "Black"},
    .side_lore = {"South Pharaoh", "North Pharaoh"},
    .side_word = {"white", "black"},
    .pieces = pieces,
    .rules = NULL,
    .zobrist_keys = Z_KEYS,
    .pos_size = sizeof(struct upos),
    .undo_size = sizeof(struct upos),
    .has_check = true,
    .has_threats = true,
    .acyclic = true,
    .condition = "Upuaut 5x6",
    .board = BOARD_CHECKERED,
    .notation = SETUP_FEN,
    .composer = &composer,

    .parse = parse,
    .setup = setup,
    .get_setup = get_setup,
    .format = format,
    .set_rule = NULL,
    .square_kind = square_kind,
    .side_to_move = side_to_move,

    .gen_moves = gen_moves,
    .count_moves = count_moves,
    .make = make,
    .unmake = unmake,
    .make_null = make_null,
    .unmake_null = unmake_null,
    .outcome = outcome,
    .in_check = in_check,
    .attacks = attacks,
    .is_capture = is_capture,

    .hash = hash,
    .hash_recompute = hash_recompute,
    .mirror_hash = mirror_hash,
    .exact_key = exact_key,

    .move_text = move_text,
    .move_squares = move_squares,
};
