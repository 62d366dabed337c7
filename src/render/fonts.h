/*
** fonts.h -- FreeSerif, opened from its files (fonts.c): the three caption
** faces and the glyphs of the chess men, checked when loaded, and text
** measured as cairo sets it.  The rest of render/ sets type through these.
*/
#ifndef MAAT_RENDER_FONTS_H
#define MAAT_RENDER_FONTS_H

#include <stddef.h>

#include <cairo.h>

#include "render/render.h"

/* The chess men as FreeSerif draws them: index = "kqrbnp" position. */
#define NMEN 6

/* Ink box of a glyph in em units, y up (FreeType's orientation). */
struct ink_box {
	double x0, y0, x1, y1;
};

struct render_fonts {
	cairo_font_face_t *face[NFONTS];
	unsigned long man_glyph[2][NMEN]; /* [white, black] glyph indices */
	struct ink_box man_box[2][NMEN];
	cairo_font_options_t *font_opts;
	cairo_surface_t *scratch; /* 1x1 surface for text measurement */
	cairo_t *measure;
};

/* font_dir NULL = the Debian locations of fonts-freefont.  -1 and why when
   a face is missing, of another family or lacks a glyph. */
int render_fonts_load(struct render_fonts *fo, const char *font_dir, char *err, size_t errlen);
void render_fonts_free(struct render_fonts *fo);
void render_set_font(const struct render_fonts *fo, cairo_t *cr, enum render_font f, double size);
double render_text_width(const struct render_fonts *fo, enum render_font f, double size,
                         const char *text);
/* The same for the first n bytes of text. */
double render_text_width_n(const struct render_fonts *fo, enum render_font f, double size,
                           const char *text, size_t n);

#endif
