/*
** game.h -- the one interface every game implements.
**
** The solver, the renderer and the CLI see a game only through `struct game`
** (const data plus a small table of operations) and an opaque position buffer
** of `pos_size` bytes.  None of them ever asks which game is running.
**
** Adding a game:
**   1. write src/games/NAME.c defining `const struct game game_NAME`: its
**      rules (the ops below) and everything the rest of maat must know of it
**      as data: the piece table (letters, sides, royal and pawn kinds, Popeye
**      codes, lore names), the board style, the position fields it takes
**      (read with games/grid.h's one reader), its castling rights if any,
**      the condition line a diagram prints, and its composer profile; its
**      Zobrist keys come from the start of the one table (games/zobrist.h:
**      no range to find), its count in zobrist_keys;
**   2. add one row to the table in src/games/registry.c (games_check_registry checks
**      the row, and tests/check_games.c runs the generic tests over it);
**   3. add tests/check_NAME.c (one test per rule id) and puzzles/NAME/.
**
** Conventions shared by every game
**   - Squares are (file, rank), 0-based, rank 0 = rank 1, the first player's
**     side.  Square names are file letter + rank number ("e4").
**   - Side 0 moves first in the game (White, or the attackers in Tavlei).
**   - A move is a 32-bit value whose encoding belongs to the game.  0 is
**     MOVE_NONE and never a legal move.  Generic code only stores, compares
**     and hands moves back to the game that generated them.
**   - gen_moves returns LEGAL moves only, and 0 moves when the game is
**     already over (a king captured, a tafl king on the edge, ...), so perft
**     needs no special case: "a finished game has no moves below it".
**   - outcome() gives the status of the position for the side to move
**     (rules S0): RESULT_LOSS means that side has lost (mated, stalemated
**     where that loses, king gone, or -- Morok -- every legal move captures
**     its own king).
**
** Layer: games -- may use: base.
** The layer of the four games behind this one interface, their registry, and what is
** built on the interface alone (square names, Zobrist keys, perft).
*/
#ifndef MAAT_GAME_H
#define MAAT_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MAX_FILES 9
#define MAX_RANKS 9
#define MAX_SQUARES (MAX_FILES * MAX_RANKS)
#define MAX_MOVES 512     /* more than any legal position of the four games has */
#define MAX_POS_SIZE 1024 /* every game's position fits; checked in registry.c */
#define MAX_UNDO_SIZE 256 /* every game's undo record fits; checked in registry.c */
#define MAX_RULES 16      /* rule options a game may declare */
#define EXACT_KEY_MAX 32  /* bytes of a game's exact_key */

/* The end help play's win plan is made for (struct game, win_plan_new). */
enum plan_goal {
	PLAN_GOAL_WIN,
	PLAN_GOAL_STALEMATE,        /* "=": the loser stalemated */
	PLAN_GOAL_WIN_OR_STALEMATE, /* "#=": either */
	PLAN_GOAL_DOUBLE_STALEMATE  /* "==": the loser stalemated, the winner without a move */
};

typedef uint32_t move_t;
#define MOVE_NONE ((move_t)0)

enum result {
	RESULT_ONGOING = 0, /* game goes on */
	RESULT_LOSS,        /* side to move has lost */
	RESULT_WIN,         /* side to move has won (opponent's last move lost it) */
	RESULT_DRAW         /* chess stalemate */
};

enum move_style {
	MOVE_CANONICAL, /* from+to, lower case, promotion letter: "e7e8q", "e1e3" */
	MOVE_PRETTY     /* long algebraic "Kc1-c2", "Bg7xh8", "e7-e8=Q"; tafl "d4-b4xb3/c4" */
};

enum square_kind { SQUARE_PLAIN = 0, SQUARE_THRONE, SQUARE_CORNER };

/* How a man attacks a square (the attacks op). */
enum attack {
	ATTACK_NONE = 0,
	ATTACK_STEP, /* a step or a leap: no man between can stop it */
	ATTACK_LINE  /* a line man's (a rider's), over empty squares: a
	                double check needs one, uncovered */
};

/* What a kind of piece is to the rules that look at kinds from outside the
   game (composition, economy, twins, piece counts). */
enum piece_role {
	ROLE_MAN = 0, /* any other man */
	ROLE_ROYAL,   /* the king: never removed by economy or twins' checks */
	ROLE_PAWN     /* never on the first or last rank */
};

