/*
** yaml_tree.h -- what the YAML reader's modules share (src/input/yaml*.c):
** the tree of one document as libyaml's events built it (yaml_stream.c), the
** puzzle being read from it (struct ctx), and the tree's accessors and
** messages (yaml_tree.c: 'file:line:col: message', first error wins).  Not
** for use outside the reader: its entry point is input/load.h's
** puzzle_load_buffer (files come through input_load_file).
**
** The reader's modules, each with one job:
**   yaml_stream.c    the bytes and libyaml's events: encodings, limits, the
**                    tree of each document, syntax errors; one puzzle a document
**   yaml.c           the fields of a puzzle: which field is which, the game,
**                    the stipulation, then each part in its order
**   yaml_meta.c      authors, source, award, comments
**   yaml_position.c  the position (fen:, otn:, algebraic:, board:, to-move:,
**                    castling:, en-passant:) and rules:
**   yaml_board.c     the men of algebraic: and the grid of board:
**   yaml_options.c   options:
**   yaml_twins.c     twins: and the twin labels of the solution
*/
#ifndef MAAT_INPUT_YAML_TREE_H
#define MAAT_INPUT_YAML_TREE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "input/text.h"
#include "model/puzzle.h"
#include "notation/popeye_lang.h"

/* Limits, all documented in maat-puzzle(5); those of every reader
   (file size, puzzles, warnings a puzzle, quotes) are in input/text.h. */
#define MAX_DEPTH 64
#define MAX_SCALAR ((size_t)1 << 20)
#define MAX_PIECES 1000
#define MAX_NODES 100000       /* values in one document: bounds the tree's memory */
#define MAX_DIRECTIVES 100     /* lines starting with '%' before one document */
#define MAX_FILE_WARNINGS 1000 /* per file: 100000 puzzles of 100 would be 10^7 */
#define MAX_TWINS 1000         /* per puzzle: each is a problem to solve */

/* ---- the tree (yaml_stream.c builds it) ---- */

enum ntype { N_SCALAR, N_SEQ, N_MAP };

struct node {
	enum ntype type;
	int line, col;       /* 1-based */
	bool plain, literal; /* scalar style */
	const char *s;       /* scalar text, NUL-terminated */
	size_t len;
	struct node *kids, *last, *next; /* a mapping's kids: key, value, key, ... */
	int n;                           /* kids (a mapping counts pairs) */
};

/* The chunks the nodes of one document are allocated from (yaml_stream.c). */
struct chunk;
struct arena {
	struct chunk *head;
};

struct loader {
	struct text_reader r; /* the file's name as shown, the puzzles, out of memory */
	const char *data;
	size_t len;
	bool stop;
	int ndocs;

	/* the document being read */
	bool in_doc, failed;
	struct arena arena;
	struct node *stack[MAX_DEPTH];
	int depth; /* open collections (counted on while failed) */
	struct node *root;
	int nodes;
	int doc_line;
	char fail[128];
	int fail_line, fail_col;

	/*
	 * Bad UTF-8 (or a control character) at byte `bad`: libyaml would
	 * refuse the whole 16 KiB around it, so only the lines before it are
	 * parsed (`len` ends there) and the document it falls in gets the error.
	 */
	size_t bad;
	char bad_msg[64];
	bool pending;  /* the last document read, held back until we know */
	int nwarnings; /* in the whole file */
};

struct ctx {
	struct loader *L;
	struct puzzle *p;
	bool castling_explicit;   /* fen: or castling: said which rights there are */
	int named_side;           /* the side to move the file names (fen:, otn:,
	                             to-move:), -1 when it names none (algebraic:) */
	bool white_to_play;       /* options: has WhiteToPlay (h#3 read as h#2.5) */
	char option_ep[3];        /* options: EnPassant's square passed, "" none */
	bool duplex, half_duplex; /* options: Duplex, HalfDuplex (duplex.h) */
	const struct node *duplex_at;
	bool some_duplex;      /* options: has Duplex or HalfDuplex (known before the position) */
	const char *duplex_ep; /* the en passant square when it is the duplex parts'
	                          (twin_build): duplex_ep_square, or NULL */
	char duplex_ep_square[sizeof((struct setup *)0)->en_passant];
};

/* ---- the fields of a puzzle (yaml.c) ---- */

enum field {
	F_GAME,
	F_TITLE,
	F_AUTHORS,
	F_SOURCE,
	F_AWARD,
	F_ALGEBRAIC,
	F_FEN,
	F_OTN,
	F_BOARD,
	F_TO_MOVE,
	F_RULES,
	F_STIPULATION,
	F_SOLUTION,
	F_KEYWORDS,
	F_OPTIONS,
	F_TWINS,
	F_CAPTION_STYLE,
	F_CASTLING,
	F_EN_PASSANT,
	F_DATE,
	F_SOURCE_ID,
	F_DISTINCTION, /* YACPDB v1.0 (flat) */
	F_COMMENTS,
	F_INTENDED,
	NFIELDS_USED
};

