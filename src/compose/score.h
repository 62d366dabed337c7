/*
** score.h -- the composer's quality score (issue 22, part 1): what a
** composition judge looks at first, as points a run can rank problems by.
**
** Two steps, so that each can be tested alone:
**  1. facts about one problem, read from its position, its key and its
**     analysis (score_material, score_key, score_play, score_lines);
**  2. the points those facts are worth (compose_score), feature by feature,
**     each with the words that explain it.
** The points (README "What the score means", maat(1) COMPOSING):
**   economy   +2 miniature (at most 7 men), +1 at most 12 men;
**             -3 an idle man (the problem stays sound with the same key
**             and no fewer different wins without it), each
**   legality  -5 promoted force (chess and Morok, M7: more queens, rooks,
**             knights or bishops of one square colour than the start's
**             without the pawns that could have become them), each man;
**             -5 more men of a kind than the game's start has (no promotion)
**             -5 each capture the pawns' files need (a pawn changes file
**             only by capturing) beyond the men the other side lost, and a
**             check no move gives (three checkers, or two without a line
**             piece): orthodox chess
**   lone king -3 the defending side has nothing but its king (direct play)
**   key       +1 quiet; -3 it captures (T6 in Tavlei); -3 it promotes; -3 it checks (O1, U6)
**             or, in Morok, attacks the king (M2: a king may stand
**             attacked, so the attack is Morok's check); -3 the only legal
**             move; +1 each flight it gives (at most 2), -3 each it takes
**             (at most 2); offers: +1 the defender may take the key's
**             man where it went (a sacrifice; not a king's, not in Morok,
**             whose defender must take it, M5; a castling: the king's
**             square), +1 each check
**             the key lets the defender give that it had not were the
**             solver to pass (games with check), at most 2
**   content   +2 each different win after the key (the threat and each
**             defence's own continuation, different moves; one moved along,
**             the same man answering the same defending man as far from
**             where it went, is the same win: compose_variations), at most 4;
**             men's defences: +1 each variation after a defence by a man
**             other than the king, at most 2; -2 when there are variations
**             and every one follows a king's move (a judge's "king-move
**             mates": the defender's men do nothing);
**             +2 each changed set line (S8), at most 2; +1 each thematic
**             try (refuted by one defence, a refutation no other try has,
**             with play of its own: compose_thematic_try), at most 3;
**             +1 a move of the play that takes the mover's own man
**             (Upuaut U5, Morok M5a)
**   faults    -2 duals before the last move (S5), -1 each defence
**             answered two ways on the last move only, at most -3; -1 one
**             man makes every answer (three different wins or more, one
**             man: the queen mating after every defence); -4 a king run
**             (Tavlei, T8: the key is the king's move and every answer
**             after it the king's too: it runs to the edge alone); -2 a short
**             threat (the threat wins sooner than the stipulation); -2 one win repeated (three
*defences or
**             more, at most one win), else -1 when two defences or three
**             are answered by a move already answering another (or by
**             another's win moved along), -2 from four; -1 each answer that takes the man that has
*just
**             defended (1...Bc1+ 2.Bxc1#), at most -2
** Help and series play (S2, S7) have no key to judge: content is +2 each
** solution ending in a different move (at most 4) when there are several,
** and the fault "one win repeated" -2 when they all end alike.  Orthodox
** chess adds what helpmate composers look for in the mates:
**   model     +2 each solution ending in a model mate, +1 each ending in a
**             pure mate that is not economical, at most 3 of each.  Pure:
**             the king's square and every square of its field guarded once
**             (a double check only when the mate needs both checks), or
**             blocked by the mated side's own man that no man guards;
**             economical: the mate needs every man of the mating side but
**             its king and pawns (without any, no mate).  Model: both.
**   echo      +2 two solutions' pure mates alike: the same men in the same
**             places around kings on other squares (moved, or mirrored
**             left to right)
**   all used  +1 in every solution every man but the kings moves, is taken
**             or takes part in the mate (the mate needs it)
*/
#ifndef MAAT_COMPOSE_SCORE_H
#define MAAT_COMPOSE_SCORE_H

#include <stdbool.h>
#include <stdio.h>

#include "games/game.h"
#include "play/stip.h"
#include "solve/analysis.h"

