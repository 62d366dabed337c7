/*
** popeye_lang.h -- the words of Popeye's input language in its three
** languages (py-engl.txt, py-deut.txt, py-fran.txt): commands, options,
** twinnings, colours, piece attributes and the orthodox piece codes.
**
** Words are matched as Popeye matches them (its GetUniqIndex): case does
** not matter, and a token may be any prefix of a word that no other word
** of the same list starts with, or a word in full.
**
** Layer: notation -- may use: base, games, play.
** The layer of how problems are written down: Popeye's words in three languages,
** moves read as people write them.
*/
#ifndef MAAT_INPUT_POPEYE_LANG_H
#define MAAT_INPUT_POPEYE_LANG_H

#include <stdbool.h>

enum popeye_language { POPEYE_FRENCH, POPEYE_GERMAN, POPEYE_ENGLISH, POPEYE_LANGUAGES };

/* The commands of a problem (Popeye's InitialTwinToken order). */
enum popeye_command {
	PC_REMARK,
	PC_SSTIPULATION,
	PC_AUTHOR,
	PC_ORIGIN,
	PC_PIECES,
	PC_CONDITION,
	PC_OPTION,
	PC_STIPULATION,
	PC_PROTOCOL,
	PC_SEPARATOR, /* a word of its own in Popeye's table, never a token */
	PC_TITLE,
	PC_LATEX,
	PC_LATEX_PIECES,
	PC_AWARD,
	PC_GAME_ARRAY,
	PC_FORSYTH,
	PC_COUNT
};

/* The words that end a problem or a twin. */
enum popeye_end { PE_END_PROBLEM, PE_NEXT_PROBLEM, PE_TWIN, PE_ZERO_POSITION, PE_COUNT };

/* Popeye's options, in its own order (OptString); what maat does with
   each: model/options.h. */
enum popeye_option {
	PO_DEFENCE,
	PO_SETPLAY,
	PO_WHITE_TO_PLAY,
	PO_VARIATION,
	PO_MOVE_NUMBERS,
	PO_START_MOVE_NUMBER,
	PO_NO_WK,
	PO_DUPLEX,
	PO_NO_BK,
	PO_THREAT,
	PO_NO_THREAT,
	PO_TRY,
	PO_MAX_SOLUTIONS,
	PO_MAX_FLIGHTSQUARES,
	PO_SEARCH,
	PO_MULTI_SOLUTIONS,
	PO_NO_SYMMETRY,
	PO_NON_TRIVIAL,
	PO_KEEP_MATING_PIECE,
	PO_EN_PASSANT,
	PO_NO_BOARD,
	PO_NO_SHORT_VARIATIONS,
	PO_HALF_DUPLEX,
	PO_POST_KEY_PLAY,
	PO_INTELLIGENT,
	PO_MAX_TIME,
	PO_NO_CASTLING,
	PO_QUODLIBET,
	PO_STOP_ON_SHORT,
	PO_BEEP,
	PO_SUPPRESS_GRID,
	PO_WRITE_GRID,
	PO_CASTLING_EXCLUSIVE,
	PO_GOAL_IS_END,
	PO_UNPUBLISHED,
	PO_NULL_MOVES,
	PO_UP_TO_MOVE_NUMBER,
	PO_TRIVIAL_TRIES_AVOID,
	PO_MATES_IN_1,
	PO_COUNT
};

/* Twinnings (Popeye's TwinningString order). */
enum popeye_twinning {
	PT_MOVE,
	PT_EXCHANGE,
	PT_STIPULATION,
	PT_SSTIPULATION,
	PT_ADD,
	PT_REMOVE,
	PT_CONTINUED,
	PT_ROTATE,
	PT_CONDITION,
	PT_POLISH,
	PT_MIRROR,
	PT_SHIFT,
	PT_SUBSTITUTE,
	PT_COUNT
};

enum popeye_colour { PCOL_WHITE, PCOL_BLACK, PCOL_NEUTRAL, PCOL_INVISIBLE, PCOL_COUNT };

#define POPEYE_PIECE_FLAGS 20 /* Royal, Kamikaze, ... (PieSpString) */

/* The orthodox pieces, in the order of the setup letters "KQRBNP". */
#define POPEYE_ORTHODOX 6

struct popeye_lang {
	const char *name; /* "English" */
	const char *begin_problem;
	const char *end[PE_COUNT];
	const char *command[PC_COUNT];
	const char *option[PO_COUNT];
	const char *twinning[PT_COUNT];
	const char *colour[PCOL_COUNT];
	const char *piece_flag[POPEYE_PIECE_FLAGS];
	const char *piece[POPEYE_ORTHODOX]; /* codes of K Q R B N P: "k", "q", ... */
};

const struct popeye_lang *popeye_lang(enum popeye_language l);

/*
** Popeye's matching of a token against a list of n words: the index of
** the word, -1 when no word starts with the token, -2 when the token is
** a prefix of several (and none of them in full).
*/
int popeye_match(const char *const *words, int n, const char *tok);

/* The language whose BeginProblem the token is (a unique prefix of), or -1. */
int popeye_language_of(const char *tok);

/*
** The setup letter ("KQRBNP", upper case) of an orthodox piece code in
** the language ("S" English, "L" German bishop, "C" French knight), case
** ignored; 0 when the code is no orthodox piece.  len is 1 or 2.
*/
char popeye_orthodox_letter(const struct popeye_lang *L, const char *code, int len);
/* The same as Popeye's English code ("KQRBSP": 'S' the knight), 0 when the
   code is no orthodox piece of the language. */
char popeye_orthodox_code(const struct popeye_lang *L, const char *code, int len);

/*
** The other way: an English setup letter of an orthodox man (K Q R B S P,
** N taken for S) as the language writes it, upper case ('L' for the
** bishop in German, 'C' for the knight in French); any other character,
** and any with L NULL, as it is.  The writers' piece letters, kept here
** with the language's codes.
*/
char popeye_piece_letter(const struct popeye_lang *L, char c);

/*
** A twinning of the language in English words, as YACPDB writes twins:
** "zwilling ferner hinzuf weiss Lc4" -> "Continued Add white Bc4" (the
** twinnings and colours in full, piece codes in English).  Words that are
** none of these (squares, stipulations) are kept.  Cut to fit len.
*/
void popeye_twin_english(const struct popeye_lang *L, const char *text, char *out, size_t len);

/*
** The language a text of moves is written in, guessed from what was
** counted in it: words[l], how many of Popeye's words of language l it
** holds (they count three times), and first[c - 'A'], how many moves begin
** with the upper-case letter c.  A letter counts for a language when only
** that language's piece codes have it (Q English; L German; F, C French)
** and N for English (the knight of English short algebraic, where Popeye's
** English writes S); D and T (German and French) count for German unless
** French showed itself.  English when nothing tells.
*/
enum popeye_language popeye_guess_language(const int words[POPEYE_LANGUAGES], const int first[26]);

/* The English name of a fairy piece code ("le": "leo"), NULL when unknown. */
const char *popeye_fairy_name(const char *code, int len);

#endif
