/*
** puzzle.h -- a problem as read from a file: game, position, stipulation,
** the composer's claimed solution and the metadata a diagram prints.
**
** Loading never stops at the first bad puzzle: each puzzle carries its own
** `error` (file:line:column: message) or `unsupported` reason, and the
** verifier reports it and goes on with the rest of the collection.
**
** Layer: model -- may use: notation.
** The layer of a puzzle as maat holds it, whatever file it came from: position,
** stipulation, twins, duplex, metadata, warnings.
*/
#ifndef MAAT_PUZZLE_H
#define MAAT_PUZZLE_H

#include <stdbool.h>
#include <stddef.h>

#include "games/game.h"
#include "model/options.h"
#include "play/stip.h"

struct popeye_lang; /* notation/popeye_lang.h */

/*
** A twin as in YACPDB's twins: field ("b" -> "Move a1 a2"): a problem of its
** own, with the position and stipulation its twinning makes of the diagram
** (or, "Continued", of the twin before it).  Built only when the diagram
** itself loaded without error or unsupported feature (`twins_ready`).
*/
struct twin {
	char *label;   /* "b", "z1": as the file gives it, whole (YACPDB's z1234567) */
	char *text;    /* verbatim */
	int line, col; /* of the text in the file */
	bool continued;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	bool has_position;
	struct stipulation stip;
	char *error;       /* "file:line:col: twin b): what is wrong" */
	char *unsupported; /* the reason */
	/* Popeye's Duplex: the twin before it (or the diagram) with the other
	   side playing the stipulation: the position has the other side to
	   move, the stipulation is the same ("#2": Black mates in 2; "h#2":
	   White starts and Black mates).  Same label as the problem it
	   doubles; text "Duplex". */
	bool duplex;
};

/*
** A man as the file sets it up, kept for a diagram of a puzzle whose
** position maat cannot hold (a fairy piece, a neutral, a piece attribute, a
** fairy condition): render draws it while the solver says unsupported.
*/
enum { MAN_WHITE = 0, MAN_BLACK = 1, MAN_NEUTRAL = 2 };
struct puzzle_man {
	signed char file, rank;
	unsigned char colour; /* MAN_WHITE, MAN_BLACK, MAN_NEUTRAL */
	char code[3];         /* Popeye's English walk code, lower case: "k", "g", "le" */
	char *attrs;          /* the file's piece attributes ("Royal"), NULL when none */
};

/* The file format a puzzle was read from. */
enum puzzle_format { FORMAT_YAML = 0, FORMAT_POPEYE, FORMAT_EPD, FORMAT_FEN };

struct puzzle {
	/* where it came from */
	char *file; /* path as given */
	int index;  /* 1-based place in the collection */
	int line;   /* line of the document's start (Popeye: its BeginProblem
	               or NextProblem; EPD and FEN: its line) */
	enum puzzle_format format;
	/* the language of the file's words, where its reader knows it (a
	   Popeye file's: its first word, AnfangProblem, DebutProbleme), for
	   the writers that answer in it as Popeye does; NULL: English */
	const struct popeye_lang *lang;

	/* what it is */
	const struct game *game;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	bool has_position;
	struct stipulation stip;
	bool has_stip;

	/* metadata (NULL when absent); strings are UTF-8 as in the file */
	char *title;
	char *authors; /* one author a line: "Loyd, Samuel\nHealey, Frederic"
	                  (an author may hold ';', as a Popeye Author line) */
	char *source;  /* one line: "Illustrated London News, 1858" */
	char *award;   /* one line: "1st Prize, Tourney name" */
	/* the same, part by part (NULL when absent), for captions that print
	   each part in its place (diagram.sty's \source, \issue, \sourcenr...) */
	char *source_name;   /* "The Chess Monthly" */
	char *source_issue;  /* "01-02" (source-id's part before the slash) */
	char *source_number; /* the problem's number there: problemid, or
	                        source-id's part after the slash */
	char *source_date;   /* as written or built: "1859-03", "1858", "1965-1967" */
	char *distinction;   /* "1st Prize" */
	char *tourney;       /* the tourney's name; NULL when absent or ditto */
	char *solution;      /* claimed solution text, verbatim */
	char *intended;      /* YACPDB intended-solutions ("2", "2.1.1.1"), or NULL */
	char *caption_style; /* "seed" or NULL */
	char *rules_text;    /* rule options away from their defaults, for people:
	                        "corners hostile, king-max-move 2"; NULL if none */
	char **keywords;
	int nkeywords;
	/* Popeye options as maat understood them (options.h): those the
	   analysis or the writers use (Defence N, SetPlay, Duplex, ...) and
	   those that make the puzzle unsupported; never the file's text */
	struct puzzle_option *options;
	int noptions;
	struct twin *twins; /* in label order: b, c, ..., z, z1, z2 ... */
	int ntwins;
	bool twins_ready;   /* every twin has its position, error or reason */
	bool zero_position; /* the twins start at a): the diagram is no problem */
	bool half_duplex;   /* Popeye's HalfDuplex: the diagram and every twin hold
	                       their duplex part only (the other side to move) */

