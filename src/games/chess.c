/*
** chess.c -- orthodox chess (rule O1): FIDE moves, castling, en passant,
** promotion, check; mate wins, stalemate is a draw.
**
** A bitboard engine with a fully legal move generator: checkers and pins
** are found once per node, king steps are tested against the attacked
** squares, en passant (the one move that can uncover a rank) gets a full
** test, so no move is ever made and taken back to learn whether it is legal.
** Sliders use kindergarten bitboards (chess_tables.c, a few KB of constant
** tables made by tools/gen_chess_tables.py).  make() is copy-make: the undo
** record is the whole 152-byte position, so unmake() is one memcpy.
**
** Squares are 0..63 = a1..h8.  A move is from | to << 6 | flag << 12.
**
** Hash keys (zobrist_table): piece p (0..11 in the order K Q R B N P k q r b
** n p) on square s -> p * 64 + s; black to move -> 768; castling rights
** c (1..15, bits K Q k q) -> 768 + c; en passant file f -> 784 + f.  The en
** passant square is stored (and hashed) only when a pawn of the side to move
** stands beside the pawn that just made its double step, i.e. when the
** capture is at least pseudo-legal; FEN output follows the same rule.
*/
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "games/chess_mate.h"
#include "games/chess_pictures.h"
#include "games/chess_tables.h"
#include "games/compose_profile.h"
#include "games/game.h"
#include "games/grid.h"
#include "games/orthodox_pieces.h"
#include "games/zobrist.h"

#define INLINE static inline __attribute__((always_inline))

enum { WHITE, BLACK };
enum { KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN };
enum { EMPTY = 12, NO_SQ = 64 };
enum { WK = 1, WQ = 2, BK = 4, BQ = 8 }; /* castling rights */

/* Move flags (bits 12..15).  Promotions are F_PROMO - 1 + piece type. */
enum { F_NONE, F_DOUBLE, F_CASTLE, F_EP, F_PROMO };

#define MOVE(from, to) ((move_t)((from) | (to) << 6))
#define M_FROM(m) ((int)((m)&63))
#define M_TO(m) ((int)(((m) >> 6) & 63))
#define M_FLAG(m) ((int)((m) >> 12))

#define BIT(sq) (1ULL << (sq))
#define A_FILE 0x0101010101010101ULL
#define B_FILE 0x0202020202020202ULL
#define H_FILE 0x8080808080808080ULL
#define C2H7 0x0080402010080400ULL

#define Z_PIECE(pc, sq) zobrist_table[(pc)*64 + (sq)]
#define Z_SIDE zobrist_table[768]
#define Z_CASTLE(c) ((c) ? zobrist_table[768 + (c)] : 0)
#define Z_EP(file) zobrist_table[784 + (file)]
#define Z_KEYS 792 /* zobrist_table[0 .. 792) */

struct pos {
	uint64_t pc[6];  /* by piece type, both colours */
	uint64_t col[2]; /* by colour */
	uint64_t hash;
	uint8_t board[64]; /* colour * 6 + type, or EMPTY */
	uint8_t side, castle, ep;
	int halfmove, fullmove;
};

static const char piece_letters[] = "KQRBNPkqrbnp";

/* piece_letters' index + 1 by letter, 0 for any other byte: setup() reads
   every square of every placement the composer makes (a strchr and a
   square's name for each man were a fifth of chess's win in 2) */
static const uint8_t piece_of_letter[256] = {
    ['K'] = 1, ['Q'] = 2, ['R'] = 3, ['B'] = 4,  ['N'] = 5,  ['P'] = 6,
    ['k'] = 7, ['q'] = 8, ['r'] = 9, ['b'] = 10, ['n'] = 11, ['p'] = 12,
};

extern const struct game game_chess; /* (at the end) */

/* Castling rights lost when a move starts or ends on the square. */
static const uint8_t castle_clear[64] = {
    [0] = WQ, [4] = WK | WQ, [7] = WK, [56] = BQ, [60] = BK | BQ, [63] = BK,
};

INLINE int pop_lsb(uint64_t *b)
{
	int sq = __builtin_ctzll(*b);
	*b &= *b - 1;
	return sq;
}

INLINE uint64_t rook_att(int sq, uint64_t occ)
{
	int r8 = sq & 56, f = sq & 7;
	uint64_t rank = (uint64_t)chess_first_rank[f][(occ >> (r8 + 1)) & 63] << r8;
	uint64_t fi = (((occ >> f) & A_FILE) * C2H7) >> 58;
	return rank | chess_a_file_att[sq >> 3][fi] << f;
}

INLINE uint64_t bishop_att(int sq, uint64_t occ)
{
	uint64_t d = chess_diag_mask[sq], a = chess_anti_mask[sq];
	const uint8_t *fr = chess_first_rank[sq & 7];
	uint64_t di = ((occ & d) * B_FILE) >> 58, ai = ((occ & a) * B_FILE) >> 58;
	return (d & (fr[di] * A_FILE)) | (a & (fr[ai] * A_FILE));
}

/*
** Squares strictly between two squares on a common line, else 0.  Branch-free
** (after the Chess Programming Wiki's "inBetween"); used only for pins and
** checks, so no 32 KB table is worth its cache lines.
*/
static uint64_t between(int sq1, int sq2)
{
	const uint64_t a2a7 = 0x0001010101010100ULL, b2g7 = 0x0040201008040200ULL,
	               h1b7 = 0x0002040810204080ULL;
	uint64_t btwn = (~0ULL << sq1) ^ (~0ULL << sq2);
	uint64_t file = (uint64_t)((sq2 & 7) - (sq1 & 7));
	/* floor((sq2 | 7) - sq1) / 8) without shifting a negative number */
	uint64_t rank = (uint64_t)((((sq2 | 7) - sq1 + 64) >> 3) - 8);
	uint64_t line = ((file & 7) - 1) & a2a7;
	line += 2 * (((rank & 7) - 1) >> 58);
	line += (((rank - file) & 15) - 1) & b2g7;
	line += (((rank + file) & 15) - 1) & h1b7;
	line *= btwn & (0 - btwn);
	return line & btwn;
}

/* Is sq attacked by the pieces `them` (opp: their men) with occupancy occ? */
INLINE bool attacked(const struct pos *p, int sq, uint64_t occ, int them, uint64_t opp)
{
	const uint64_t q = p->pc[QUEEN];
	return (chess_knight_att[sq] & p->pc[KNIGHT] & opp) ||
	       (chess_pawn_att[them ^ 1][sq] & p->pc[PAWN] & opp) ||
	       (chess_king_att[sq] & p->pc[KING] & opp) ||
	       ((chess_rook_mask[sq] & (p->pc[ROOK] | q) & opp) &&
	        (rook_att(sq, occ) & (p->pc[ROOK] | q) & opp)) ||
	       ((chess_bishop_mask[sq] & (p->pc[BISHOP] | q) & opp) &&
	        (bishop_att(sq, occ) & (p->pc[BISHOP] | q) & opp));
}

static uint64_t checkers_of(const struct pos *p)
{
	int us = p->side, them = us ^ 1;
	uint64_t opp = p->col[them], occ = p->col[0] | p->col[1];
	int ksq = __builtin_ctzll(p->pc[KING] & p->col[us]);
	uint64_t rq = (p->pc[ROOK] | p->pc[QUEEN]) & opp;
	uint64_t bq = (p->pc[BISHOP] | p->pc[QUEEN]) & opp;
	return (chess_knight_att[ksq] & p->pc[KNIGHT] & opp) |
	       (chess_pawn_att[us][ksq] & p->pc[PAWN] & opp) | (rook_att(ksq, occ) & rq) |
	       (bishop_att(ksq, occ) & bq);
}

