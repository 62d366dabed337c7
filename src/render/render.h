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
**
** Layer: render -- may use: model.
** The layer of diagrams and booklets drawn with cairo, LaTeX for the diagram package.
*/
#ifndef MAAT_RENDER_H
#define MAAT_RENDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "games/game.h"
#include "model/puzzle.h"

struct render_ctx;

enum render_format { RENDER_PNG, RENDER_SVG, RENDER_PDF, RENDER_TEX };
enum render_style { STYLE_PRINT, STYLE_WEB, STYLE_GREY };
/* ARROWS_KEY: the key maat's solver proved in this run; ARROWS_CLAIMED:
   the file's claimed key; ARROWS_SOLUTION: the claimed main line. */
enum render_arrows { ARROWS_NONE, ARROWS_KEY, ARROWS_SOLUTION, ARROWS_CLAIMED };
/* Tafl men: the seed's colours, or black and white ("print", "classic"). */
enum render_theme { THEME_SEED, THEME_CLASSIC };
/* Dates as sources print them: 1859-03 | 3/1859, 16.8.1894 (diagram.sty) |
   III/1859, 16.VIII.1894 | March 1859 | 1859. */
enum render_date { DATE_NUMERIC, DATE_ISO, DATE_ROMAN, DATE_LONG, DATE_YEAR };
enum render_paper { PAPER_A4, PAPER_LETTER, PAPER_A5 };

struct render_opts {
	enum render_format format;
	double size; /* board width with its frame: px (PNG) or pt; 0 = default */
	double dpi;  /* PNG: its resolution (--dpi, or a --size in a length): the
	                caption set in points at it, a pHYs chunk; 0 = pixels */
	bool snap;   /* pixel layout: whole units for edges (PNG, or a px size) */
	enum render_style style;
	enum render_arrows arrows;
	enum render_theme theme; /* tafl men: seed colours or black/white */
	enum render_date date_style;
	bool coords, flip, transparent;
	bool no_caption;
	bool show_key;     /* a "Key:" line under the board (the proved key) */
	double text_size;  /* caption text in output units; 0 = from the board size */
	const char *marks; /* "e4,d5" or NULL */
	/* PDF booklets: per_page diagrams on each page of `paper`, a header
	   with `title`, page numbers in the footer, the solutions at the end.
	   per_page 0 (and no booklet option): one fitted page per diagram. */
	int per_page;
	bool booklet;
	enum render_paper paper;
	const char *title;
	bool solutions;
	bool solved; /* the solver ran in this run: LaTeX shows C+ / C- */
	FILE *warn;  /* soft problems (unreadable solution): NULL = quiet */
};

/* Default board width when opts.size is 0: 300 px, or 45 mm in pt. */
double render_default_size(enum render_format f);
/* "300", "300px", "60mm", "6cm", "2.5in", "170pt": -1 and a message if it
   does not fit f.  A px size (always for PNG) asks for a pixel-snapped
   layout: in SVG the unit is then px, in PDF a px is a point (as
   pdftocairo -r 72 shows it).  A length for a PNG is pixels at dpi
   (RENDER_PRINT_DPI when dpi is 0). */
#define RENDER_PRINT_DPI 300.0
int render_parse_size(const char *text, enum render_format f, double dpi, double *out, bool *snap,
                      char *err, size_t errlen);
/* Format from a path's extension (.png .svg .pdf .tex, any case); -1 if none. */
int render_format_from_path(const char *path, enum render_format *f);

/* font_dir NULL = the Debian locations of fonts-freefont. */
struct render_ctx *render_ctx_new(const char *font_dir, char *err, size_t errlen);
void render_ctx_free(struct render_ctx *ctx);

/* ---- the scene ---- */

enum render_font { FONT_REGULAR = 0, FONT_BOLD, FONT_ITALIC, NFONTS };

#define RENDER_HEAD_LINES 6  /* above the board: number, authors, source, award */
#define RENDER_FOOT_LINES 16 /* below it: condition, twins, remarks, key */
#define RENDER_LINE 256      /* bytes of one caption line (cut at a character) */
#define RENDER_MAX_ARROWS 32
#define RENDER_MAX_TEXT 64                       /* laid-out lines of one diagram, wrapped */
#define RENDER_MAX_KINDS (MAX_RANKS * MAX_FILES) /* kinds of fairy men on a board */

struct render_arrow {
	int from_file, from_rank, to_file, to_rank;
	int side; /* side that played it */
};