/* The field names, in enum order; after the used ones, YACPDB fields maat
   reads past (yaml.c). */
#define NFIELDS 37
extern const char *const yr_field_names[NFIELDS + 1];

struct fields {
	const struct node *key[NFIELDS], *val[NFIELDS];
};

/* ---- the tree's accessors and messages (yaml_tree.c) ---- */

/*
** A key twice in one mapping, anywhere in the document (YAML forbids it,
** and a reader that keeps the first or the last would silently drop the
** other).  Sorting makes a mapping of 100000 keys cost n log n, not n^2.
*/
struct dup {
	const struct node *key; /* the second occurrence, earliest in the file */
	char path[128];
};

const char *yr_tname(enum ntype t);
bool yr_is_null(const struct node *n);
/* Absent, null, "" or an empty collection. */
bool yr_is_empty(const struct node *n);
/* printf into a new string kept as it is (a comment's line breaks);
   NULL and L->r.oom when out of memory.  Messages: input_printf. */
char *yr_aprintf(struct loader *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *yr_xstrdup(struct loader *L, const char *s);
/* User text for a message (input_quote) from a C string. */
struct input_quoted yr_quote(const char *s);
/* The first error of the puzzle ("file:line:col: message", input_error);
   at NULL: the puzzle's line. */
void yr_error_at(struct ctx *c, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void yr_error(struct ctx *c, const struct node *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Why maat cannot solve the puzzle (the first reason). */
void yr_unsupported(struct ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void yr_warning(struct ctx *c, const struct node *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void yr_warning_at(struct ctx *c, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* n must be of type t; otherwise an error naming the field. */
bool yr_want(struct ctx *c, const struct node *n, enum ntype t, const char *what);
/* A string field: NULL when absent or null (or after a type error). */
const char *yr_str(struct ctx *c, const struct node *n, const char *what);
/* A string field copied for the puzzle; "" counts as absent. */
char *yr_dup_str(struct ctx *c, const struct node *n, const char *what);
/* Find the value of `key` in mapping m (NULL if absent). */
const struct node *yr_get(const struct node *m, const char *key);
/* The keys of mapping m, which maat reads as field names, are strings. */
bool yr_no_duplicates(struct ctx *c, const struct node *m, const char *prefix);
/* A key twice in one mapping under n, the earliest in the file, into d. */
void yr_find_dup(struct loader *L, const struct node *n, const char *path, struct dup *d);
/* Does a line end at byte i of d (len bytes)? */
bool yr_line_break(const char *d, size_t i, size_t len);
/* Line and column in the file of byte `off` of scalar n's text. */
void yr_scalar_pos(struct ctx *c, const struct node *n, size_t off, int *line, int *col);

/* ---- the parts of a puzzle, each from its fields ---- */

/* yaml_meta.c */
/* A list of strings, or one string: authors, keywords, options. */
int yr_str_list(struct ctx *c, const struct node *n, const char *what, char ***out, int *count);
void yr_free_strs(char **v, int n);
void yr_authors(struct ctx *c, const struct node *n);
void yr_source(struct ctx *c, const struct node *src, const struct node *flat_date,
               const struct node *flat_id);
void yr_award(struct ctx *c, const struct node *aw, const struct node *flat_dist);
void yr_comment_fields(struct ctx *c, const struct node *n);

/* yaml_options.c */
void yr_options(struct ctx *c, const struct node *n);
/* The options: list's EnPassant square (the one passed), "" when none. */
void yr_option_en_passant(const struct node *n, char ep[3]);
/* Does the options: list hold option id (read before the options are)? */
bool yr_has_option(const struct node *n, enum popeye_option id);

/* yaml_board.c: 1 when s is complete, 0 when a piece is unsupported, -1
   on error. */
int yr_build_algebraic(struct ctx *c, const struct node *alg, struct setup *s);
int yr_build_board(struct ctx *c, const struct node *b, struct setup *s);

/* yaml_position.c */
void yr_position(struct ctx *c, const struct fields *f, int to_move);
void yr_rules(struct ctx *c, const struct fields *f);
/* The rules: of a puzzle, already checked by yr_rules(), on a twin's position. */
void yr_rules_on(struct ctx *c, const struct fields *f, void *pos);

/* yaml_twins.c */
void yr_twins(struct ctx *c, const struct node *n);
/* Every twin's position, then Duplex or HalfDuplex, as in Popeye's input. */
void yr_build_twins(struct ctx *c, const struct fields *f);
/* The claimed solution's twin labels checked against the problems. */
void yr_solution_labels(struct ctx *c, const struct node *n);

/* yaml.c: the document's root made into one puzzle (yaml_stream.c). */
void yr_interpret(struct loader *L, const struct node *root);

#endif