/* ------------------------------------------------------------------ */
/* Move generation                                                     */

INLINE move_t *emit(move_t *m, int from, uint64_t targets)
{
	while (targets)
		*m++ = MOVE(from, pop_lsb(&targets));
	return m;
}

INLINE move_t *emit_promos(move_t *m, int from, int to)
{
	move_t base = MOVE(from, to);
	*m++ = base | (move_t)(F_PROMO - 1 + QUEEN) << 12;
	*m++ = base | (move_t)(F_PROMO - 1 + ROOK) << 12;
	*m++ = base | (move_t)(F_PROMO - 1 + BISHOP) << 12;
	*m++ = base | (move_t)(F_PROMO - 1 + KNIGHT) << 12;
	return m;
}

/* One pawn-capture direction: targets already masked; d = to - from. */
INLINE move_t *emit_pawn_caps(move_t *m, uint64_t targets, int d, uint64_t last)
{
	uint64_t pr = targets & last;
	targets &= ~last;
	while (targets) {
		int to = pop_lsb(&targets);
		*m++ = MOVE(to - d, to);
	}
	while (pr) {
		int to = pop_lsb(&pr);
		m = emit_promos(m, to - d, to);
	}
	return m;
}

/* What the generator is asked for: every legal move; any one legal move
   (a mate test); or the legal moves that may give check -- a superset the
   solver filters exactly, for a last move that must mate. */
enum gen_mode { GEN_ALL, GEN_FIRST, GEN_CHECKS };

/* The generator, compiled once per colour and mode so that every shift and
   every mode test is constant. */
INLINE int gen_side(const struct pos *p, move_t *list, const int us, const enum gen_mode mode)
{
	const bool first_only = mode == GEN_FIRST;
	const int them = us ^ 1;
	const int up = us == WHITE ? 8 : -8;
	const uint64_t own = p->col[us], opp = p->col[them], occ = own | opp;
	const uint64_t oq = p->pc[QUEEN] & opp;
	const uint64_t orook = (p->pc[ROOK] & opp) | oq;
	const uint64_t obish = (p->pc[BISHOP] & opp) | oq;
	const int ksq = __builtin_ctzll(p->pc[KING] & own);
	move_t *m = list;

	/* GEN_CHECKS: squares from which each kind of man attacks the enemy
	   king, and the own men that may uncover a check by moving (the first
	   man on each line out of the enemy king: a superset). */
	uint64_t chk_n = ~0ULL, chk_b = ~0ULL, chk_r = ~0ULL, chk_p = ~0ULL, disc = ~0ULL;
	if (mode == GEN_CHECKS) {
		const int eks = __builtin_ctzll(p->pc[KING] & opp);
		chk_n = chess_knight_att[eks];
		chk_b = bishop_att(eks, occ);
		chk_r = rook_att(eks, occ);
		chk_p = chess_pawn_att[them][eks];
		disc = (chk_b | chk_r) & own;
	}

	uint64_t checkers = (chess_knight_att[ksq] & p->pc[KNIGHT] & opp) |
	                    (chess_pawn_att[us][ksq] & p->pc[PAWN] & opp);
	if (chess_rook_mask[ksq] & orook)
		checkers |= rook_att(ksq, occ) & orook;
	if (chess_bishop_mask[ksq] & obish)
		checkers |= bishop_att(ksq, occ) & obish;

	/* King steps: the king itself must not shield the square it steps to
	   from a slider that checks it along the line. */
	uint64_t b = chess_king_att[ksq] & ~own;
	if (mode == GEN_CHECKS && !(disc & BIT(ksq)))
		b = 0; /* a king step checks only by uncovering */
	if (b) {
		const uint64_t occ_k = occ ^ BIT(ksq);
		while (b) {
			int to = pop_lsb(&b);
			if (!attacked(p, to, occ_k, them, opp))
				*m++ = MOVE(ksq, to);
		}
	}
	if ((checkers & (checkers - 1)) || (first_only && m > list))
		return (int)(m - list); /* double check: only the king moves */

	/* Against a single check, other men must capture the checker or block. */
	uint64_t target = ~own;
	if (checkers)
		target = between(ksq, __builtin_ctzll(checkers)) | checkers;

	/* Pins: enemy sliders that see the king through exactly one own man.
	   Two masks suffice, one per line kind: a man pinned along a rank or
	   file never reaches a diagonal pin ray by a rook step, and so on. */
	uint64_t pin_hv = 0, pin_d = 0;
	if (chess_rook_mask[ksq] & orook) {
		uint64_t sn = rook_att(ksq, opp) & orook;
		while (sn) {
			int s = pop_lsb(&sn);
			uint64_t btw = between(ksq, s), x = btw & own;
			if (x && !(x & (x - 1)))
				pin_hv |= btw | BIT(s);
		}
	}
	if (chess_bishop_mask[ksq] & obish) {
		uint64_t sn = bishop_att(ksq, opp) & obish;
		while (sn) {
			int s = pop_lsb(&sn);
			uint64_t btw = between(ksq, s), x = btw & own;
			if (x && !(x & (x - 1)))
				pin_d |= btw | BIT(s);
		}
	}
	const uint64_t pinned = pin_hv | pin_d;

	/* Knights: a pinned knight never moves. */
	b = p->pc[KNIGHT] & own & ~pinned;
	while (b) {
		int from = pop_lsb(&b);
		uint64_t t = chess_knight_att[from] & target;
		if (!(disc & BIT(from)))
			t &= chk_n;
		m = emit(m, from, t);
	}
	if (first_only && m > list)
		return (int)(m - list);
	/* Diagonal movers (bishops, queens). */
	b = (p->pc[BISHOP] | p->pc[QUEEN]) & own & ~pin_hv;
	while (b) {
		int from = pop_lsb(&b);
		uint64_t t = bishop_att(from, occ) & target;
		if (BIT(from) & pin_d)
			t &= pin_d;
		if (!(disc & BIT(from)))
			t &= (BIT(from) & p->pc[QUEEN]) ? chk_b | chk_r : chk_b;
		m = emit(m, from, t);
	}
	/* Straight movers (rooks, queens). */
	b = (p->pc[ROOK] | p->pc[QUEEN]) & own & ~pin_d;
	while (b) {
		int from = pop_lsb(&b);
		uint64_t t = rook_att(from, occ) & target;
		if (BIT(from) & pin_hv)
			t &= pin_hv;
		if (!(disc & BIT(from)))
			t &= (BIT(from) & p->pc[QUEEN]) ? chk_b | chk_r : chk_r;
		m = emit(m, from, t);
	}
	if (first_only && m > list)
		return (int)(m - list);

	/* Pawns, set-wise. */
	const uint64_t pawns = p->pc[PAWN] & own;
	const uint64_t empty = ~occ;
	const uint64_t rank3 = us == WHITE ? 0x0000000000FF0000ULL : 0x0000FF0000000000ULL;
	const uint64_t last = us == WHITE ? 0xFF00000000000000ULL : 0x00000000000000FFULL;
#define UP(x) (us == WHITE ? (x) << 8 : (x) >> 8)
	uint64_t pp = pawns & ~pin_d;
	uint64_t one = (UP(pp & ~pin_hv) & empty) | (UP(pp & pin_hv) & empty & pin_hv);
	uint64_t two = UP(one & rank3) & empty & target;
	one &= target;
	if (mode == GEN_CHECKS) {
		/* a push checks directly, uncovers, or promotes (any piece may) */
		const uint64_t moved = UP(pawns & disc);
		two &= chk_p | UP(moved);
		one &= chk_p | moved | last;
	}
	uint64_t pr = one & last;
	one &= ~last;
	while (one) {
		int to = pop_lsb(&one);
		*m++ = MOVE(to - up, to);
	}
	while (two) {
		int to = pop_lsb(&two);
		*m++ = MOVE(to - 2 * up, to) | (move_t)F_DOUBLE << 12;
	}
	while (pr) {
		int to = pop_lsb(&pr);
		m = emit_promos(m, to - up, to);
	}
#undef UP
	/* Captures towards the a-side (dl) and the h-side (dr). */
	uint64_t cp = pawns & ~pin_hv, cfree = cp & ~pin_d, cpin = cp & pin_d;
	uint64_t victims = opp & target;
	if (mode == GEN_CHECKS) {
		/* keep captures that land on a checking square, promote, or
		   start from a possible discoverer (all of that one's captures) */
		uint64_t keep = chk_p | last;
		if (us == WHITE)
			keep |= ((pawns & disc & ~A_FILE) << 7) | ((pawns & disc & ~H_FILE) << 9);
		else
			keep |= ((pawns & disc & ~A_FILE) >> 9) | ((pawns & disc & ~H_FILE) >> 7);
		victims &= keep;
	}
	if (us == WHITE) {
		uint64_t l =
		    (((cfree & ~A_FILE) << 7) | (((cpin & ~A_FILE) << 7) & pin_d)) & victims;
		uint64_t r =
		    (((cfree & ~H_FILE) << 9) | (((cpin & ~H_FILE) << 9) & pin_d)) & victims;
		m = emit_pawn_caps(m, l, 7, last);
		m = emit_pawn_caps(m, r, 9, last);
	} else {
		uint64_t l =
		    (((cfree & ~A_FILE) >> 9) | (((cpin & ~A_FILE) >> 9) & pin_d)) & victims;
		uint64_t r =
		    (((cfree & ~H_FILE) >> 7) | (((cpin & ~H_FILE) >> 7) & pin_d)) & victims;
		m = emit_pawn_caps(m, l, -9, last);
		m = emit_pawn_caps(m, r, -7, last);
	}

	/* En passant removes two men from their squares at once, which may
	   uncover the king along a rank: test the position after it in full. */
	if (p->ep != NO_SQ) {
		const int ep = p->ep, capsq = ep - up;
		uint64_t c = chess_pawn_att[them][ep] & pawns;
		while (c) {
			int from = pop_lsb(&c);
			uint64_t o2 = occ ^ BIT(from) ^ BIT(capsq) ^ BIT(ep);
			if ((checkers & ~BIT(capsq) & (p->pc[KNIGHT] | p->pc[PAWN])) ||
			    (rook_att(ksq, o2) & orook) || (bishop_att(ksq, o2) & obish))
				continue;
			*m++ = MOVE(from, ep) | (move_t)F_EP << 12;
		}
	}

	/* Castling: rights imply king and rook at home; the king may not
	   leave, cross or enter an attacked square. */
	const int rights = p->castle >> (2 * us) & 3;
	if (rights && !checkers) {
		const int k = 56 * us; /* e-file king on 4 + k */
		if ((rights & 1) && !(occ & (0x60ULL << k)) &&
		    !attacked(p, k + 5, occ, them, opp) && !attacked(p, k + 6, occ, them, opp))
			*m++ = MOVE(k + 4, k + 6) | (move_t)F_CASTLE << 12;
		if ((rights & 2) && !(occ & (0x0EULL << k)) &&
		    !attacked(p, k + 3, occ, them, opp) && !attacked(p, k + 2, occ, them, opp))
			*m++ = MOVE(k + 4, k + 2) | (move_t)F_CASTLE << 12;
	}
	return (int)(m - list);
}

