/*
** solution_walk.h -- the walk through a battle-play solution tree that the
** Popeye-like text (solution_text.c) and the magazine format (magazine.c)
** share: after a solving-side move its threats or "zugzwang", then its
** defences; after a defence its continuations.  Each output says how a
** move is written, how duals that end the play are listed and how the
** defences are laid out (one a line, or grouped); the walk decides what
** goes on which line (solution_text.c's top comment).
*/
#ifndef MAAT_SOLUTION_WALK_H
#define MAAT_SOLUTION_WALK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "solve/analysis.h"

struct walk;

struct walk_style {
	/* Node c (a child of parent) as the output writes it, marks after it. */
	void (*move)(const struct walk *w, int parent, int c, char *out, size_t len);
	/* Duals that end the play after defence d (first: the first of them),
	   the line open: printed, the line ended. */
	void (*duals)(struct walk *w, int d, int first, int movenum);
	/* The defences shown after solving-side move id (the line ended), each
	   on its line at depth + 1, with their continuations. */
	void (*defences)(struct walk *w, int id, int movenum, int depth);
	const char *zugzwang; /* after a move that threatens nothing: " zugzwang." */
	/* a lone defence after "zugzwang" numbered, "zugzwang, 1...d3" (else " d3") */
	bool number_after_zugzwang;
};

struct walk {
	FILE *f;
	const struct analysis *a;
	const char *margin; /* before every line */
	const struct walk_style *style;
};

/* A defence shown as a variation: not answered by the threat, no refutation. */
bool walk_shown(const struct tree_node *d);
/* A solving-side move after which nothing is printed: it reaches the goal,
   or nothing follows it. */
bool walk_leaf(const struct tree_node *t);
/* Has solving-side move id (-1: none) play to show: threats or defences? */
bool walk_has_play(const struct analysis *a, int id);
/* Is solving-side move t, with `threats` threats, a waiting move: no
   threat where the search looked for one, and no check (a check threatens
   nothing and waits for nothing)?  Its play is then "zugzwang". */
bool walk_zugzwang(const struct analysis *a, const struct tree_node *t, int threats);
/* A new line of depth `depth` (four columns a level) after the margin. */
void walk_line(const struct walk *w, int depth);
/* "N.X" (node id, a child of parent) and its play; the line is open. */
void walk_solver(struct walk *w, int parent, int id, int movenum, int depth);
/* The continuations after defence d (printed, the line open), the solving
   side's move number movenum. */
void walk_answers(struct walk *w, int d, int movenum, int depth);
/* The play after solving-side move id (printed as move movenum, the line
   open): its defences' lines at depth + 1, its threats' at depth + 2. */
void walk_play_after(struct walk *w, int id, int movenum, int depth);
/* Key k of the analysis, written `first`: "1.X!", its play. */
void walk_key(struct walk *w, int k, const char *first);

#endif
