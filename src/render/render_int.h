/*
** render_int.h -- what the render modules share and nobody else needs.
*/
#ifndef MAAT_RENDER_INT_H
#define MAAT_RENDER_INT_H

#include <stdint.h>

#include <cairo.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include "render/render.h"

/* The chess men as FreeSerif draws them: index = "kqrbnp" position. */
#define NMEN 6

/* Ink box of a glyph in em units, y up (FreeType's orientation). */
struct ink_box {
	double x0, y0, x1, y1;
};

/* Buffers of the PNG encoder, reused from one diagram to the next. */
struct png_scratch {
	unsigned char *raw, *out; /* filtered rows, the zlib stream */
	size_t raw_cap, out_cap;
};

/* PNG sprites of the men: [on a dark square][side][kind]; kinds are the six
   chess men, then tafl warrior and tafl king. */
#define SPRITE_KINDS (NMEN + 2)
struct sprites {
	double sq, halo;
	bool hatched;
	enum render_theme theme;
	cairo_surface_t *s[2][2][SPRITE_KINDS];
};

struct render_ctx {
	cairo_font_face_t *face[NFONTS];
	unsigned long man_glyph[2][NMEN]; /* [white, black] glyph indices */
	struct ink_box man_box[2][NMEN];
	cairo_font_options_t *font_opts;
	cairo_surface_t *scratch; /* 1x1 surface for text measurement */
	cairo_t *measure;
	struct png_scratch png;
	cairo_surface_t *hatch_tile; /* PNG hatching of one square of hatch_sq px */
	double hatch_sq;
	struct sprites sprites;
	unsigned char *pixels; /* the PNG canvas, reused */
	size_t pixels_cap;
	/* the first error of a context that measures text or draws a cached
	   tile or sprite (render_note): render_write reports it, as it reports
	   the drawing context's own -- cairo draws nothing after an error */
	cairo_status_t failed;
};

/* Keep cr's error, if it has one and none came before, in ctx->failed. */
void render_note(struct render_ctx *ctx, cairo_t *cr);
/* After a file that failed: ctx as good as new (its measuring context
   out of error, the cached drawings dropped), so that one bad diagram
   does not fail the files after it. */
void render_recover(struct render_ctx *ctx);

struct palette {
	uint32_t light, dark, hatch, frame; /* 0xRRGGBB */
	uint32_t tafl_board, tafl_grid, tafl_special, tafl_cross;
	bool hatched; /* dark squares hatched rather than filled */
	double halo;  /* white halo round men on dark squares, fraction of a square */
};

/* fonts.c */
int render_fonts_load(struct render_ctx *ctx, const char *font_dir, char *err, size_t errlen);
void render_fonts_free(struct render_ctx *ctx);
void render_set_font(const struct render_ctx *ctx, cairo_t *cr, enum render_font f, double size);
double render_text_width(struct render_ctx *ctx, enum render_font f, double size, const char *text);
/* The same for the first n bytes of text. */
double render_text_width_n(struct render_ctx *ctx, enum render_font f, double size,
                           const char *text, size_t n);

/* board.c */
void render_palette(const struct render_opts *o, const struct render_layout *l, struct palette *p);
void render_board(struct render_ctx *ctx, cairo_t *cr, const struct diagram *d,
                  const struct render_layout *l, const struct render_opts *o,
                  const struct palette *pal);
void render_marks(cairo_t *cr, const struct diagram *d, const struct render_layout *l,
                  const struct render_opts *o);
void render_arrows(cairo_t *cr, const struct diagram *d, const struct render_layout *l,
                   const struct render_opts *o);
bool render_square_dark(const struct diagram *d, int file, int rank);

/* scene.c: the side a setup letter belongs to. */
int render_man_side(const struct diagram *d, char letter);

/* pieces.c */
void render_pieces(struct render_ctx *ctx, cairo_t *cr, const struct diagram *d,
                   const struct render_layout *l, const struct render_opts *o,
                   const struct palette *pal);

/* caption.c */
void render_caption_build(struct diagram *d, const struct puzzle *p, int number,
                          const struct render_opts *o);
void render_caption(const struct render_ctx *ctx, cairo_t *cr, const struct render_layout *l);
void render_coords(struct render_ctx *ctx, cairo_t *cr, const struct render_layout *l,
                   const struct render_opts *o);

/* png.c: write an image surface as PNG (zlib, see png.c). */
cairo_status_t render_png_write(struct png_scratch *z, cairo_surface_t *s, FILE *f);
void render_png_scratch_free(struct png_scratch *z);

/* layout.c: greedy word wrap of text into lines no wider than w (a word
   wider than w gets a line of its own); the number of lines (at most max). */
struct render_span {
	int start, len;
};
int render_wrap(struct render_ctx *ctx, enum render_font f, double size, const char *text, double w,
                struct render_span *out, int max);
/* booklet.c: the pages of a PDF booklet on cr (a PDF surface s); -1 and
   why when its diagrams cannot be laid out legibly (nothing drawn then). */
int render_booklet(struct render_ctx *ctx, cairo_surface_t *s, cairo_t *cr, const struct diagram *d,
                   int n, const struct render_opts *o, char *err, size_t errlen);
/* latex.c: the diagrams as a LaTeX document for the diagram package. */
bool render_latex(const struct diagram *d, int n, const struct render_opts *o, FILE *f);
/* output.c: paper sizes in pt. */
void render_paper_size(enum render_paper p, double *w, double *h);

/* layout.c: one whole diagram, its top-left corner at the current origin. */
void render_draw(struct render_ctx *ctx, cairo_t *cr, const struct diagram *d,
                 const struct render_layout *l, const struct render_opts *o);

#endif