static int gen_moves(void *vp, move_t *moves)
{
	const struct pos *p = vp;
	return p->side == WHITE ? gen_side(p, moves, WHITE, GEN_ALL)
	                        : gen_side(p, moves, BLACK, GEN_ALL);
}

static int gen_check_candidates(void *vp, move_t *moves)
{
	const struct pos *p = vp;
	return p->side == WHITE ? gen_side(p, moves, WHITE, GEN_CHECKS)
	                        : gen_side(p, moves, BLACK, GEN_CHECKS);
}

/* outcome() without the move list: the generator stops at the first legal
   move it finds (a king step, usually), which is all a mate test needs. */
static enum result status(void *vp)
{
	const struct pos *p = vp;
	move_t first[MAX_MOVES];
	int n = p->side == WHITE ? gen_side(p, first, WHITE, GEN_FIRST)
	                         : gen_side(p, first, BLACK, GEN_FIRST);
	if (n > 0)
		return RESULT_ONGOING;
	return checkers_of(p) ? RESULT_LOSS : RESULT_DRAW;
}

/* ------------------------------------------------------------------ */
/* Make / unmake                                                       */

static void make(void *vp, move_t m, void *undo)
{
	struct pos *p = vp;
	memcpy(undo, p, sizeof *p);
	const int from = M_FROM(m), to = M_TO(m), flag = M_FLAG(m);
	const int us = p->side, them = us ^ 1;
	const int piece = p->board[from], type = piece - 6 * us, cap = p->board[to];
	const uint64_t fb = BIT(from), tb = BIT(to);
	uint64_t h = p->hash ^ Z_SIDE;

	if (p->ep != NO_SQ) {
		h ^= Z_EP(p->ep & 7);
		p->ep = NO_SQ;
	}
	p->halfmove++;
	if (cap != EMPTY) {
		p->pc[cap - 6 * them] ^= tb;
		p->col[them] ^= tb;
		h ^= Z_PIECE(cap, to);
		p->halfmove = 0;
	}
	p->pc[type] ^= fb | tb;
	p->col[us] ^= fb | tb;
	p->board[from] = EMPTY;
	p->board[to] = (uint8_t)piece;
	h ^= Z_PIECE(piece, from) ^ Z_PIECE(piece, to);

	if (type == PAWN) {
		p->halfmove = 0;
		if (flag == F_DOUBLE) {
			int e = (from + to) >> 1;
			if (chess_pawn_att[us][e] & p->pc[PAWN] & p->col[them]) {
				p->ep = (uint8_t)e;
				h ^= Z_EP(e & 7);
			}
		} else if (flag == F_EP) {
			int c = to ^ 8;
			p->pc[PAWN] ^= BIT(c);
			p->col[them] ^= BIT(c);
			p->board[c] = EMPTY;
			h ^= Z_PIECE(6 * them + PAWN, c);
		} else if (flag >= F_PROMO) {
			int nt = flag - F_PROMO + 1, np = 6 * us + nt;
			p->pc[PAWN] ^= tb;
			p->pc[nt] ^= tb;
			p->board[to] = (uint8_t)np;
			h ^= Z_PIECE(piece, to) ^ Z_PIECE(np, to);
		}
	} else if (flag == F_CASTLE) {
		int rf = to > from ? from + 3 : from - 4, rt = (from + to) >> 1;
		int rook = 6 * us + ROOK;
		p->pc[ROOK] ^= BIT(rf) | BIT(rt);
		p->col[us] ^= BIT(rf) | BIT(rt);
		p->board[rf] = EMPTY;
		p->board[rt] = (uint8_t)rook;
		h ^= Z_PIECE(rook, rf) ^ Z_PIECE(rook, rt);
	}
	if (p->castle) {
		int nc = p->castle & ~(castle_clear[from] | castle_clear[to]);
		if (nc != p->castle) {
			h ^= Z_CASTLE(p->castle) ^ Z_CASTLE(nc);
			p->castle = (uint8_t)nc;
		}
	}
	p->fullmove += us;
	p->side = (uint8_t)them;
	p->hash = h;
}

