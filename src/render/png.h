/*
** png.h -- PNG files of cairo image surfaces (png.c), compressed by zlib.
*/
#ifndef MAAT_RENDER_PNG_H
#define MAAT_RENDER_PNG_H

#include <stdio.h>

#include <cairo.h>

struct png_scratch;

/* Write s as PNG; dpi > 0: its resolution in a pHYs chunk. */
cairo_status_t render_png_write(struct png_scratch *z, cairo_surface_t *s, double dpi, FILE *f);

#endif
