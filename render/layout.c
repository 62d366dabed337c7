/*
** layout.c -- where everything goes, as numbers; and the drawing order.
**
** Sizes follow the printed diagrams measured in the research notes: a frame
** of a thick outer and a thin inner line, caption text at an absolute size
** (it does not shrink with the board).  In PNG everything that makes an edge
** is snapped to whole pixels so lines stay crisp.
*/
#include <math.h>
#include <string.h>

#include "render_int.h"

static double clamp(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static double px(bool png, double v, double min)
{
	if (v < min)
		v = min;
	return png ? round(v) : v;
}

void render_square_xy(const struct render_layout *l, bool flip, int file, int rank, double *x,
                      double *y)
{
	int col = flip ? l->files - 1 - file : file;
	int row = flip ? rank : l->ranks - 1 - rank;
	*x = l->bx + col * l->sq;
	*y = l->by + row * l->sq;
}

static void add_text(struct render_layout *l, const char *text, enum render_font f, double size,
                     double x, double y)
{
	struct render_text *t = &l->text[l->ntext++];
	t->text = text;
	t->font = f;
	t->size = size;
	t->x = x;
	t->y = y;
}

void render_layout(struct render_ctx *ctx, const struct diagram *d, const struct render_opts *o,
                   struct render_layout *l)
{
	bool png = o->snap;
	double w = o->size > 0 ? o->size : render_default_size(o->format);
	const struct game *g = d->game;

	memset(l, 0, sizeof *l);
	l->files = g->files;
	l->ranks = g->ranks;
	if (o->style == STYLE_WEB) {
		l->frame_out = px(png, 0.012 * w, png ? 2 : 0.8);
	} else {
		l->frame_out = px(png, 0.012 * w, png ? 2 : 1.0);
		l->frame_gap = px(png, 0.009 * w, png ? 2 : 0.8);
		l->frame_in = px(png, 0.004 * w, png ? 1 : 0.4);
	}
	double ft = l->frame_out + l->frame_gap + l->frame_in;
	l->sq = (w - 2 * ft) / g->files;
	if (png)
		l->sq = floor(l->sq);
	if (l->sq < 1)
		l->sq = 1;
	l->frame_w = g->files * l->sq + 2 * ft;
	l->frame_h = g->ranks * l->sq + 2 * ft;

	/* Magazine text is ~9 pt beside a 45 mm board; big boards (web) get
	   bigger text, but slower than the board grows.  The same rule for
	   pixels and points, so a PNG and a PDF of one size match. */
	l->text_size = clamp(0.07 * w, png ? 10 : 7, w * 0.04 > 14 ? w * 0.04 : 14);
	l->coord_size = 0.8 * l->text_size;
	double ts = l->text_size, line = 1.25 * ts;
	double margin = px(png, 0.9 * ts, 2);
	double coord_w = o->coords ? px(png, 1.3 * l->coord_size, 0) : 0;
	double coord_h = o->coords ? px(png, 1.5 * l->coord_size, 0) : 0;
	bool caption = !o->no_caption;

	/* Width: the framed board (with room for coordinates on both sides, so
	   it stays centred) or the widest caption line. */
	double inner = l->frame_w + 2 * coord_w;
	double below_w = 0;
	if (caption) {
		for (int i = 0; i < d->nhead; i++) {
			double tw = render_text_width(ctx, d->head_font[i], ts, d->head[i]);
			if (tw > inner)
				inner = tw;
		}
		below_w = render_text_width(ctx, FONT_REGULAR, ts, d->stip) + ts +
		          render_text_width(ctx, FONT_REGULAR, ts, d->count);
		if (below_w > inner)
			inner = below_w;
	}
	l->width = inner + 2 * margin;
	if (png)
		l->width = ceil(l->width);
	l->frame_x = px(png, (l->width - l->frame_w) / 2, 0);

	/* Top to bottom: heading lines, board, coordinates, stipulation line. */
	double y = margin;
	if (caption) {
		for (int i = 0; i < d->nhead; i++) {
			double tw = render_text_width(ctx, d->head_font[i], ts, d->head[i]);
			add_text(l, d->head[i], d->head_font[i], ts,
			         l->frame_x + (l->frame_w - tw) / 2, y + 0.9 * ts);
			y += line;
		}
		if (d->nhead)
			y += 0.35 * ts;
	}
	l->frame_y = px(png, y, 0);
	l->bx = l->frame_x + ft;
	l->by = l->frame_y + ft;
	y = l->frame_y + l->frame_h + coord_h;
	if (caption) {
		double left = l->frame_x, right = l->frame_x + l->frame_w;
		if (below_w > l->frame_w) {
			left = l->frame_x + (l->frame_w - below_w) / 2;
			right = left + below_w;
		}
		double base = y + 0.55 * ts + 0.9 * ts;
		add_text(l, d->stip, FONT_REGULAR, ts, left, base);
		add_text(l, d->count, FONT_REGULAR, ts,
		         right - render_text_width(ctx, FONT_REGULAR, ts, d->count), base);
		y = base + 0.3 * ts;
	}
	l->height = y + margin;
	if (png)
		l->height = ceil(l->height);
}

void render_draw(struct render_ctx *ctx, cairo_t *cr, const struct diagram *d,
                 const struct render_layout *l, const struct render_opts *o)
{
	struct palette pal;
	render_palette(o, l, &pal);
	if (!o->transparent) {
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_rectangle(cr, 0, 0, l->width, l->height);
		cairo_fill(cr);
	}
	render_board(ctx, cr, d, l, o, &pal);
	render_marks(cr, d, l, o);
	render_pieces(ctx, cr, d, l, o, &pal);
	render_arrows(cr, d, l, o);
	render_coords(ctx, cr, l, o);
	render_caption(ctx, cr, l);
}
