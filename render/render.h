/*
** render.h -- problem diagrams (PNG, SVG, PDF) drawn with cairo.
**
** A command renders in three steps, so that nothing is written before every
** input has been checked:
**   1. render_ctx_new() once: loads and checks the fonts (FreeSerif);
**   2. render_diagram_build() for each puzzle: the scene as data -- board
**      setup, caption strings, arrows, marks; errors here are the user's;
**   3. render_write() per output file: lays out, draws, writes atomically.
** The layout (render_layout) is plain numbers, so tests can check geometry
** without looking at pixels.
*/
#ifndef MAAT_RENDER_H
#define MAAT_RENDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "game.h"
#include "puzzle.h"

struct render_ctx;

enum render_format { RENDER_PNG, RENDER_SVG, RENDER_PDF };
enum render_style { STYLE_PRINT, STYLE_WEB, STYLE_GREY };
enum render_arrows { ARROWS_NONE, ARROWS_KEY, ARROWS_SOLUTION };
enum render_theme { THEME_SEED, THEME_CLASSIC };

struct render_opts {
	enum render_format format;
	double size; /* board width with its frame: px (PNG) or pt; 0 = default */
	bool snap;   /* pixel layout: whole units for edges (PNG, or a px size) */
	enum render_style style;
	enum render_arrows arrows;
	enum render_theme theme; /* tafl men: seed colours or black/white */
	bool coords, flip, transparent;
	bool no_caption;
	const char *marks; /* "e4,d5" or NULL */
	int per_page;      /* PDF: diagrams per A4 page; 0 = one fitted page each */
	FILE *warn;        /* soft problems (unreadable solution): NULL = quiet */
};

/* Default board width when opts.size is 0: 300 px, or 45 mm in pt. */
double render_default_size(enum render_format f);
/* "300", "300px", "60mm", "170pt": -1 and a message if it does not fit f.
   A px size (always for PNG) asks for a pixel-snapped layout: in SVG the
   unit is then px, in PDF a px is a point (as pdftocairo -r 72 shows it). */
int render_parse_size(const char *text, enum render_format f, double *out, bool *snap, char *err,
                      size_t errlen);
/* Format from a path's extension (.png .svg .pdf, any case); -1 if none. */
int render_format_from_path(const char *path, enum render_format *f);

/* font_dir NULL = the Debian locations of fonts-freefont. */
struct render_ctx *render_ctx_new(const char *font_dir, char *err, size_t errlen);
void render_ctx_free(struct render_ctx *ctx);

/* ---- the scene ---- */

enum render_font { FONT_REGULAR = 0, FONT_BOLD, FONT_ITALIC, NFONTS };

#define RENDER_HEAD_LINES 4
#define RENDER_MAX_ARROWS 32

struct render_arrow {
	int from_file, from_rank, to_file, to_rank;
	int side; /* side that played it */
};

struct diagram {
	const struct game *game;
	struct setup setup;
	bool tafl;                         /* grid board, vector men */
	char head[RENDER_HEAD_LINES][256]; /* above the board */
	enum render_font head_font[RENDER_HEAD_LINES];
	int nhead;
	char stip[128]; /* below, left */
	char count[16]; /* below, right: "(6+5)" */
	struct render_arrow arrows[RENDER_MAX_ARROWS];
	int narrows;
	bool mark[MAX_RANKS][MAX_FILES];
};

/* Build the scene of p (which must have a position).  number > 0 prints the
   diagram number.  Returns -1 with a message for bad --mark squares. */
int render_diagram_build(const struct render_ctx *ctx, const struct puzzle *p, int number,
                         const struct render_opts *o, struct diagram *d, char *err, size_t errlen);
/* Stipulation line: "#2" as written for chess notation, else "White to win in 2"
   with the side to move's name ("South Pharaoh" for caption_style seed). */
void render_stip_text(const struct puzzle *p, char *buf, size_t len);

/* ---- layout (all in output units: px for PNG, pt otherwise) ---- */

struct render_text {
	const char *text; /* points into the diagram the layout was made for */
	enum render_font font;
	double size;
	double x, y; /* left end of the baseline */
};

struct render_layout {
	double width, height; /* the whole diagram */
	double bx, by, sq;    /* squares: top-left corner and square size */
	int files, ranks;
	double frame_out, frame_gap, frame_in;     /* line widths and gap (gap 0: single) */
	double frame_x, frame_y, frame_w, frame_h; /* outer edge of the frame */
	double text_size, coord_size;
	struct render_text text[RENDER_HEAD_LINES + 2];
	int ntext;
};

void render_layout(struct render_ctx *ctx, const struct diagram *d, const struct render_opts *o,
                   struct render_layout *l);
/* Square (file, rank) -> top-left corner, honouring flip. */
void render_square_xy(const struct render_layout *l, bool flip, int file, int rank, double *x,
                      double *y);

/* ---- output ---- */

/* Write n diagrams to path (n > 1 only for PDF), atomically: a temporary file
   in the same directory, renamed at the end, removed on failure. */
int render_write(struct render_ctx *ctx, const struct diagram *d, int n,
                 const struct render_opts *o, const char *path, char *err, size_t errlen);

#endif