/* One kind of piece, as it appears in position strings and diagrams. */
struct piece_kind {
	char letter;      /* in setup grids and position strings */
	const char *name; /* "king", "bishop", "attacker", ... */
	char glyph;       /* diagram glyph: one of "kqrbnp" (chess set), or 't' tafl
	                     warrior, 'T' tafl king */
	int side;         /* whose man it is: 0 or 1 */
	enum piece_role role;
	char popeye;       /* Popeye's code in algebraic: and twins ('S' is the
	                      knight), 0 when Popeye has no such piece */
	const char *lore;  /* what the game's story calls it ("Pharaoh"), for
	                      composed titles; NULL: the name */
	bool colour_bound; /* its moves never change its square's colour (the
	                      orthodox bishop): a second one on a colour, in a
	                      game with pawns, is promoted force */
};

/* A rule option a puzzle may set (Tavlei's T9). */
struct rule_option {
	const char *name;          /* "corners-hostile" */
	const char *default_value; /* "no" */
	const char *help;          /* one line */
};

/*
** A position as a human describes it: used by puzzle files (board:,
** algebraic:) and by every game's parse().  grid[rank][file] holds a piece
** letter of the game's table, or '.' for an empty square.
*/
struct setup {
	char grid[MAX_RANKS][MAX_FILES];
	int side_to_move;       /* 0 or 1 */
	char castling[8];       /* chess: "KQkq" subset, "-" none, "" = as Popeye:
	                           allowed wherever king and rook stand at home */
	char en_passant[4];     /* chess: "e3" or "-" / "" */
	int halfmove, fullmove; /* chess clocks, kept for FEN round trips */
};

/* How a board is drawn. */
enum board_style {
	BOARD_CHECKERED = 0, /* light and dark squares, a1 dark */
	BOARD_TAFL           /* a plain grid; the game's special squares marked */
};

/* The position fields a puzzle file may use for a game, besides board:
   (maat-puzzle(5)).  Flags. */
enum setup_notation {
	SETUP_FEN = 1,  /* fen: and algebraic: (Popeye's piece codes) */
	SETUP_OTN = 2,  /* otn: (the OpenTafl position record) */
	SETUP_RETRO = 4 /* castling: and en-passant: (chess retro facts) */
};

/* One castling right: its letter in setup.castling and the home squares of
   the king and rook it moves (chess: 'K' the king e1 and the rook h1). */
struct castling_right {
	char right;      /* 'K' */
	int side;        /* whose: 0 or 1 */
	char king, rook; /* the men's letters: 'K', 'R' */
	int king_file, rook_file, rank;
	const char *name; /* the move, for captions: "0-0" */
};

struct compose_profile; /* compose.h: how the composer draws a game's positions */

struct game {
	/* ---- description (data) ---- */
	const char *id;       /* "chess", "upuaut", "morok", "tavlei" */
	const char *title;    /* "Orthodox chess" */
	const char *rule_ids; /* "O1", "U1-U10", ... (docs) */
	int files, ranks;
	const char *start;               /* start position string */
	const char *side_name[2];        /* "White", "Black" / "Attackers", ... */
	const char *side_word[2];        /* to-move words: "white", "attackers" */
	const char *side_lore[2];        /* the sides as the rule text's story names
	                                    them ("South Pharaoh"), for captions in
	                                    caption-style seed; NULL: side_name */
	const struct piece_kind *pieces; /* table, ends with letter 0 */
	const struct rule_option *rules; /* table, ends with name NULL; may be NULL */
	size_t zobrist_keys;             /* keys of zobrist_table its hash takes, from
	                                    the first (games/zobrist.h) */
	size_t pos_size;                 /* bytes of the opaque position */
	size_t undo_size;                /* bytes of one undo record */
	bool has_check;                  /* '+' marks and "in check" are meaningful */
	bool win_needs_check;            /* only a checking move can win (chess mate),
	                                    so the solver's last move skips the rest */
	bool has_stalemate;              /* a side with no legal move may be
	                                    stalemated, not lost (RESULT_DRAW:
	                                    chess), so a stipulation may aim at
	                                    it ("h=3") */
	bool has_threats;                /* a side may pass to show what it threatens
	                                    (S5, S8: threats and set play; not Morok,
	                                    where the mover may be forced) */
	bool acyclic;                    /* no position can come back in a game
	                                    (Upuaut: a quiet move goes forward, a
	                                    capture takes a man), so the prover does
	                                    not look for one on its path */
	const char *condition;           /* the line a diagram prints to name the game
	                                    ("Morok chess"); NULL for orthodox chess */
	/* its castling rights, ending with right 0; NULL: no castling.  The
	   usual rights are those whose king and rook stand at home (Popeye's
	   convention) */
	const struct castling_right *castling;
	enum board_style board;
	unsigned notation;                      /* enum setup_notation flags */
	const struct compose_profile *composer; /* NULL: the composer's generic one */