static void unmake(void *vp, move_t m, const void *undo)
{
	(void)m;
	memcpy(vp, undo, sizeof(struct pos));
}

static void make_null(void *vp, void *undo)
{
	struct pos *p = vp;
	memcpy(undo, p, sizeof *p);
	if (p->ep != NO_SQ) {
		p->hash ^= Z_EP(p->ep & 7);
		p->ep = NO_SQ;
	}
	p->hash ^= Z_SIDE;
	p->side ^= 1;
}

static void unmake_null(void *vp, const void *undo)
{
	memcpy(vp, undo, sizeof(struct pos));
}

/* ------------------------------------------------------------------ */
/* Queries                                                             */

static bool in_check(const void *vp)
{
	return checkers_of(vp) != 0;
}

/* Does m check the enemy king?  Looks at the board as it will be, without
   making the move: the solver asks this of every move it orders. */
static bool gives_check(const void *vp, move_t m)
{
	const struct pos *p = vp;
	const int from = M_FROM(m), to = M_TO(m), flag = M_FLAG(m);
	const int us = p->side, them = us ^ 1;
	const uint64_t fb = BIT(from), tb = BIT(to), mine = p->col[us] & ~fb;
	const int ksq = __builtin_ctzll(p->pc[KING] & p->col[them]);
	uint64_t occ = ((p->col[0] | p->col[1]) & ~fb) | tb;
	uint64_t rq = (p->pc[ROOK] | p->pc[QUEEN]) & mine;
	uint64_t bq = (p->pc[BISHOP] | p->pc[QUEEN]) & mine;
	uint64_t kn = p->pc[KNIGHT] & mine, pw = p->pc[PAWN] & mine;
	int type = flag >= F_PROMO ? flag - F_PROMO + 1 : p->board[from] - 6 * us;

	switch (type) {
	case QUEEN:
		rq |= tb;
		bq |= tb;
		break;
	case ROOK:
		rq |= tb;
		break;
	case BISHOP:
		bq |= tb;
		break;
	case KNIGHT:
		kn |= tb;
		break;
	case PAWN:
		pw |= tb;
		break;
	default:
		break; /* a king never checks by itself */
	}
	if (flag == F_EP)
		occ &= ~BIT(to ^ 8);
	else if (flag == F_CASTLE) {
		int rf = to > from ? from + 3 : from - 4, rt = (from + to) >> 1;
		occ = (occ & ~BIT(rf)) | BIT(rt);
		rq = (rq & ~BIT(rf)) | BIT(rt);
	}
	return (chess_knight_att[ksq] & kn) || (chess_pawn_att[them][ksq] & pw) ||
	       (rook_att(ksq, occ) & rq) || (bishop_att(ksq, occ) & bq);
}

/* The whole line (rank, file or diagonal) through a and b, or 0. */
static uint64_t line_through(int a, int b)
{
	const uint64_t rank = 0xFFULL << (a & 56), file = A_FILE << (a & 7);
	if (BIT(b) & rank)
		return rank;
	if (BIT(b) & file)
		return file;
	if (BIT(b) & chess_diag_mask[a])
		return chess_diag_mask[a] | BIT(a);
	if (BIT(b) & chess_anti_mask[a])
		return chess_anti_mask[a] | BIT(a);
	return 0;
}

/* gives_check for a whole list.  Work done once per position (the enemy
   king's lines, the men that would discover check by moving away, and the
   squares each kind of man checks from) answers most moves with one bit
   test.  The exact test is left for special moves, would-be discoverers,
   and sliders moving along one of the king's lines. */
static int mark_checks(const void *vp, const move_t *moves, int n, bool *check)
{
	const struct pos *p = vp;
	const int us = p->side, them = us ^ 1;
	const int ksq = __builtin_ctzll(p->pc[KING] & p->col[them]);
	const uint64_t occ = p->col[0] | p->col[1];
	const uint64_t lines = chess_rook_mask[ksq] | chess_bishop_mask[ksq];
	const uint64_t rook_from_king = rook_att(ksq, occ), bishop_from_king = bishop_att(ksq, occ);
	/* Our men that stand alone between the enemy king and one of our sliders. */
	const uint64_t rq = (p->pc[ROOK] | p->pc[QUEEN]) & p->col[us];
	const uint64_t bq = (p->pc[BISHOP] | p->pc[QUEEN]) & p->col[us];
	uint64_t snipers = (chess_rook_mask[ksq] & rq) | (chess_bishop_mask[ksq] & bq);
	uint64_t discoverers = 0;
	while (snipers) {
		uint64_t b = between(ksq, pop_lsb(&snipers)) & occ;
		if (b && !(b & (b - 1)) && (b & p->col[us]))
			discoverers |= b;
	}
	const uint64_t sliders = (p->pc[ROOK] | p->pc[BISHOP] | p->pc[QUEEN]) & p->col[us];
	uint64_t direct[6];
	direct[KING] = 0;
	direct[QUEEN] = rook_from_king | bishop_from_king;
	direct[ROOK] = rook_from_king;
	direct[BISHOP] = bishop_from_king;
	direct[KNIGHT] = chess_knight_att[ksq];
	direct[PAWN] = chess_pawn_att[them][ksq];
	int count = 0;
	for (int i = 0; i < n; i++) {
		const move_t m = moves[i];
		const int from = M_FROM(m);
		bool c;
		if (M_FLAG(m) >= F_CASTLE || (BIT(from) & discoverers) ||
		    ((BIT(from) & lines & sliders) && (BIT(M_TO(m)) & line_through(ksq, from))))
			c = gives_check(p, m);
		else
			c = (direct[p->board[from] - 6 * us] >> M_TO(m)) & 1;
		check[i] = c;
		count += c;
	}
	return count;
}

/* Is m, generated in some position, legal in this one?  The piece is
   there and moves so (its path clear, a pawn's push onto an empty square,
   its capture onto a man of the other side, promotion exactly on the last
   rank), and the own king stands unattacked after it (the man taken, if
   any, attacks nothing).  Castling and en passant, whose conditions lie
   elsewhere on the board, ask the generator. */
static bool is_legal(void *vp, move_t m)
{
	const struct pos *p = vp;
	const int from = M_FROM(m), to = M_TO(m), flag = M_FLAG(m);
	const int us = p->side, them = us ^ 1;
	if (flag == F_CASTLE || flag == F_EP) {
		move_t moves[MAX_MOVES];
		int n = gen_moves(vp, moves);
		for (int i = 0; i < n; i++)
			if (moves[i] == m)
				return true;
		return false;
	}
	const int piece = p->board[from];
	if (piece == EMPTY || piece / 6 != us)
		return false;
	const int type = piece - 6 * us;
	const uint64_t own = p->col[us], opp = p->col[them], occ = own | opp;
	const uint64_t fb = BIT(from), tb = BIT(to);
	if (tb & own)
		return false;
	if (type != PAWN && flag != F_NONE)
		return false;
	switch (type) {
	case PAWN: {
		const int up = us == WHITE ? 8 : -8;
		const uint64_t last = us == WHITE ? 0xFF00000000000000ULL : 0xFFULL;
		if ((flag >= F_PROMO) != ((tb & last) != 0))
			return false;
		if (flag == F_DOUBLE) {
			if (to != from + 2 * up || (occ & (BIT(from + up) | tb)))
				return false;
		} else if (to == from + up) {
			if (occ & tb)
				return false;
		} else if (!(chess_pawn_att[us][from] & tb & opp)) {
			return false;
		}
		break;
	}
	case KNIGHT:
		if (!(chess_knight_att[from] & tb))
			return false;
		break;
	case BISHOP:
		if (!(bishop_att(from, occ) & tb))
			return false;
		break;
	case ROOK:
		if (!(rook_att(from, occ) & tb))
			return false;
		break;
	case QUEEN:
		if (!((bishop_att(from, occ) | rook_att(from, occ)) & tb))
			return false;
		break;
	default: /* the king */
		if (!(chess_king_att[from] & tb))
			return false;
		break;
	}
	const int ksq = type == KING ? to : __builtin_ctzll(p->pc[KING] & own);
	return !attacked(p, ksq, (occ & ~fb) | tb, them, opp & ~tb);
}

