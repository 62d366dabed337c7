/*
** chess_pictures.h -- help play's mate pictures for orthodox chess: every
** way the final mate may look within the moves each side has, enumerated
** once at the root, and the line's positions kept only while one of them
** can still be reached (chess_pictures.c).
*/
#ifndef MAAT_CHESS_PICTURES_H
#define MAAT_CHESS_PICTURES_H

#include <stdbool.h>
#include <stdint.h>

#include "games/game.h" /* enum plan_goal */

struct chess_men; /* chess_mate.h */
struct chess_plan;

/*
** The pictures of a mate by `winner` within wm of its moves and lm of the
** loser's, for the line of `plies` plies from the position whose men are
** `men` (board[sq]: colour * 6 + kind, or 12 for none; castling rights
** from men->castle).  A plan of no picture is a plan: no mate is within
** reach, chess_plan_move refuses every move.  NULL when there are too
** many pictures to be worth it; the caller then searches without.
** stopped(ctx) (NULL: never) is asked every CHESS_PLAN_POLL_STEPS
** placings of the enumeration: true gives it up (NULL), so that a
** search's time limit and Ctrl-C stop it as they stop the search.
** `goal` PLAN_GOAL_STALEMATE: the loser's stalemate instead.  Its
** pictures are the king, what keeps it off each square next to it (no
** checker), and a fate for each other man of the loser's: a role where
** the picture's men immobilise it, or taken by a move of the winner's
** (on a square a winner's man reaches within its spare moves, the man's
** own moves to it counted against the loser's);
** each position of the line is also asked whether the loser's men may all
** be immobilised within the budgets (chess_pictures.c, stale_reachable;
** that alone where the pictures are too many).  PLAN_GOAL_DOUBLE_STALEMATE
** ("=="): the same (a double stalemate is the loser's stalemate too).
** PLAN_GOAL_WIN_OR_STALEMATE ("#="): a mate's plan and a stalemate's, a
** move kept where either keeps it (NULL where the mate's is).
*/
#define CHESS_PLAN_POLL_STEPS 4096
struct chess_plan *chess_plan_new(const struct chess_men *men, const uint8_t board[64], int winner,
                                  int wm, int lm, int plies, enum plan_goal goal,
                                  bool (*stopped)(void *ctx), void *ctx);
void chess_plan_free(struct chess_plan *plan);

/*
** The move from -> to at ply `ply` of the line (made from the position the
** plan holds for that ply), `promo` the kind a pawn becomes (-1: none),
** `taken` the square of the man it takes (-1: none; an en passant capture's
** is not `to`; a castling is the king's move of two squares, its rook
** follows); wm and lm the moves each side has left after it.  Keeps
** for ply + 1 the pictures still within reach and says whether there is
** one.
*/
bool chess_plan_move(struct chess_plan *plan, int ply, int from, int to, int promo, int taken,
                     int wm, int lm);

/* How many pictures the plan holds at the root (tests, measurements). */
long chess_plan_count(const struct chess_plan *plan);

#endif