	/* ---- positions ---- */
	/* Parse a position string; on error write one line to err and return -1,
	   or -2 for a position the game's rules allow but maat does not play
	   (chess without a king, which Popeye solves: unsupported, not an
	   error of the file).
	   On success err is left as it was, or holds a warning of what was
	   dropped to make the position (chess: castling rights the men cannot
	   have); callers that set err[0] = 0 first can report it. */
	int (*parse)(void *pos, const char *text, char *err, size_t errlen);
	/* The position string's fields into s, unchecked (setup() checks),
	   -1 and err when they are not the string's: for a reader that builds
	   the position itself (the YAML reader gives a FEN's en passant
	   square to Duplex's parts where it is theirs).  NULL where the game
	   has none (only chess's FEN carries such a square). */
	int (*read_setup)(const char *text, struct setup *s, char *err, size_t errlen);
	/* Build a position from a setup; validates (kings, forbidden squares...).
	   err on success: as for parse(). */
	int (*setup)(void *pos, const struct setup *s, char *err, size_t errlen);
	/* Fill a setup from a position (for diagrams, board: output, economy). */
	void (*get_setup)(const void *pos, struct setup *s);
	/* Write the position string (the same syntax parse() reads). */
	void (*format)(const void *pos, char *buf, size_t len);
	/* Set a rule option (NULL when the game has none); -1 and err on error. */
	int (*set_rule)(void *pos, const char *name, const char *value, char *err, size_t errlen);
	enum square_kind (*square_kind)(int file, int rank);
	int (*side_to_move)(const void *pos);