/* The win targets: the squares where the loser's king may be mated. */
static uint64_t win_targets(const void *vp, int winner, int wm, int lm, uint64_t within)
{
	const struct pos *p = vp;
	const struct chess_men men = {p->pc, p->col, p->castle};
	return chess_mate_squares(&men, winner, wm, lm, within);
}

/* Help play's mate and stalemate pictures (chess_pictures.c). */
static void *win_plan_new(const void *vp, int winner, int wm, int lm, int plies,
                          enum plan_goal goal, bool (*stopped)(void *ctx), void *ctx)
{
	const struct pos *p = vp;
	const struct chess_men men = {p->pc, p->col, p->castle};
	return chess_plan_new(&men, p->board, winner, wm, lm, plies, goal, stopped, ctx);
}

static bool win_plan_move(void *plan, int ply, const void *vp, move_t m, int wm, int lm)
{
	const struct pos *p = vp;
	int from = M_FROM(m), to = M_TO(m), flag = M_FLAG(m);
	int promo = flag >= F_PROMO ? flag - F_PROMO + QUEEN : -1;
	int taken = flag == F_EP            ? (p->side == WHITE ? to - 8 : to + 8)
	            : p->board[to] != EMPTY ? to
	                                    : -1;
	return chess_plan_move(plan, ply, from, to, promo, taken, wm, lm);
}

static void win_plan_free(void *plan)
{
	chess_plan_free(plan);
}

/* The moves that may still be on a line to a mate (chess_mate.c: when the
   side to move has no move to spare, each man that moves goes nearer to
   its part in the mate). */
static int win_moves(const void *vp, int winner, int wm, int lm, uint64_t targets, move_t *moves,
                     int n)
{
	const struct pos *p = vp;
	const struct chess_men men = {p->pc, p->col, p->castle};
	uint64_t useful[64], next[64];
	bool by_use = chess_mate_useful(&men, winner, p->side, wm, lm, targets, useful);
	/* the loser's moves before its last: which lead to a position the
	   relaxation may pass (chess_mate_children) */
	bool by_next =
	    p->side != winner && chess_mate_children(&men, winner, wm, lm, targets, next);
	int kept = n;
	if (by_use || by_next) {
		kept = 0;
		for (int k = 0; k < n; k++) {
			int from = M_FROM(moves[k]), to = M_TO(moves[k]);
			if ((!by_use || useful[from] >> to & 1) &&
			    (!by_next || next[from] >> to & 1))
				moves[kept++] = moves[k];
		}
	}
	/* with three moves or more of the winner's left: the children's
	   relaxation answered here, its winner's part once (chess_mate_next) */
	if (p->side == winner || wm < 3 || !kept)
		return kept;
	uint8_t from[MAX_MOVES], to[MAX_MOVES];
	bool keep[MAX_MOVES];
	for (int k = 0; k < kept; k++) {
		from[k] = (uint8_t)M_FROM(moves[k]);
		to[k] = (uint8_t)M_TO(moves[k]);
	}
	if (!chess_mate_next(&men, winner, wm, lm, targets, kept, from, to, keep))
		return kept;
	int left = 0;
	for (int k = 0; k < kept; k++)
		if (keep[k])
			moves[left++] = moves[k];
	return left;
}

static enum result outcome(const void *vp, const move_t *moves, int n)
{
	(void)moves;
	if (n > 0)
		return RESULT_ONGOING;
	return in_check(vp) ? RESULT_LOSS : RESULT_DRAW;
}

static bool is_capture(const void *vp, move_t m)
{
	const struct pos *p = vp;
	return p->board[M_TO(m)] != EMPTY || M_FLAG(m) == F_EP;
}

static bool is_castling(const void *vp, move_t m)
{
	(void)vp;
	return M_FLAG(m) == F_CASTLE;
}

/* ------------------------------------------------------------------ */
/* Double mate and counter-mate (Popeye's ## and ##!)                  */

/* Is the king of side `side` attacked, the other king counting?  A side
   whose king is gone (taken in a test below) is not. */
static bool king_attacked(const struct pos *p, int side)
{
	uint64_t k = p->pc[KING] & p->col[side];
	if (!k)
		return false;
	return attacked(p, __builtin_ctzll(k), p->col[0] | p->col[1], side ^ 1, p->col[side ^ 1]);
}

/*
** Every move of side `us` by the men's moves alone, its own king's safety
** not asked: pushes, double steps, promotions, captures (the other king's
** square too), en passant where us is to move, castling with the king not
** in check and the squares it crosses not attacked (where it ends is
** left to the caller, as Popeye leaves it to its self-check test).  The
** slow, plain generator of the two goals' tests, which the legal one's
** pins and checks would get wrong where a king stands in check while the
** other side moves.
*/
static int gen_pseudo(const struct pos *p, int us, move_t *list)
{
	const int them = us ^ 1, up = us == WHITE ? 8 : -8;
	const uint64_t own = p->col[us], opp = p->col[them], occ = own | opp;
	const uint64_t last = us == WHITE ? 0xFF00000000000000ULL : 0x00000000000000FFULL;
	const uint64_t start = us == WHITE ? 0x000000000000FF00ULL : 0x00FF000000000000ULL;
	move_t *m = list;
	for (uint64_t b = own; b;) {
		int from = pop_lsb(&b), type = p->board[from] - 6 * us;
		uint64_t t = 0;
		switch (type) {
		case KING:
			t = chess_king_att[from];
			break;
		case QUEEN:
			t = rook_att(from, occ) | bishop_att(from, occ);
			break;
		case ROOK:
			t = rook_att(from, occ);
			break;
		case BISHOP:
			t = bishop_att(from, occ);
			break;
		case KNIGHT:
			t = chess_knight_att[from];
			break;
		default: /* PAWN */
			t = chess_pawn_att[us][from] & opp;
			if (from + up >= 0 && from + up < 64 && !(occ & BIT(from + up))) {
				t |= BIT(from + up);
				if ((BIT(from) & start) && !(occ & BIT(from + 2 * up)))
					*m++ = MOVE(from, from + 2 * up) | (move_t)F_DOUBLE << 12;
			}
			if (p->ep != NO_SQ && us == p->side &&
			    (chess_pawn_att[us][from] & BIT(p->ep)))
				*m++ = MOVE(from, p->ep) | (move_t)F_EP << 12;
			t &= ~own;
			for (uint64_t pr = t & last; pr;)
				m = emit_promos(m, from, pop_lsb(&pr));
			t &= ~last;
			break;
		}
		m = emit(m, from, t & ~own);
	}
	const int rights = p->castle >> (2 * us) & 3;
	const int k = 56 * us; /* e-file king on 4 + k */
	if (rights && !attacked(p, k + 4, occ, them, opp)) {
		if ((rights & 1) && !(occ & (0x60ULL << k)) && !attacked(p, k + 5, occ, them, opp))
			*m++ = MOVE(k + 4, k + 6) | (move_t)F_CASTLE << 12;
		if ((rights & 2) && !(occ & (0x0EULL << k)) && !attacked(p, k + 3, occ, them, opp))
			*m++ = MOVE(k + 4, k + 2) | (move_t)F_CASTLE << 12;
	}
	return (int)(m - list);
}