/*
** What maat's solver found for a puzzle in this run (src/render_solve.c
** fills it; render_diagram_build reads it).  NULL or solved = false: the
** solver did not run, and nothing is claimed for the puzzle.
*/
struct render_proof {
	bool solved;       /* every problem of the puzzle (diagram, twins) was judged */
	bool sound;        /* ... and every one is sound: "C+" */
	move_t key;        /* the diagram's key, proved (MOVE_NONE if not sound) */
	char key_text[48]; /* "1.Rg7xg3!" */
	char *solution;    /* the solutions as `maat solve` prints them, twins
	                      labelled "a)" "b)"; malloc'd, NULL if none */
	char *verdict;     /* why not C+ ("cooked: 2 keys"), whole (LaTeX writes it
	                      so; a picture's line cuts it); malloc'd, NULL when sound */
};

/*
** A man as a diagram draws it: one of the orthodox glyphs, a circle or a
** tafl man, for a side or neutral (half white, half black), turned as the
** diagram package turns fairy men (notation/fairy.h: a grasshopper is an
** upside-down queen).  Every writer draws from these.
*/
enum render_side { SIDE_WHITE = 0, SIDE_BLACK = 1, SIDE_NEUTRAL = 2 };
struct render_man {
	char glyph;         /* k q r b n p; c a circle; t a tafl warrior, T the king; 0 none */
	unsigned char side; /* enum render_side (tafl: the game's side) */
	unsigned char turn; /* quarter turns clockwise: enum fairy_turn */
};

/* The caption of a diagram as data: every writer (cairo, SVG text, LaTeX)
   prints these strings, none of them builds its own. */
struct diagram {
	const struct game *game;
	const struct puzzle *puzzle;                 /* what it was built from */
	const struct render_proof *proof;            /* NULL: not solved in this run */
	int number;                                  /* 0: none */
	struct setup setup;                          /* the position, when maat holds it */
	struct render_man man[MAX_RANKS][MAX_FILES]; /* what is drawn on each square */
	bool fairy;                                  /* men maat cannot play: a legend */
	bool tafl;                                   /* grid board, vector men */
	char head[RENDER_HEAD_LINES][RENDER_LINE];   /* above the board */
	/* the same line shortened ("E. E. H. Baird", the year alone), for a
	   booklet's cell it does not fit whole; "" when it has no short form */
	char head_short[RENDER_HEAD_LINES][RENDER_LINE];
	enum render_font head_font[RENDER_HEAD_LINES];
	int nhead;
	char stip[RENDER_LINE]; /* below, left */
	char proved[8];         /* below, right: "C+" (proved in this run) or "" */
	char count[16];         /* below, right: "(6+5)" */
	char foot[RENDER_FOOT_LINES][RENDER_LINE]; /* below the stipulation line */
	char foot_short[RENDER_FOOT_LINES][RENDER_LINE];
	enum render_font foot_font[RENDER_FOOT_LINES];
	int nfoot;
	char title[2 * RENDER_LINE]; /* one line for an SVG <title> */
	struct render_arrow arrows[RENDER_MAX_ARROWS];
	int narrows;
	bool mark[MAX_RANKS][MAX_FILES];
	/* a puzzle that cannot be drawn, listed in its place: the reason */
	bool skipped;
	char reason[RENDER_LINE];
};

/* Build the scene of p (which must have a position).  number > 0 prints the
   diagram number.  Returns -1 with a message for bad --mark squares. */
int render_diagram_build(const struct render_ctx *ctx, const struct puzzle *p, int number,
                         const struct render_opts *o, struct diagram *d, char *err, size_t errlen);
/* The same with what the solver found (proof may be NULL). */
int render_diagram_build_proved(const struct render_ctx *ctx, const struct puzzle *p,
                                const struct render_proof *proof, int number,
                                const struct render_opts *o, struct diagram *d, char *err,
                                size_t errlen);
/* Can p be drawn: a position maat holds, or the men its file sets up
   (fairy men, neutrals, a fairy condition: the solver says unsupported)? */
bool render_drawable(const struct puzzle *p);
/* A puzzle that cannot be drawn, as a placeholder that says why. */
void render_diagram_skipped(const struct puzzle *p, int number, const char *reason,
                            struct diagram *d);

/* ---- caption strings (caption.c), shared by every writer ---- */

/* Stipulation line: "#2" as written for chess notation, else "White to win in 2"
   with the side to move's name ("South Pharaoh" for caption_style seed). */
void render_stip_text(const struct puzzle *p, char *buf, size_t len);
/* "Loyd, Samuel\nHealey, Frederic" (one author a line) -> "Samuel Loyd &
   Frederic Healey". */
void render_authors_text(const char *authors, char *buf, size_t len);
/* The same with the given names as initials: "S. Loyd & F. Healey". */
void render_authors_short(const char *authors, char *buf, size_t len);
/* "7100. feenschach, 01-02, 1965" with the date in style ds ("" if none);
   an id that is no number goes after the name ("maat compose, s2026-c1"). */