	/* ---- play ---- */
	int (*gen_moves)(void *pos, move_t *moves);
	/* Legal moves including every move that gives check (others may be
	   among them), for a last move that must mate.  Optional; only for a
	   game where a position with moves is never over (chess). */
	int (*gen_check_candidates)(void *pos, move_t *moves);
	/* The status for the side to move (as outcome() says it) and the
	   number of its legal moves in *n, without writing the moves: the
	   prover's mobility of a position it only looks at.  Optional; NULL
	   means gen_moves + outcome. */
	enum result (*count_moves)(void *pos, int *n);
	void (*make)(void *pos, move_t m, void *undo);
	void (*unmake)(void *pos, move_t m, const void *undo);
	/* Pass the turn: threats (S5), set play (S8) where has_threats, and the
	   passive side of a series (S7) in every game. */
	void (*make_null)(void *pos, void *undo);
	void (*unmake_null)(void *pos, const void *undo);
	/* Status for the side to move; moves/n are its legal moves (gen_moves). */
	enum result (*outcome)(const void *pos, const move_t *moves, int n);
	/* The same without a move list, for a side that will not move (the
	   solver's mate test).  Optional: NULL means gen_moves + outcome. */
	enum result (*status)(void *pos);
	/* Has the game ended by a rule other than the side to move having no
	   legal move (a king taken, a tafl king out or caught)?  For series
	   play (S7), where the passive side's moves are not looked at.  NULL:
	   the game ends only that way (chess, Upuaut). */
	bool (*is_over)(const void *pos);
	/* Is the side to move in check?  NULL when the game has no check. */
	bool (*in_check)(const void *pos);
	/* Would m give check?  Optional fast path for the solver (NULL: it makes
	   the move and asks in_check). */
	bool (*gives_check)(const void *pos, move_t m);
	/* The same for a whole move list at once (the solver's hot path): sets
	   check[i] for moves[i] and returns how many check.  Optional. */
	int (*mark_checks)(const void *pos, const move_t *moves, int n, bool *check);
	/* Help and series play's goal-directed pruning, optional.  A game's
	   win targets are up to 64 ways its win may look at the end, of the
	   game's own choosing (chess: the square of the mated king), as bits.
	   Returns those of `within` where side `winner` may have won (S0)
	   once it has made at most wm more moves and its opponent at most
	   lm, in any order; 0 when it certainly cannot.  Never leaves out a
	   target where a win is possible.  The solver asks at the root with
	   every bit set, then in each position with what its parent kept: a
	   line from here is a line from the parent, so it can only reach
	   targets the parent kept.  NULL: no pruning. */
	uint64_t (*win_targets)(const void *pos, int winner, int wm, int lm, uint64_t within);
	/* With win_targets, optional: of the moves[0..n) of the side to move,
	   keep those that may still be on a line to a win on one of
	   `targets` (win_targets' answer here for the same budgets) within
	   the budgets, in their order; returns how many are kept.  Never
	   drops a move that is on such a line.  NULL: every move is kept. */
	int (*win_moves)(const void *pos, int winner, int wm, int lm, uint64_t targets,
	                 move_t *moves, int n);
	/* Help play's win pictures, optional (help play to a win or to a
	   stalemate): every
	   way the game may end in a win of `winner` within wm of its moves and
	   lm of its opponent's, enumerated at the root of a line of `plies`
	   plies.  win_plan_new returns the game's plan (NULL: none, search
	   without); win_plan_move(plan, i, pos, m, wm, lm), m a move of ply i
	   (pos the position before it, the plan's ply i), keeps for ply i + 1
	   the pictures still within reach with wm and lm moves left after m,
	   false when none is (m is on no line); never false for a move on a
	   line to a win.  win_plan_free frees it.  The enumeration asks
	   stopped(ctx) now and then (stopped may be NULL) and, told to stop,
	   gives up (NULL): the search's --max-time and Ctrl-C reach inside it.
	   `goal` says which end: PLAN_GOAL_WIN, or the stalemate of winner's
	   opponent (help play to "="), the win or that stalemate ("#="), a
	   double stalemate ("=="); the same contract for each. */
	void *(*win_plan_new)(const void *pos, int winner, int wm, int lm, int plies,
	                      enum plan_goal goal, bool (*stopped)(void *ctx), void *ctx);
	bool (*win_plan_move)(void *plan, int ply, const void *pos, move_t m, int wm, int lm);
	void (*win_plan_free)(void *plan);
	/* Is m -- a move this game generated, in this position or another --
	   legal here?  Optional fast path: the solver tries a move that
	   refuted in a sibling position before generating the moves (NULL:
	   it generates them). */
	bool (*is_legal)(void *pos, move_t m);
	/* Does the man on (f, r) of s attack (tf, tr): could it take a man of
	   the other side standing there, by its own moves, the men of s where
	   they stand?  A man on (xf, xr) is seen through as if absent (the
	   mated king, whose step back along the checking line is covered;
	   -1: none).  No legality (pins, whose turn), no game's special rule:
	   the composer's score (mate pictures, checks no game gives) asks it
	   of men, never the solver.  Optional: NULL where a man's captures are
	   not its own (Tavlei's custodian captures); the score then leaves
	   out what needs it. */
	enum attack (*attacks)(const struct setup *s, int f, int r, int tf, int tr, int xf, int xr);
	/* Does m capture anything (own pieces included)?  For move ordering. */
	bool (*is_capture)(const void *pos, move_t m);
	/* Is m a castling?  Popeye's castling goal ("h002").  Optional: NULL
	   in a game without castling. */
	bool (*is_castling)(const void *pos, move_t m);
	/* Popeye's double mate and counter-mate ("h##2", "h##!2"), optional
	   (NULL in a game without them).  gen_self_checks: the moves of the
	   side to move that the rules refuse only because they leave its own
	   king attacked (castling under its own rules but for the square the
	   king ends on), none taking the other king; the side need not have a
	   legal move.  make() takes them.  both_mated: after such a move, are
	   both sides in check (a king beside the other king checks it) and
	   neither with a legal move, taking the other king being one (as
	   Popeye counts it)?  in_check, status and gen_moves need not be
	   right in such a position; this is. */
	int (*gen_self_checks)(void *pos, move_t *moves);
	bool (*both_mated)(const void *pos);

	/* ---- hashing ---- */
	uint64_t (*hash)(const void *pos);           /* kept incrementally by make */
	uint64_t (*hash_recompute)(const void *pos); /* from scratch (tests) */
	/* Symmetry, optional: the hash() that the mirror image of pos (files
	   reversed, a <-> last file) would have.  Only for a game whose rules
	   treat both wings alike, so that a position and its mirror image
	   always have the same value; NULL declares no symmetry.  The prover
	   keys its table by the smaller of the two hashes (nothing else uses
	   it, and no answer rests on it: proofs are re-walked exactly). */
	uint64_t (*mirror_hash)(const void *pos);
	/* The position's exact identity, optional: at most EXACT_KEY_MAX bytes
	   into out, their number returned, the same bytes for two positions
	   exactly when get_setup gives them the same grid, side to move,
	   castling and en passant.  For the prover's exact position maps (its
	   re-walk and the proof checker), which otherwise build the key from
	   get_setup: shorter, and made without a setup. */
	size_t (*exact_key)(const void *pos, unsigned char *out);