/* What the score is made of, read from the problem. */
struct score_facts {
	int men[2];          /* men per side, kings included */
	int defender;        /* the defending side (direct play) or the side not
	                        solving: 0 or 1 */
	int promoted;        /* men beyond what the start and promotion allow */
	int overcount;       /* men beyond the start's count, promotion aside */
	int unreachable;     /* chess: captures the pawns' files need beyond the men
	                        the other side lost, and a check no move gives (more
	                        than two checkers, or two without a line piece) */
	bool lone_king;      /* the defender has its king alone */
	int idle;            /* men the problem does not need (the caller's count) */
	bool key_known;      /* battle play: the key facts below are filled */
	bool capture;        /* the key captures */
	bool check;          /* the key checks (or attacks the king: Morok) */
	bool promotion;      /* the key promotes (the man that arrives is another) */
	bool no_check_rule;  /* the game has no check: an attack on the king is said so */
	bool only_move;      /* the key is the only legal move */
	int flights_before;  /* the defending king's moves if the solver passed; -1 unknown */
	int flights_after;   /* the same after the key */
	int flights_taken;   /* squares the king could go to before the key and not after */
	int flights_given;   /* squares it can go to after the key and not before */
	bool key_rescues;    /* the key moves a man the defender could take */
	bool key_king;       /* the key moves the solver's king, in a game where the
	                        king wins by reaching the edge (profile: king_off_edge,
	                        Tavlei T8) */
	bool key_set_win;    /* the key is a win of the set play played at once */
	bool key_sacrifice;  /* the defender may take the key's man (not a king) where it
	                        went; not in Morok, where it must (M5) */
	int checks_allowed;  /* games with check: the defender's checks after the key that
	                        it had not were the solver to pass */
	int capture_answers; /* games with check: different answers (the threat's
	                        and the variations') that capture a man */
	int wins;            /* different wins after the key (battle) or different
	                        last moves of the solutions (lines) */
	int variations;      /* battle play: the variations among the wins */
	int man_wins;        /* battle play: variations after a defence by a man
	                        other than the defending king (the caller's count:
	                        compose_variations_by_men) */
	int winning_men;     /* battle play: different men making the solver's
	                        answers (the threat's and the variations') */
	int dual_defences;   /* battle play: defences answered more than one way */
	int defences;        /* defences shown after the key (not covered) */
	int solutions;       /* line play: solutions */
	int set_changed;     /* set play lines (S8) the key changes */
	int set_kept;        /* ... and those it keeps, answered as before */
	bool threat;         /* battle play: the key threatens (not a zugzwang) */
	int tries;           /* tries listed */
	int thematic_tries;  /* tries with one refutation that no other try has and
	                        play of their own (compose_thematic_try) */
	int repeats;         /* battle play: defences shown answered by a move that
	                        already answers another, or by another's win moved
	                        along (compose_variations) */
	int capture_wins;    /* battle play: answers taking the man that just defended */
	bool self_capture;   /* a move of the play takes its mover's own man */
	int shut_in;         /* battle play, a game where a side with no move loses
	                        (profile: moves_are_flights): the defender's men, its
	                        king aside, that could move were the solver to pass
	                        and have no move after the key */
	unsigned themes;     /* battle play: the game's own captures in the wins
	                        after the key (SCORE_THEME_ bits; profile:
	                        enclosure_themes) */
	int king_captures;   /* ... and its different wins (moves) among them
	                        that take the enemy king (T7) */
	bool king_runs;      /* battle play, a game whose king wins on the edge
	                        (king_off_edge, T8): every answer after the key
	                        (the threat's moves and each shown defence's) is
	                        the solver's king's own move */
	int model_mates;     /* line play, chess: solutions ending in a model mate */
	int pure_mates;      /* ... in a pure mate that is not economical */
	bool echo;           /* two of those mates alike elsewhere on the board */
	bool all_used;       /* every man moves, is taken or takes part in each mate */
	int duals;           /* duals before the last move */
	int last_duals;      /* duals on the last move */
	bool short_threat;   /* the threat wins in fewer moves than it should */
	bool lines;          /* help or series play */
	bool direct;         /* direct play: a lone king of the defender matters */
};

enum score_feature {
	SF_ECONOMY = 0,
	SF_IDLE,
	SF_LEGALITY,
	SF_LONE_KING,
	SF_KEY,
	SF_FLIGHTS,
	SF_KEY_OFFERS,
	SF_WINS,
	SF_MEN_DEFENCES,
	SF_SET_PLAY,
	SF_TRIES,
	SF_THEME,
	SF_MODEL,
	SF_ECHO,
	SF_ALL_USED,
	SF_DUALS,
	SF_SHORT_THREAT,
	SF_REPEATED,
	SF_ONE_WINNER,
	SF_CAPTURE_WINS,
	SF_OBVIOUS_KEY,
	SF_CAPTURE_MATES,
	SF_SHUT_IN,
	SF_ENCLOSURE,
	SF_KING_CAPTURES,
	SF_KING_RUN,
	SF_COUNT
};

/* The game's own captures (Tavlei T6, T7) a win may show: a man taken by
   enclosure against the board's edge, against the throne, against or by
   the armed king; the king taken on four sides, or on three against the
   throne. */
