/*
** move_parse.h -- moves as composers, Popeye and magazines write them, read
** against the legal moves of a position (any game, through its interface).
*/
#ifndef MAAT_MOVE_PARSE_H
#define MAAT_MOVE_PARSE_H

#include <stddef.h>

#include "games/game.h"

/*
** Find the legal move spelled `text`: canonical or pretty, Popeye's "*"
** captures, short algebraic ("Sbd2", "exd5", "e8=Q", "e8(Q)"), figurines
** ("♘f3"), piece letters in English (N or S for the knight), German (K D T
** L S B) or French (R D T F C P); marks ('+', '#', '!', '?', "e.p.", a
** stalemate's '=', "[A]" theme letters) ignored.  Short algebraic is read
** in the letters of `lang` (an enum popeye_language) first, then in the
** other two; game_parse_move reads English first.  The letters come from
** Popeye's tables and the game's piece table (its Popeye codes), so a
** game gets every language for its pieces that Popeye names.  Returns
** MOVE_NONE and fills err (a move that is not legal, or ambiguous) if none.
*/
move_t game_parse_move(const struct game *g, void *pos, const char *text, char *err, size_t errlen);

/* Do the n bytes at t look like a move as people write one: a square name
   somewhere ("e4", "Sbd2", "d1-d4xc4"; files a to i, ranks 1 to 9), or
   castling ("0-0", "O-O", "o-o")?  (The claim reader's test of a word.) */
bool notation_looks_like_move(const char *t, size_t n);
/* The bytes of an en passant sign that ends the n bytes at t glued to a
   move's square ("g5*f6ep.": 3; "e.p.", "ep.", "e.p", "ep"), 0 if none. */
size_t notation_ep_glued(const char *t, size_t n);
/* Is the word of n bytes an en passant sign ("ep.", "e.p.", any case)? */
bool notation_is_ep_sign(const char *t, size_t n);
/* The figurine print uses for a piece's English letter (K Q R B S: the
   white men U+2654 to U+2658, for either side), NULL for a pawn or any
   other letter: what the reader below takes back. */
const char *notation_figurine(char popeye);
move_t game_parse_move_lang(const struct game *g, void *pos, const char *text, int lang, char *err,
                            size_t errlen);
/* The same among the moves[0..n) of pos instead of its legal moves (the
   self-checking last move of Popeye's double mate and counter-mate). */
move_t game_parse_move_among(const struct game *g, void *pos, const char *text, int lang,
                             const move_t *moves, int n, char *err, size_t errlen);
/* When game_parse_move_lang's err says that the text's squares are those
   of a legal move but its piece letter names another man ("Qb5-c6" for
   Kb5-c6): that part, "the man on b5 is a king, not a queen"; else NULL. */
const char *move_parse_wrong_man(const char *err);
/* A piece named at text (a letter of language lang, or a figurine): its
   English Popeye code in *code (0 for a pawn) and its length in bytes, 0
   when text names no piece. */
size_t game_piece_code(const char *text, int lang, char *code);
/* The English Popeye code of the piece that makes move m (legal in pos),
   as the game's pretty text names it; 0 for a pawn or a plain man. */
char game_move_code(const struct game *g, void *pos, move_t m);

#endif