	/* what a diagram shows of a puzzle maat cannot hold (NULL, 0 when it
	   holds the position): every man as the file sets it up, and the fairy
	   conditions as the file names them, one line ("Circe; Madrasi") */
	struct puzzle_man *men;
	int nmen;
	char *conditions;

	/* problems found while loading (NULL when none) */
	char *error;       /* "file:line:col: what is wrong" -> verdict error */
	char *unsupported; /* reason -> verdict unsupported */
	bool incomplete;   /* the file says more than the puzzle holds (fairy pieces,
	                      fairy conditions): it cannot be written out (convert) */
	char **warnings;   /* "file:line:col: unknown field 'foo'" */
	int nwarnings;
};

struct collection {
	struct puzzle *items;
	int count;
};

void collection_free(struct collection *c);
/* The memory a loaded collection holds, in bytes (about: what it allocated). */
size_t collection_bytes(const struct collection *c);

/*
** The problems of a puzzle: the diagram and its twins, each checked on its
** own.  puzzle_problem_count() is 1 for a puzzle without (ready) twins;
** puzzle_problem_twin() maps 0..count-1 to -1 (the diagram) or a twin.
*/
int puzzle_problem_count(const struct puzzle *p);
int puzzle_problem_twin(const struct puzzle *p, int i);

/*
** The part of the claimed solution that belongs to a problem (twin -1:
** the diagram), as Popeye writes twins' solutions: "a) 1.Qd4! ... b)
** wKg1-->a1 1.Bc8-a6! ...", "+c)" for a continued twin.  The twinning
** written after the label is skipped.  A solution without labels belongs
** to the diagram alone.  NULL when nothing is claimed; free() the result.
*/
char *puzzle_twin_solution(const struct puzzle *p, int twin);

/*
** The labels of the claimed solution that puzzle_twin_solution() cannot
** give a problem of their own: for each, bad(ctx, at, len, first) with its
** byte offset and length in p->solution ("d)", "+c)"), first the offset of
** the same label's first place when it is given twice, else (size_t)-1.
** Only when the solution has labels, as puzzle_twin_solution reads them.
*/
void puzzle_solution_labels(const struct puzzle *p,
                            void (*bad)(void *ctx, size_t at, size_t len, size_t first), void *ctx);

/* Popeye's piece count "(w+b)" of the position, e.g. "(4+3)"; of the men
   the file sets up when maat does not hold the position, with the neutral
   men third when there are any: "(3+2+1)". */
void puzzle_piece_count(const struct puzzle *p, char *buf, size_t len);
/* Add a man to p->men (the attributes copied); -1 when out of memory. */
int puzzle_add_man(struct puzzle *p, int file, int rank, int colour, const char *code, size_t len,
                   const char *attrs);
/* Add an option to p->options (copied); -1 when out of memory. */
int puzzle_add_option(struct puzzle *p, const struct puzzle_option *o);
/* Add a condition's text to p->conditions ("; " between two); -1 when out
   of memory. */
int puzzle_add_condition(struct puzzle *p, const char *text);
/* Forget p->men (the position is held after all). */
void puzzle_drop_men(struct puzzle *p);
/* Forget p->twins (freed, none left). */
void puzzle_drop_twins(struct puzzle *p);

#endif