static int gen_self_checks(void *vp, move_t *moves)
{
	const struct pos *p = vp;
	const uint64_t their_king = p->pc[KING] & p->col[p->side ^ 1];
	move_t all[MAX_MOVES];
	int n = gen_pseudo(p, p->side, all), kept = 0;
	for (int i = 0; i < n; i++) {
		if (BIT(M_TO(all[i])) & their_king)
			continue;
		struct pos q = *p, undo;
		make(&q, all[i], &undo);
		if (king_attacked(&q, p->side))
			moves[kept++] = all[i];
	}
	return kept;
}

/* Has side `side` a move after which its king is not attacked, as if it
   were to move (the other side's en passant right is not its own)? */
static bool has_legal(const struct pos *p, int side)
{
	struct pos q = *p;
	if (q.side != side) {
		q.side = (uint8_t)side;
		q.ep = NO_SQ;
	}
	move_t all[MAX_MOVES];
	int n = gen_pseudo(&q, side, all);
	for (int i = 0; i < n; i++) {
		struct pos r = q, undo;
		make(&r, all[i], &undo);
		if (!king_attacked(&r, side))
			return true;
	}
	return false;
}

static bool both_mated(const void *vp)
{
	const struct pos *p = vp;
	return king_attacked(p, WHITE) && king_attacked(p, BLACK) && !has_legal(p, WHITE) &&
	       !has_legal(p, BLACK);
}

static uint64_t hash(const void *vp)
{
	return ((const struct pos *)vp)->hash;
}

/* The hash's keys for all but the men: side to move, castling, en passant. */
static uint64_t hash_of_state(const struct pos *p)
{
	uint64_t h = Z_CASTLE(p->castle);
	if (p->side == BLACK)
		h ^= Z_SIDE;
	if (p->ep != NO_SQ)
		h ^= Z_EP(p->ep & 7);
	return h;
}

static uint64_t hash_recompute(const void *vp)
{
	const struct pos *p = vp;
	uint64_t h = 0;
	for (int sq = 0; sq < 64; sq++)
		if (p->board[sq] != EMPTY)
			h ^= Z_PIECE(p->board[sq], sq);
	return h ^ hash_of_state(p);
}

static int side_to_move(const void *vp)
{
	return ((const struct pos *)vp)->side;
}

static enum square_kind square_kind(int file, int rank)
{
	(void)file;
	(void)rank;
	return SQUARE_PLAIN;
}

/* ------------------------------------------------------------------ */
/* Positions                                                           */

static void put(struct pos *p, int piece, int sq)
{
	p->board[sq] = (uint8_t)piece;
	p->pc[piece % 6] |= BIT(sq);
	p->col[piece / 6] |= BIT(sq);
}

/* The castling rights, with their men's home squares (game.h). */
static const struct castling_right castling[] = {
    {'K', WHITE, 'K', 'R', 4, 7, 0, "0-0"},
    {'Q', WHITE, 'K', 'R', 4, 0, 0, "0-0-0"},
    {'k', BLACK, 'k', 'r', 4, 7, 7, "0-0"},
    {'q', BLACK, 'k', 'r', 4, 0, 7, "0-0-0"},
    {0, 0, 0, 0, 0, 0, 0, NULL},
};

/* Is the castling right for `letter` backed by king and rook at home? */
static bool castle_ok(const struct pos *p, char letter)
{
	int black = islower((unsigned char)letter) != 0, base = 56 * black;
	int rook_sq = base + (toupper((unsigned char)letter) == 'K' ? 7 : 0);
	return p->board[base + 4] == 6 * black + KING && p->board[rook_sq] == 6 * black + ROOK;
}

static int castle_bit(char letter)
{
	switch (letter) {
	case 'K':
		return WK;
	case 'Q':
		return WQ;
	case 'k':
		return BK;
	case 'q':
		return BQ;
	}
	return 0;
}