enum score_theme {
	SCORE_THEME_EDGE = 1,
	SCORE_THEME_THRONE = 2,
	SCORE_THEME_ARMED_KING = 4,
	SCORE_THEME_KING_FOUR = 8,
	SCORE_THEME_KING_THRONE = 16,
	SCORE_THEMES = 5
};

/* A feature's reason: room for the longest, legality's four counts. */
#define SCORE_WHY 112

struct score_item {
	int points;
	char why[SCORE_WHY]; /* "6 men: miniature"; empty when the feature says nothing */
};

struct compose_score {
	int total;
	struct score_item item[SF_COUNT];
	const char *keywords[SF_COUNT]; /* the keywords the features earn (static) */
	int nkeywords;
};

/* The position of setup s without its man on (f, r) into t and pos: false
   when (f, r) holds no man or a king (kings stay: economy never removes
   one), or the game refuses the position without it.  Economy, idle men
   and the tests of both try each man this way. */
bool compose_without_man(const struct game *g, const struct setup *s, int f, int r, struct setup *t,
                         void *pos);

/* A feature's name as the YAML comment and the JSON write it ("economy"). */
const char *score_feature_name(enum score_feature f);

/* Men, promoted force, more men than the start allows, a lone king.  pos:
   the problem's position; defender: the side that does not solve. */
void score_material(const struct game *g, const void *pos, int defender, struct score_facts *f);

/* The key (battle play): capture, check or attack on the king, only move,
   flights.  pos: the problem's position, the solver to move. */
void score_key(const struct game *g, const void *pos, move_t key, struct score_facts *f);

/* The defending king's flights in pos (the solver to move): its moves
   were the solver to pass; -1 in a game without a pass. */
int score_flights(const struct game *g, const void *pos);
/* score_flights(g, pos) > 0, answered at the first flight; `men`: pos's
   men as a grid when the caller has it (the placement's), else NULL. */
bool score_has_flight(const struct game *g, const void *pos, const struct setup *men);

/* Is the king of the side to move attacked in pos: chess's and Upuaut's
   check, Morok's king attacked (M2-M3)?  false in a game with neither
   (Tavlei). */
bool score_mover_attacked(const struct game *g, const void *pos);

/* The game's own captures (SCORE_THEME_ bits) that move m shows in pos
   (its mover to move): 0 in a game whose profile has none
   (enclosure_themes). */
unsigned score_move_themes(const struct game *g, const void *pos, move_t m);

/* The play after the key (battle play, a solution tree): wins, duals,
   threats, set play, tries, self-captures.  n: the stipulated moves;
   variations: the tree's variations (compose_variations). */
void score_play(const struct game *g, const void *pos, const struct analysis *a, int n,
                int variations, struct score_facts *f);

/* A mate's picture: the mated king's square and the men of the mate
   around it (the mating side's men that guard its field, the mated side's
   that block it), as files and ranks from the king. */
#define MATE_PICTURE_MEN 32
struct mate_picture {
	int kf, kr, n;
	char man[MATE_PICTURE_MEN];
	signed char dx[MATE_PICTURE_MEN], dy[MATE_PICTURE_MEN];
};

enum mate_kind { MATE_NONE = 0, MATE_PLAIN, MATE_PURE, MATE_MODEL };

/* The mate in pos (the mated side to move) as score.h's "model" defines
   it; MATE_NONE when pos is no mate or the game is not orthodox chess
   (pic then empty). */
enum mate_kind score_mate(const struct game *g, const void *pos, struct mate_picture *pic);

/* Are a and b echoes: the same picture around kings on different squares,
   moved or mirrored left to right? */
bool score_echo(const struct mate_picture *a, const struct mate_picture *b);

/* Help and series play: solutions and their different last moves, the
   kind of each final mate, echoes, whether every man is used. */
void score_lines(const struct game *g, const void *pos, const struct analysis *a,
                 struct score_facts *f);

/* Is try t of a thematic (issue 22: the tries a judge reads): refuted by
   one defence that refutes no other try, with play of its own -- a threat
   or an answer to a defence that the key's play has nowhere -- and not an
   earlier try moved along (the same man further the same way, refuted by
   the same man landing as far from it).  The composer
   prints and scores only these. */
bool compose_thematic_try(const struct game *g, const struct analysis *a, int t);

/* The points of the facts. */
void compose_score(const struct score_facts *f, struct compose_score *s);

/* "12 = economy +2 (6 men: miniature), key +1 (quiet), ..." */
void compose_score_text(const struct compose_score *s, char *buf, size_t len);

/* {"total":12,"features":[{"name":"economy","points":2,"why":"6 men: miniature"},...]} */
void compose_score_json(FILE *f, const struct compose_score *s);

#endif