bool render_source_number_numeric(const char *number);
/* The source line: "7100. feenschach, 01-02, 1965" with the date in style ds ("" if none). */
void render_source_text(const struct puzzle *p, enum render_date ds, char *buf, size_t len);
/* The source line short: no issue, the year alone ("The Chess Monthly, 1859"). */
void render_source_short(const struct puzzle *p, char *buf, size_t len);
/* A date as the style prints it: "1859-03" -> "3/1859", "III/1859",
   "March 1859"; text that is no date is kept as it is. */
void render_date_text(const char *date, enum render_date ds, char *buf, size_t len);
/* "1859-03-16" -> 1859, 3, 16 (0 for a part not given); false if the text
   is no such date ("1965-1967"). */
bool render_date_parts(const char *date, int *year, int *month, int *day);
/* "1st Prize, Tourney" ("" if none). */
void render_award_text(const struct puzzle *p, char *buf, size_t len);
/* The game's condition line and the rule options the puzzle changes:
   "Tavlei; corners hostile", "Morok chess" ("" for orthodox chess). */
void render_condition_text(const struct puzzle *p, char *buf, size_t len);
/* The same whole, for LaTeX (free() it); NULL when out of memory. */
char *render_condition_whole(const struct puzzle *p);
/* What the fairy men of a puzzle are, as editors print it under the
   board, one kind an entry: "a5, a6: Grasshopper", "f3: Royal Zebra",
   "d4: Neutral Bishop" (the name joined to the squares by a no-break space,
   its words too).  Returns how many (at most max); none when maat holds
   the position (no fairy men). */
int render_legend(const struct puzzle *p, char (*out)[RENDER_LINE], int max);
/* What the colours of the men mean where the game's men are no chess men:
   "Attackers black, defenders white" (tafl; "red" in the seed's theme);
   "" for the chess sets, whose colours say it. */
void render_colours_text(const struct puzzle *p, enum render_theme theme, char *buf, size_t len);
/* Twin i as magazines print it under a diagram: "b) -\u2658e1, #4",
   "c) from b) -Ph2, #5" (model/twin_steps.h); a puzzle whose men maat does
   not hold, with the file's words: "b) Remove e1 Stipulation #4". */
void render_twin_text(const struct puzzle *p, int i, char *buf, size_t len);
/* The same, whole, for a writer of text (LaTeX): a new string (free it; not
   cleaned, see render_clean_text), NULL when out of memory. */
char *render_twin_whole(const struct puzzle *p, int i);
/* Remarks a solver needs: the side to move where it is not the usual one,
   the retro facts ("e.p. possible (f6)", "no castling").  Returns how many
   (at most max) were written to out[][RENDER_LINE]. */
int render_remarks(const struct puzzle *p, char (*out)[RENDER_LINE], int max);
/* Copy at most len-1 bytes of s, cut between characters with an ellipsis
   (textsafe.h), invalid UTF-8, control characters and Unicode
   noncharacters replaced ('?', ' ', U+FFFD): cairo draws nothing of a
   string that is not UTF-8 or holds a noncharacter. */
void render_copy_text(char *buf, size_t len, const char *s);
/* The same cleaning, whole, for a writer of text (LaTeX): a new string
   (free it), NULL when out of memory. */
char *render_clean_text(const char *s);

/* ---- layout (all in output units: px for PNG, pt otherwise) ---- */

struct render_text {
	const char *text; /* points into the diagram the layout was made for */
	int len;          /* bytes of it on this line */
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
	struct render_text text[RENDER_MAX_TEXT];
	int ntext;
};

/* A diagram on its own: the board o->size wide, the caption wrapped
   within the board's width (a word wider than that widens the diagram). */
void render_layout(struct render_ctx *ctx, const struct diagram *d, const struct render_opts *o,
                   struct render_layout *l);
/* The caption's type size beside a board w wide, on its own. */
double render_caption_size(const struct render_opts *o, double w);

/* How a caption may be set to fit a place of its own (a booklet's cell):
   its type size, the width its lines may take (0: the board's), and what
   a line too wide for that may do: take its short form (initials, the year
   alone), and wrap. */
struct render_fit {
	double text_size;
	double text_w;
	bool abbreviate, wrap;
};
/* The layout of d with a board w wide (frame included); false when some
   line of its caption could not be set within fit->text_w as the fit
   allows (it is then set whole, wider). */
bool render_layout_fit(struct render_ctx *ctx, const struct diagram *d, const struct render_opts *o,
                       double w, const struct render_fit *fit, struct render_layout *l);
/* Square (file, rank) -> top-left corner, honouring flip. */
void render_square_xy(const struct render_layout *l, bool flip, int file, int rank, double *x,
                      double *y);

/* ---- output ---- */

/* Write n diagrams to path (n > 1 only for PDF and LaTeX), atomically: a temporary file
   in the same directory, renamed at the end, removed on failure. */
int render_write(struct render_ctx *ctx, const struct diagram *d, int n,
                 const struct render_opts *o, const char *path, char *err, size_t errlen);

#endif