static int setup(void *vp, const struct setup *s, char *err, size_t errlen)
{
	struct pos *p = vp;
	char name[4];
	int kings[2] = {0, 0};
	char pawn_rank[24] = ""; /* the first pawn on rank 1 or 8 */
	uint64_t men_hash = 0;

	memset(p, 0, sizeof *p);
	memset(p->board, EMPTY, sizeof p->board);
	p->ep = NO_SQ;
	for (int r = 0; r < 8; r++) {
		for (int f = 0; f < 8; f++) {
			char c = s->grid[r][f];
			if (c == '.' || c == 0)
				continue;
			int piece = piece_of_letter[(unsigned char)c] - 1;
			if (piece < 0)
				return grid_unknown_letter(&game_chess, c, f, r, err, errlen);
			if (piece % 6 == PAWN && (r == 0 || r == 7)) {
				square_name(f, r, name);
				if (!pawn_rank[0])
					snprintf(pawn_rank, sizeof pawn_rank, "%s pawn on %s",
					         piece < 6 ? "white" : "black", name);
				continue;
			}
			if (piece % 6 == KING)
				kings[piece / 6]++;
			put(p, piece, r * 8 + f);
			/* hashed here, not by a second pass over the 64 squares
			   (hash_recompute): the composer sets up millions */
			men_hash ^= Z_PIECE(piece, r * 8 + f);
		}
	}
	for (int c = 0; c < 2; c++)
		if (kings[c] > 1) {
			snprintf(err, errlen, "%s has %d kings", c ? "black" : "white", kings[c]);
			return -1;
		}
	/* a pawn on rank 1 or 8: Popeye lets it stand there, a man that never
	   moves, takes or checks (it generates no move for a pawn on its own
	   first rank or its last, and no check from one); no game of chess
	   has one (a pawn starts on its second rank and promotes on reaching
	   its last, FIDE 3.7), and maat's chess plays the games' positions
	   only (its generator, attack tables and goal-directed pruning take a
	   pawn to move): not the file's error, a position maat does not play */
	if (pawn_rank[0]) {
		snprintf(err, errlen,
		         "%s: a pawn on rank 1 or 8 is not supported (no chess game has one, FIDE "
		         "3.7; Popeye's never moves or checks)",
		         pawn_rank);
		return -2;
	}
	/* no king: Popeye solves such boards ("both sides need a king" where
	   the goal wants one), maat's chess plays with both: not the file's
	   error, a position maat does not play */
	if (kings[0] == 0 || kings[1] == 0) {
		snprintf(err, errlen, "a position without %s is not supported",
		         !kings[0] && !kings[1] ? "kings"
		         : !kings[0]            ? "a white king"
		                                : "a black king");
		return -2;
	}
	if (s->side_to_move != 0 && s->side_to_move != 1) {
		snprintf(err, errlen, "side to move must be 0 (white) or 1 (black)");
		return -1;
	}
	p->side = (uint8_t)s->side_to_move;

	/* Bounded copies: a setup filled by other code may lack the NUL. */
	char cs[sizeof s->castling + 1], es[sizeof s->en_passant + 1];
	memcpy(cs, s->castling, sizeof s->castling);
	cs[sizeof s->castling] = 0;
	memcpy(es, s->en_passant, sizeof s->en_passant);
	es[sizeof s->en_passant] = 0;

	/* Castling: "" = Popeye's convention, "-" = none, else a KQkq subset. */
	if (cs[0] == 0) {
		for (const char *l = "KQkq"; *l; l++)
			if (castle_ok(p, *l))
				p->castle |= (uint8_t)castle_bit(*l);
	} else if (strcmp(cs, "-") != 0) {
		/* a right the men cannot have (no rook on h1 for 'K') is dropped
		   and named in err as a warning, as Popeye and the common FEN
		   readers drop it: real collections hold such fields ("R3K3 w
		   KQkq"), and the rest of the position is good */
		char dropped[8] = "";
		size_t nd = 0;
		for (const char *l = cs; *l; l++) {
			int b = castle_bit(*l);
			if (!b || (p->castle & b) || strchr(dropped, *l)) {
				snprintf(err, errlen, "bad castling field '%s'", cs);
				return -1;
			}
			if (!castle_ok(p, *l)) {
				dropped[nd++] = *l;
				dropped[nd] = 0;
				continue;
			}
			p->castle |= (uint8_t)b;
		}
		if (nd) {
			size_t used = (size_t)snprintf(
			    err, errlen, "castling right%s '%s' dropped:", nd > 1 ? "s" : "",
			    dropped);
			for (size_t i = 0; i < nd && used < errlen; i++) {
				char l = dropped[i];
				bool black = l == 'k' || l == 'q';
				used += (size_t)snprintf(
				    err + used, errlen - used,
				    "%s '%c' needs the %s king on %s and a rook on %s",
				    i ? ";" : "", l, black ? "black" : "white", black ? "e8" : "e1",
				    l == 'K'   ? "h1"
				    : l == 'Q' ? "a1"
				    : l == 'k' ? "h8"
				               : "a8");
			}
		}
	}

	/* En passant: the square a pawn of the side not to move just crossed. */
	if (es[0] && strcmp(es, "-") != 0) {
		int f, r;
		if (square_parse(es, 8, 8, &f, &r) != 2 || es[2] != 0) {
			snprintf(err, errlen, "bad en passant square '%s'", es);
			return -1;
		}
		int want = p->side == WHITE ? 5 : 2, dir = p->side == WHITE ? -1 : 1;
		int sq = r * 8 + f, pawn_sq = sq + 8 * dir, from_sq = sq - 8 * dir;
		if (r != want) {
			snprintf(err, errlen, "bad en passant square '%s': must be on rank %d", es,
			         want + 1);
			return -1;
		}
		if (p->board[pawn_sq] != 6 * (p->side ^ 1) + PAWN || p->board[sq] != EMPTY ||
		    p->board[from_sq] != EMPTY) {
			square_name(f, r + dir, name);
			snprintf(err, errlen,
			         "bad en passant square '%s': needs a %s pawn on %s and two empty "
			         "squares behind it",
			         es, p->side == WHITE ? "black" : "white", name);
			return -1;
		}
		if (chess_pawn_att[p->side ^ 1][sq] & p->pc[PAWN] & p->col[p->side])
			p->ep = (uint8_t)sq;
	}

	if (s->halfmove < 0 || s->fullmove < 0) {
		snprintf(err, errlen, "move clocks must not be negative");
		return -1;
	}
	p->halfmove = s->halfmove;
	p->fullmove = s->fullmove < 1 ? 1 : s->fullmove;

	/* The side that just moved may not have left its king in check. */
	p->side ^= 1;
	bool bad = checkers_of(p) != 0;
	p->side ^= 1;
	/* checkers_of leaves the kings out (in play a king never gives check):
	   kings side by side are the same fault (found by fuzzing) */
	uint64_t wk = p->pc[KING] & p->col[WHITE], bk = p->pc[KING] & p->col[BLACK];
	if (chess_king_att[__builtin_ctzll(wk)] & bk)
		bad = true;
	if (bad) {
		snprintf(err, errlen, "the side to move can capture the king");
		return -1;
	}
	p->hash = men_hash ^ hash_of_state(p);
	return 0;
}

static void get_setup(const void *vp, struct setup *s)
{
	const struct pos *p = vp;
	memset(s, 0, sizeof *s);
	memset(s->grid, '.', sizeof s->grid);
	for (int sq = 0; sq < 64; sq++)
		if (p->board[sq] != EMPTY)
			s->grid[sq / 8][sq % 8] = piece_letters[p->board[sq]];
	s->side_to_move = p->side;
	int n = 0;
	for (const char *l = "KQkq"; *l; l++)
		if (p->castle & castle_bit(*l))
			s->castling[n++] = *l;
	if (n == 0)
		s->castling[n++] = '-';
	s->castling[n] = 0;
	if (p->ep != NO_SQ)
		square_name(p->ep % 8, p->ep / 8, s->en_passant);
	else
		strcpy(s->en_passant, "-");
	s->halfmove = p->halfmove;
	s->fullmove = p->fullmove;
}

/* Read a clock field: digits only, at most 6 of them. */
static int parse_clock(const char *t, size_t len, int *out)
{
	if (len == 0 || len > 6)
		return -1;
	int v = 0;
	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)t[i]))
			return -1;
		v = v * 10 + (t[i] - '0');
	}
	*out = v;
	return 0;
}

/* A FEN's fields into s, unchecked (setup() checks the position). */
static int read_fen(const char *text, struct setup *out, char *err, size_t errlen)
{
	struct setup s;
	const char *field[7];
	size_t flen[7];
	int nf = 0;

	memset(&s, 0, sizeof s);
	memset(s.grid, '.', sizeof s.grid);
	for (const char *t = text; *t;) {
		while (isspace((unsigned char)*t))
			t++;
		if (!*t)
			break;
		const char *start = t;
		while (*t && !isspace((unsigned char)*t))
			t++;
		if (nf == 6) {
			snprintf(err, errlen, "unexpected text after the move number: '%s'", start);
			return -1;
		}
		field[nf] = start;
		flen[nf++] = (size_t)(t - start);
	}
	if (nf == 0) {
		snprintf(err, errlen, "empty position");
		return -1;
	}

	/* Piece placement, rank 8 first. */
	size_t at;
	if (grid_read(&game_chess, &grid_fen, field[0], flen[0], &s, &at, err, errlen) < 0)
		return -1;

	s.side_to_move = 0;
	if (nf > 1) {
		if (flen[1] != 1 || (field[1][0] != 'w' && field[1][0] != 'b')) {
			snprintf(err, errlen, "side to move must be 'w' or 'b', not '%.*s'",
			         (int)flen[1], field[1]);
			return -1;
		}
		s.side_to_move = field[1][0] == 'b';
	}
	strcpy(s.castling, "-");
	if (nf > 2) {
		if (flen[2] >= sizeof s.castling) {
			snprintf(err, errlen, "bad castling field '%.*s'", (int)flen[2], field[2]);
			return -1;
		}
		memcpy(s.castling, field[2], flen[2]);
		s.castling[flen[2]] = 0;
	}
	strcpy(s.en_passant, "-");
	if (nf > 3) {
		if (flen[3] >= sizeof s.en_passant) {
			snprintf(err, errlen, "bad en passant square '%.*s'", (int)flen[3],
			         field[3]);
			return -1;
		}
		memcpy(s.en_passant, field[3], flen[3]);
		s.en_passant[flen[3]] = 0;
	}
	s.halfmove = 0;
	s.fullmove = 1;
	if (nf > 4 && parse_clock(field[4], flen[4], &s.halfmove) < 0) {
		snprintf(err, errlen, "bad halfmove clock '%.*s'", (int)flen[4], field[4]);
		return -1;
	}
	if (nf > 5 && parse_clock(field[5], flen[5], &s.fullmove) < 0) {
		snprintf(err, errlen, "bad move number '%.*s'", (int)flen[5], field[5]);
		return -1;
	}
	*out = s;
	return 0;
}