	/* ---- notation ---- */
	/* Write m (legal in pos, before it is made) in the given style. */
	void (*move_text)(const void *pos, move_t m, enum move_style style, char *buf, size_t len);
	/* Cut a move text written by a person or by move_text to the part that
	   names the move, for reading it back.  Optional: NULL when the whole
	   text does (chess's "Bg7xh8" says which man it takes).  Tavlei's
	   "d4-b4xb3/c4" is named by "d4-b4": the men a move takes follow from
	   the rules, and a reader may leave them out. */
	void (*move_name)(char *text);
	/* What a writer prints of m (legal in pos, not made) beside its text:
	   MOVE_FACT_* flags.  Optional: NULL is MOVE_FACT_CAPTURE when
	   is_capture, nothing else (game_move_facts). */
	unsigned (*move_facts)(const void *pos, move_t m);
	/* The squares m (legal in pos, not made) leaves and reaches, as its
	   MOVE_CANONICAL text names them (a castling: the king's): sq[0], sq[1]
	   the file and rank it leaves, sq[2], sq[3] those it reaches.  For a
	   move note's short algebraic, which asks it of every legal move
	   (solve/analysis.c): no text written for each. */
	void (*move_squares)(const void *pos, move_t m, int8_t sq[4]);
	/* Where m (legal in pos, not made) comes in the order the game's
	   reference solver prints the moves of pos in (chess: Popeye's, from its
	   move generator), for the writers that print as that solver does: the
	   bits above PRINT_ORDER_MAN_SHIFT the moving man's place in the
	   solver's walk over the board, the bits below the move's place among
	   that man's moves, each the lower printed first.  Optional: NULL (and
	   0) keeps maat's order, by text. */
	uint32_t (*print_order)(const void *pos, move_t m);
};

/* move_facts */
enum {
	MOVE_FACT_CAPTURE = 1,      /* takes a man (own men too) */
	MOVE_FACT_EN_PASSANT = 2,   /* takes en passant: Popeye's "ep." */
	MOVE_FACT_KING_CONTACT = 4, /* a king steps beside the other king:
	                               Popeye plays these first in double
	                               mate's last move (its king contact
	                               generator) */
};

#define PRINT_ORDER_MAN_SHIFT 16 /* print_order: the man's place, then the move's */

/* The registry (registry.c). */
/* The game named id, its case ignored as everywhere a game is named ("maat
   perft --game Chess", "game: Upuaut"); NULL when none is. */
const struct game *game_find(const char *id);
/* The games' ids for a message naming them: "chess, morok, upuaut, tavlei". */
void game_ids(char *buf, size_t len);
const struct game *const *game_all(void); /* NULL-terminated */
/* The game of files that name none (YACPDB entries, Popeye input): orthodox
   chess, the registry's first row. */
const struct game *game_default(void);

/* Generic helpers built on the ops (game_util.c). */
void square_name(int file, int rank, char out[4]);
int square_parse(const char *s, int files, int ranks, int *file, int *rank);
const struct piece_kind *game_piece(const struct game *g, char letter);
/* The side a setup letter belongs to (0 or 1), -1 if the game has no such piece. */
int game_letter_side(const struct game *g, char letter);
/* The letter of the piece with Popeye code `code` (upper case) for `side`, 0 if none. */
char game_popeye_letter(const struct game *g, char code, int side);
/* Is letter the game's royal piece (either side)? */
bool game_is_royal(const struct game *g, char letter);
/* g->move_facts, or its default (a capture when is_capture). */
unsigned game_move_facts(const struct game *g, const void *pos, move_t m);

/* An empty board, `side` to move, no castling, no en passant, move 1: what
   the composer places men on, get_setup fills, and the tests start from. */
void setup_blank(struct setup *s, int side);

/* The rights the game's convention gives the men of s where they stand (a
   king and rook at home may castle: Popeye's convention), as setup.castling
   writes them ("KQk"), "" when none or the game has no castling. */
void game_usual_castling(const struct game *g, const struct setup *s, char out[8]);
/* The castling right written `right` ('K'), NULL when the game has none. */
const struct castling_right *game_castling_right(const struct game *g, char right);

/* Check every row of the registry once (main, tests): piece tables, sizes,
   sides.  0, or -1 with the first fault in err. */
int games_check_registry(char *err, size_t errlen);

#endif