static int parse(void *vp, const char *text, char *err, size_t errlen)
{
	struct setup s;
	if (read_fen(text, &s, err, errlen) != 0)
		return -1;
	return setup(vp, &s, err, errlen);
}

static void format(const void *vp, char *buf, size_t len)
{
	const struct pos *p = vp;
	struct setup s;
	char out[128];
	size_t n = 0;

	get_setup(p, &s);
	for (int r = 7; r >= 0; r--) {
		int run = 0;
		for (int f = 0; f < 8; f++) {
			char c = s.grid[r][f];
			if (c == '.') {
				run++;
				continue;
			}
			if (run)
				out[n++] = (char)('0' + run);
			run = 0;
			out[n++] = c;
		}
		if (run)
			out[n++] = (char)('0' + run);
		if (r)
			out[n++] = '/';
	}
	out[n] = 0;
	snprintf(buf, len, "%s %c %s %s %d %d", out, p->side ? 'b' : 'w', s.castling, s.en_passant,
	         p->halfmove, p->fullmove);
}

/* ------------------------------------------------------------------ */
/* Notation                                                            */

/* The squares move_text names first (a castling: the king's). */
static void move_squares(const void *vp, move_t m, int8_t sq[4])
{
	(void)vp;
	const int from = M_FROM(m), to = M_TO(m);
	sq[0] = (int8_t)(from % 8), sq[1] = (int8_t)(from / 8);
	sq[2] = (int8_t)(to % 8), sq[3] = (int8_t)(to / 8);
}

static void move_text(const void *vp, move_t m, enum move_style style, char *buf, size_t len)
{
	const struct pos *p = vp;
	const int from = M_FROM(m), to = M_TO(m), flag = M_FLAG(m);
	char fs[4], ts[4];
	square_name(from % 8, from / 8, fs);
	square_name(to % 8, to / 8, ts);

	if (style == MOVE_CANONICAL) {
		if (flag >= F_PROMO)
			snprintf(buf, len, "%s%s%c", fs, ts, "kqrbnp"[flag - F_PROMO + 1]);
		else
			snprintf(buf, len, "%s%s", fs, ts);
		return;
	}
	if (flag == F_CASTLE) {
		snprintf(buf, len, "%s", to > from ? "0-0" : "0-0-0");
		return;
	}
	/* Problemists write S for the knight (N is the nightrider). */
	static const char pretty_letter[] = "KQRBS";
	int type = p->board[from] % 6;
	char piece[2] = {type == PAWN ? 0 : pretty_letter[type], 0};
	char sep = is_capture(p, m) ? 'x' : '-';
	if (flag >= F_PROMO)
		snprintf(buf, len, "%s%c%s=%c", fs, sep, ts, pretty_letter[flag - F_PROMO + 1]);
	else
		snprintf(buf, len, "%s%s%c%s", piece, fs, sep, ts);
}

static unsigned move_facts(const void *vp, move_t m)
{
	const struct pos *p = vp;
	const int from = M_FROM(m), us = p->side;
	const uint64_t their_king = p->pc[KING] & p->col[us ^ 1];
	bool contact = p->board[from] == 6 * us + KING && (chess_king_att[M_TO(m)] & their_king);
	return (is_capture(vp, m) ? MOVE_FACT_CAPTURE : 0) |
	       (M_FLAG(m) == F_EP ? MOVE_FACT_EN_PASSANT : 0) |
	       (contact ? MOVE_FACT_KING_CONTACT : 0);
}

static uint32_t print_order(const void *vp, move_t m)
{
	const struct pos *p = vp;
	const int flag = M_FLAG(m);
	return orthodox_print_order(p->board[M_FROM(m)] % 6, M_FROM(m), M_TO(m),
	                            flag >= F_PROMO ? flag - F_PROMO + 1 : 0, flag == F_CASTLE);
}

/* ------------------------------------------------------------------ */

_Static_assert(sizeof(struct pos) <= MAX_UNDO_SIZE, "copy-make undo must fit");

/* Tuned by the yield of sound problems. */
static const struct compose_profile composer = {
    .by = {{4, 8, 70, 60, 2}, {4, 8, 70, 60, 2}},
    .men = {"QRRBBNNPPPP", "qrrbbnnpppp"},
    /* measured on s#2 (White solves), 15 s on one core: 25 problems with
       these, 2 with a black bishop beside the pawns, 0 with "qrrbbnnpppp" */
    .self_min = 8,
    .self_max = 14,
    .self_men = {"QRBBNP", "ppppp"},
    .play_min = 10,
    .play_max = 60,
    .side = 0,
    .quiet_key = true,
    /* measured on #2, seeds 1 and 2, --count 5, one core (issue 22): with
       these the problems have two variations or more after the black men's
       defences, none with a dual, in about a minute */
    .men_variations = 2,
    .no_duals = true,
    .climb = 40,
    /* win in 2, --count 10 -j1, seeds 44 / 45 (stop 39, kings on the
       edge now): pool 1 2.7 / 6.1 s, scores 7.4 / 7.3 on average; pool 4
       11.2 / 24.0 s, scores 8.6 / 9.6, none below 8 */
    .pool = 4,
};

const struct game game_chess = {
    .id = "chess",
    .title = "Orthodox chess",
    .rule_ids = "O1",
    .files = 8,
    .ranks = 8,
    .start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    .side_name = {"White", "Black"},
    .side_word = {"white", "black"},
    .pieces = orthodox_pieces,
    .rules = NULL,
    .zobrist_keys = Z_KEYS,
    .pos_size = sizeof(struct pos),
    .undo_size = sizeof(struct pos),
    .has_check = true,
    .win_needs_check = true,
    .has_stalemate = true,
    .has_threats = true,
    .condition = NULL,
    .castling = castling,
    .board = BOARD_CHECKERED,
    .notation = SETUP_FEN | SETUP_RETRO,
    .composer = &composer,
    .gives_check = gives_check,
    .mark_checks = mark_checks,
    .parse = parse,
    .read_setup = read_fen,
    .setup = setup,
    .get_setup = get_setup,
    .format = format,
    .set_rule = NULL,
    .square_kind = square_kind,
    .side_to_move = side_to_move,
    .gen_moves = gen_moves,
    .make = make,
    .unmake = unmake,
    .make_null = make_null,
    .unmake_null = unmake_null,
    .outcome = outcome,
    .status = status,
    .gen_check_candidates = gen_check_candidates,
    .in_check = in_check,
    .attacks = orthodox_attacks,
    .is_capture = is_capture,
    .is_castling = is_castling,
    .gen_self_checks = gen_self_checks,
    .both_mated = both_mated,
    .is_legal = is_legal,
    .win_targets = win_targets,
    .win_moves = win_moves,
    .win_plan_new = win_plan_new,
    .win_plan_move = win_plan_move,
    .win_plan_free = win_plan_free,
    .hash = hash,
    .hash_recompute = hash_recompute,
    .move_text = move_text,
    .move_squares = move_squares,
    .move_facts = move_facts,
    .print_order = print_order,
};
